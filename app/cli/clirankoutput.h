#pragma once
#include "clijob.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace strata::app {

// How a command that prints per profile prints a job: its output for each rank, in rank
// order, with the rank said once per rank, so that one profile's output stays exactly what
// it was. Text: a heading "== rank N: FILE ==" before each rank's output. JSON:
// {"ranks": [{"rank", "file", then the keys of the profile's object}]}. CSV: one header,
// `rank` as its first column.
class CliRankOutput {
public:
    enum class Format { Text, Json, Csv };
    static Format formatOf(bool json, bool csv) { return json ? Format::Json : csv ? Format::Csv : Format::Text; }
    // Prints one profile (or rank) to `out` and returns its exit status.
    using PrintOne = std::function<int(const CliJob::Rank& rank, std::ostream& out)>;

    // Loads `paths` (loadJobOrReport) and prints them; returns the exit status: 0, 2 when
    // nothing was printed, 3 when a job's member was left out or a rank's print failed.
    static int run(const std::vector<std::string>& paths, Format format, const PrintOne& print);
    // Prints an opened job's ranks, as run() does.
    static int print(const CliJob& job, Format format, const PrintOne& print, std::ostream& out);

    // The CSV `csv` with a first column `rank` holding `rank` on every record (a quoted
    // field may hold line breaks); its header record is dropped unless `withHeader`.
    static std::string csvWithRank(const std::string& csv, const std::string& rank, bool withHeader);
    // The text heading of a rank.
    static std::string heading(const CliJob::Rank& rank);
};

} // namespace strata::app
