#pragma once
#include "latencystats.h"

#include <vector>

namespace strata::analysis {

// Logarithmic histogram bins, for durations with a long tail: linear bins over 1 µs … 646 ms
// put nearly every instance in the first bar. Log bins run from the shortest duration to the
// longest with each bin's end a constant ratio times its start, so every decade gets the same
// share of bars. A log scale has no zero: durations under 1 ns are counted from 1 ns.
class LatencyBinning {
public:
    enum class Scale { Linear, Log };
    // Log bins are the default when the longest duration is more than this many times the
    // shortest one.
    static constexpr double kLogRatio = 100;

    static Scale automatic(store::TimeNs minNs, store::TimeNs maxNs);
    // `bins` bins (1 when all durations are equal) over ascending durations; every duration
    // counts in the one bin with start <= d < end (the last bin also holds its end).
    static std::vector<LatencyBin> logarithmic(const std::vector<store::TimeNs>& sorted, int bins);
};

} // namespace strata::analysis
