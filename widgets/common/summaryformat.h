#pragma once
#include <analysis/summary/summaryresult.h>
#include <store/types.h>

#include <QString>

#include <optional>

namespace strata::widgets {

// Text of the summary docks' numbers, in the summaries' terms; every number goes through
// UnitFormat, so it reads as on the timeline and in the Operator Table ("619 MB",
// "289 GFLOP", "31.7 %"; counts are UnitFormat::count's). Tooltips carry the exact values strata-cli prints.
class SummaryFormat {
public:
    static QString duration(double ns); // UnitFormat::duration of the rounded value
    static QString utilization(double fraction); // 0..1 → "63.04 %" (strata-cli's util%)
    static QString bytes(double bytes); // "619 MB"
    static QString bandwidth(double bytesPerS); // "440.9 GB/s"
    static QString flops(double flops); // "289 GFLOP"
    static QString utilizationMetric(double percent); // an mfu/hfu arg (percent) → "31.7 %"
    static QString counterValue(double v); // UnitFormat::number
    static QString optional(const std::optional<double>& v, QString (*format)(double));

    // A window relative to the trace start: "1.200 ms – 3.400 ms"; both ends to the
    // precision the window's length needs.
    static QString window(store::TimeRange relative);
    // The engine's name as strata-cli prints it: "Engine (+2 overflow)".
    static QString trackName(const analysis::TrackSummaryRow& row);
    // strata-cli's --range argument for a relative window, in ns: "1200000:3400000".
    static QString cliRange(store::TimeRange relative);
};

} // namespace strata::widgets
