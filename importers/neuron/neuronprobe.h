#pragma once
#include <string>
#include <string_view>

namespace strata::importers {

// What the Neuron importers' probes look at to tell the formats apart: the first
// significant byte, the first member name of a top-level object, names mentioned in the
// head, and the file name. Plain Chrome traces start with "traceEvents" (or have it early),
// which none of the Neuron probes claim, so they keep going to the Chrome importer.
class NeuronProbe {
public:
    // The first byte after a UTF-8 byte order mark and whitespace; 0 when there is none.
    static char firstChar(std::string_view head);
    // The first member name of a top-level object ("" when the head is no object or the
    // name is not complete in it). Element objects of a top-level array are looked into:
    // [{"Framework_Event": ...}] gives "Framework_Event".
    static std::string firstKey(std::string_view head);
    // Whether "name" (with its quotes) occurs in the head.
    static bool mentions(std::string_view head, std::string_view name);
    // The file's name without folders and without a .gz/.zst/.zstd suffix, lower case.
    static std::string fileName(const std::string& path);
};

} // namespace strata::importers
