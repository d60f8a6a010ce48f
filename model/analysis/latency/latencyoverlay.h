#pragma once
#include "latencybinning.h"
#include "latencystats.h"

#include <vector>

namespace strata::analysis {

// Two latency distributions on one set of bins, so their histograms can be drawn over each
// other (the Latency dock while comparing two profiles): the edges are those
// LatencyAnalyzer::histogram (linear) or LatencyBinning::logarithmic (log) gives for the
// union of both sample sets, and each side is counted into them. Pure; safe on any thread.
class LatencyOverlay {
public:
    struct Bins {
        std::vector<LatencyBin> a, b; // the same edges on both sides; empty when both are
    };
    // Sample sets in any order.
    static Bins bin(std::vector<store::TimeNs> a, std::vector<store::TimeNs> b, LatencyBinning::Scale scale, int bins);
    // Counts ascending `sorted` into the edges of `bins` (their counts are replaced): a value
    // counts in the bin with start <= v < end; the last bin also holds its end, and values
    // outside the edges count in the nearest end bin.
    static void count(std::vector<LatencyBin>& bins, const std::vector<store::TimeNs>& sorted);
};

} // namespace strata::analysis
