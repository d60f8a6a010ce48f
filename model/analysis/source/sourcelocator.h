#pragma once
#include <store/eventstore.h>

#include <string>
#include <string_view>

namespace strata::analysis {

// Where an event's source location was read from (in priority order, see SourceLocator).
enum class SourceOrigin : uint8_t {
    None,
    TypeSource, // the TypeId's source: the Chrome importer's "source":"file.py:123" arg
    SourceArg, // a "source" arg that did not make it into the type (other importers)
    Loc, // "loc": "file:line[:col]"
    FileLine, // "file" + "line" (also "file_path" + "line_number", "filename" + "lineno")
    Nki, // Neuron "nki_source_location" / "bir_debug_info_source_location" (Neuron Explorer columns)
    CallStack, // Kineto "Call stack" (a PyTorch profiler event arg): the innermost user frame
};
const char* sourceOriginName(SourceOrigin o);

// A resolved location: a normalised path (as the profile wrote it) and a 1-based line.
struct SourceLocation {
    std::string file;
    uint32_t line = 0;
    SourceOrigin origin = SourceOrigin::None;
    bool valid() const { return origin != SourceOrigin::None; }
};

// Which arg(s) of a set hold its location, before any text is parsed: the SourceIndex
// caches parsed results by these string ids, so each distinct text is parsed once.
struct SourceArgRef {
    SourceOrigin origin = SourceOrigin::None;
    store::StringId text; // the string holding "file:line" / the call stack / the file path
    int64_t line = -1; // FileLine: the line when numeric, else -1 (then lineText)
    store::StringId lineText; // FileLine: a line given as a string ("12")
    bool valid() const { return origin != SourceOrigin::None; }
};

// Finds an event's source line. Exactly one location per event (so per-line times in the
// gutter add up to the total and nothing is counted twice), chosen in this order:
//   1. the type's source ("file:line[:col]"), set by the Chrome importer from "source";
//   2. args, first that parses: "source", "loc" ("file:line[:col]"); "file"+"line",
//      "file_path"+"line_number", "filename"+"lineno" (a "file" holding "a.py:12" alone
//      also works); NKI "nki_source_location" then "bir_debug_info_source_location" — a
//      string, a list text ("['k.py:10', 'k.py:42']", "k.py:10;k.py:42") or a flattened
//      JSON list ("nki_source_location[0]", ...): the LAST entry, read as the innermost
//      frame of a traceback-ordered (outermost-first) list (inferred; Neuron only documents that
//      the list may hold several entries); Kineto "Call stack" ("f.py(12): fn;g.py(3): <module>",
//      innermost frame first as PyTorch writes it): the innermost USER frame, i.e. the first
//      frame whose file is not library code (isLibraryPath), else the innermost frame.
// Keys are matched exactly (case-sensitive). Immutable after construction: any thread may
// call the const methods.
class SourceLocator {
public:
    explicit SourceLocator(const store::EventStore& store);

    // From the type's source string; invalid when it has none or it does not parse.
    SourceLocation locate(store::TypeId type) const;
    // Which args of the set hold the location (no parsing); invalid when none does.
    SourceArgRef find(store::ArgSetId set) const;
    // The first candidate of a later origin than `after` (to fall through when a text does not parse).
    SourceArgRef find(store::ArgSetId set, SourceOrigin after) const;
    // Parses what find() pointed at.
    SourceLocation resolve(const SourceArgRef& ref) const;
    // find() + resolve(), falling through to the next origin when a text does not parse.
    SourceLocation locate(store::ArgSetId set) const;
    // False when none of the keys above occurs in the profile: args need not be looked at.
    bool anyArgKeys() const { return m_anyKey; }

    // --- text rules, public for tests and the GUI
    // "./a\\b/../c.py" → "a/c.py"; keeps a leading "/" (or "C:/"), drops "file://".
    static std::string normalisePath(std::string_view path);
    // "file:line", "file:line:col", "file(line)" (a Kineto frame without function),
    // "file, line N" (Python tracebacks). The path may contain ':' (C:\x.py:3).
    static bool parseFileLine(std::string_view text, std::string* file, uint32_t* line);
    // One Kineto frame "path(123): func" → path, 123.
    static bool parseStackFrame(std::string_view frame, std::string* file, uint32_t* line);
    // A Kineto "Call stack" value → its innermost user frame (see above).
    static bool innermostUserFrame(std::string_view callStack, std::string* file, uint32_t* line);
    // Library code: "<...>" pseudo files, site-packages / dist-packages, lib/pythonX.Y,
    // /usr/lib, /usr/local/lib, and torch's own files ("torch/nn/modules/module.py").
    static bool isLibraryPath(std::string_view file);
    // The last parseable "file:line" entry of a list text (see above).
    static bool lastListEntry(std::string_view list, std::string* file, uint32_t* line);

private:
    const store::EventStore& m_s;
    store::StringId m_source, m_loc, m_file, m_line, m_filePath, m_lineNumber, m_filename, m_lineno, m_nki, m_bir,
        m_callStack;
    std::vector<store::StringId> m_nkiItems, m_birItems; // "nki_source_location[i]" keys present in the pool
    bool m_anyKey = false;
};

} // namespace strata::analysis
