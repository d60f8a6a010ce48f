#pragma once
#include <store/types.h>

#include <string>
#include <vector>

namespace strata::analysis {

// One histogram bin: [startNs, endNs), the last bin also holds its end.
struct LatencyBin {
    double startNs = 0;
    double endNs = 0;
    uint64_t count = 0;
};

// The latency of one repeated unit (iteration, inference, or a picked operator), as
// Furiosa's print_summary shows it. Percentiles use linear interpolation between the
// closest ranks (numpy's and pandas' default): h = (n - 1) * p, between floor and ceil.
struct LatencyStats {
    std::string unit; // the unit's name (a step name without its "#N")
    bool defaultUnit = false; // picked by LatencyAnalyzer::defaultUnit
    uint64_t count = 0;
    store::TimeNs minNs = 0;
    store::TimeNs maxNs = 0;
    double meanNs = 0;
    double medianNs = 0;
    double p90Ns = 0;
    double p95Ns = 0;
    double p97Ns = 0;
    double p99Ns = 0;
    double p99_9Ns = 0;
    std::vector<LatencyBin> histogram; // linear bins
    std::vector<LatencyBin> logHistogram; // as many bins, on a log scale (LatencyBinning)
    std::vector<store::TimeNs> samples; // each unit's duration, in start order
};

// One line of Furiosa's per-operator table (its inference summary: name, average elapsed, count).
struct OperatorAverage {
    std::string name;
    double averageNs = 0;
    uint64_t count = 0;
};

} // namespace strata::analysis
