#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace strata::importers::job {

// What one file says about the job it belongs to, read without importing it: Kineto's
// top-level `distributedInfo` (rank, world_size) and the rank its name carries (rank-3,
// rank_3, worker3, x_rank3_y). JobGrouper decides from these whether files are the per-rank
// traces of one job; the rank a loaded store reports (distributedInfo.rank metadata) is the
// same number, so grouping never has to parse a trace.
struct RankProbe {
    std::string path;
    bool readable = false; // opened, and at least one byte decoded
    std::string error; // unreadable or empty: the reason, one line
    uint64_t errorOffset = 0;
    std::string importer; // the importer whose probe takes the file; empty when none does
    std::optional<int64_t> infoRank, worldSize; // distributedInfo
    uint64_t infoOffset = 0; // byte of the "distributedInfo" key in the decompressed input
    std::optional<int64_t> nameRank; // from the file name
    std::string namePattern; // the name up to its rank, the number as N ("worker" -> "workerN")

    // distributedInfo.rank, else the name's.
    std::optional<int64_t> rank() const { return infoRank ? infoRank : nameRank; }

    // Reads the head (1 MiB decompressed); when distributedInfo is not there and the name
    // carries no rank, the whole stream's top level (no parse).
    static RankProbe read(const std::string& path);
    // The rank a file name carries: "rank" then '-' or '_' or nothing, or "worker", then
    // digits (case-insensitive, the last such token wins); *pattern gets the name up to the
    // digits with them as N, so files of one job share it.
    static std::optional<int64_t> rankOfName(const std::string& fileName, std::string* pattern = nullptr);
    // distributedInfo's rank and world_size in a JSON text of one object (an object at the
    // top level, `at` the offset of its opening brace). False when it does not parse.
    static bool readInfo(std::string_view object, std::optional<int64_t>* rank, std::optional<int64_t>* worldSize);
    // Where the top-level key "distributedInfo" is in the head of a JSON object, scanning
    // keys until "traceEvents" (Kineto writes distributedInfo before the events). npos when
    // not there; *reachedEvents tells whether the scan stopped at the events.
    static size_t findInHead(std::string_view head, bool* reachedEvents);
};

} // namespace strata::importers::job
