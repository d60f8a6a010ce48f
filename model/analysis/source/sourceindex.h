#pragma once
#include "sourcelocator.h"
#include <store/eventstore.h>

#include <atomic>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::analysis {

// One line of a source file in the Code Editor's gutter.
struct SourceLine {
    uint32_t line = 0; // 1-based
    uint32_t slices = 0;
    uint32_t instants = 0;
    store::TimeNs totalNs = 0; // sum of the slices' durations (a slice nested in another of the same line counts too)
    uint32_t events() const { return slices + instants; }
};

// A file named by the profile's locations, with its lines that have events.
struct SourceFile {
    std::string path; // normalised (SourceLocator::normalisePath), relative or absolute as written
    uint32_t slices = 0;
    uint32_t instants = 0;
    store::TimeNs totalNs = 0;
    std::vector<SourceLine> lines; // ascending by line, only lines with events
};

// Source line ↔ events, built once per store (on a worker thread, cancellable). Each event
// has at most one location (SourceLocator's priority rules); the index is a CSR: per
// location a sorted list of its slice rows (and one of its instant rows), so a set of lines
// gives its rows by merging a few sorted lists.
//
// Memory: 4 bytes per located slice/instant (the CSR) + 4 bytes per TypeId + 4 bytes per
// ArgSetId (location per type / per arg set, which is also what locationOf() reads: no
// per-event column) + ~40 bytes per distinct (file, line).
class SourceIndex {
public:
    struct Location {
        int32_t file = -1; // index into files()
        uint32_t line = 0;
        bool valid() const { return file >= 0; }
        friend bool operator==(const Location& a, const Location& b) { return a.file == b.file && a.line == b.line; }
    };

    SourceIndex() = default;
    // Replaces the contents. threads: 0 = up to two. Returns false (and leaves the index
    // empty) when cancelled.
    bool build(const store::EventStore& store, const std::atomic<bool>* cancel = nullptr, unsigned threads = 0);

    bool empty() const { return m_files.empty(); }
    const std::vector<SourceFile>& files() const { return m_files; } // sorted by path
    // The file with this path (normalised first); else the only file whose path ends with
    // "/<path>" or that <path> ends with ("/abs/src/model.py" finds "src/model.py"); else -1.
    int findFile(std::string_view path) const;
    const SourceLine* findLine(int file, uint32_t line) const;

    // All slice rows on any of the lines (the union), ascending and unique. Lines without
    // events are ignored.
    std::vector<store::SliceRow> rowsForLines(int file, const std::vector<uint32_t>& lines) const;
    std::vector<store::SliceRow> rowsForLines(std::string_view file, const std::vector<uint32_t>& lines) const
    {
        return rowsForLines(findFile(file), lines);
    }
    std::vector<store::InstantRow> instantsForLines(int file, const std::vector<uint32_t>& lines) const;

    // Click an event → its line. The store must be the one the index was built from.
    Location locationOf(const store::EventStore& store, store::SliceRow row) const;
    Location locationOf(const store::EventStore& store, store::InstantRow row) const;

    uint64_t locatedSlices() const { return m_sliceRows.size(); }
    uint64_t locatedInstants() const { return m_instRows.size(); }
    // Slices + instants located through each origin (index = SourceOrigin).
    uint64_t originCount(SourceOrigin o) const { return m_originCount[size_t(o)]; }
    size_t residentBytes() const;

private:
    static constexpr uint32_t kNone = UINT32_MAX;
    uint32_t locOf(store::TypeId type, store::ArgSetId args) const
    {
        const uint32_t t = m_typeLoc[type.v];
        if (t != kNone || !args.valid() || m_argLoc.empty())
            return t;
        return m_argLoc[args.v];
    }
    void clear();
    // build()'s steps, in order; each bool one is false when it saw the cancel flag.
    struct Build; // the state the steps hand on (sourceindex.cpp)
    void locateTypes(Build& b);
    bool markArgSets(const Build& b, std::vector<std::vector<uint8_t>>& needed) const;
    bool resolveArgSets(Build& b, const std::vector<std::vector<uint8_t>>& needed);
    bool indexSlices(Build& b);
    void indexInstants(Build& b);
    void collectFiles(const Build& b);
    template <typename Row> static std::vector<Row> merge(const std::vector<std::pair<const Row*, const Row*>>& spans);
    // The rows of `lines` in `file` from one of the CSR tables below, in row order.
    template <typename Row>
    std::vector<Row> rowsOfLines(int file, const std::vector<uint32_t>& lines, const std::vector<uint32_t>& offsets,
        const std::vector<Row>& rows) const;

    std::vector<SourceFile> m_files;
    std::vector<std::vector<uint32_t>> m_lineLoc; // per file, per entry of lines: location id
    std::vector<uint32_t> m_locFile, m_locLine; // per location id
    std::vector<uint32_t> m_typeLoc; // per TypeId: location id or kNone
    std::vector<uint32_t> m_argLoc; // per ArgSetId (empty when no arg can hold a location)
    std::vector<uint32_t> m_sliceOffsets; // CSR, per location id + 1
    std::vector<store::SliceRow> m_sliceRows;
    std::vector<uint32_t> m_instOffsets;
    std::vector<store::InstantRow> m_instRows;
    std::unordered_map<std::string, int> m_fileByPath;
    uint64_t m_originCount[7] = {};
};

} // namespace strata::analysis
