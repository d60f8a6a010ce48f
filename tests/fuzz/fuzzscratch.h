#pragma once
// Where a fuzz target puts the bytes it is given: the readers open paths, not buffers (the
// Sophgo importer reads a whole folder), so each input is written to a private folder
// made once per process under $TMPDIR and overwritten by the next input.
#include <cstddef>
#include <cstdint>
#include <string>

namespace strata::fuzz {

class FuzzScratch {
public:
    // The process's folder, made on first use; removed when the process exits.
    static const std::string& dir();
    // Writes `size` bytes to dir()/name (name is a plain file name) and returns its path.
    static std::string write(const std::string& name, const uint8_t* data, size_t size);
    // A sub-folder of dir(), emptied: a folder-format input is laid out in it anew.
    static std::string freshFolder(const std::string& name);
};

} // namespace strata::fuzz
