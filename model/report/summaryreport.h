#pragma once
#include "jsonnumber.h"

#include <analysis/summary/summaryresult.h>
#include <store/eventstore.h>

#include <string>

namespace strata::report {

// The Overall Summary (whole trace) or the Current Selection Summary of a window, as
// `strata-cli summary` prints it (text, or --json): per track busy time, utilisation, data
// moved, bandwidth, FLOPs/MFU/HFU, the device scope, counters and import diagnostics. The
// summary docks compute the same TraceSummary (SummaryCalculator), so an export of theirs
// through this class is the CLI's file.
//
// `path` and `format`: the file as named and its format ("chrome-json", ...), written at the
// top; `wholeTrace`: the text says "(whole trace)" after the range. The JSON's "range_ns" is
// relative to the trace start, as --range takes it.
class SummaryReport {
public:
    SummaryReport(const store::EventStore& store, const analysis::TraceSummary& summary, std::string path,
        std::string format, bool wholeTrace);

    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // The facts, the track table (text columns left, numbers right), the device lines (busy and
    // the breakdown line per device), the counter table and the diagnostics.
    std::string text() const;

private:
    const store::EventStore& m_store;
    const analysis::TraceSummary& m_sum;
    const std::string m_path, m_format;
    const bool m_wholeTrace;
};

} // namespace strata::report
