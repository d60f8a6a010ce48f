#include "latencybinning.h"

#include <algorithm>
#include <cmath>

namespace strata::analysis {

namespace {
constexpr double kFloorNs = 1; // where a log scale starts when the shortest duration is 0
}

LatencyBinning::Scale LatencyBinning::automatic(store::TimeNs minNs, store::TimeNs maxNs)
{
    const double lo = std::max(kFloorNs, double(minNs));
    return double(maxNs) > kLogRatio * lo ? Scale::Log : Scale::Linear;
}

std::vector<LatencyBin> LatencyBinning::logarithmic(const std::vector<store::TimeNs>& sorted, int bins)
{
    std::vector<LatencyBin> out;
    if (sorted.empty())
        return out;
    const double lo = std::max(kFloorNs, double(sorted.front()));
    const double hi = std::max(lo, double(sorted.back()));
    const int n = hi > lo ? std::max(1, bins) : 1;
    if (n == 1) {
        out.push_back({ lo, hi > lo ? hi : lo + 1, uint64_t(sorted.size()) });
        return out;
    }
    const double logStep = std::log(hi / lo) / n;
    out.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        out[size_t(i)].startNs = i == 0 ? lo : out[size_t(i - 1)].endNs;
        out[size_t(i)].endNs = i + 1 == n ? hi : lo * std::exp(logStep * (i + 1));
    }
    for (store::TimeNs v : sorted) {
        const double d = std::max(lo, double(v));
        auto i = std::clamp(static_cast<int>(std::log(d / lo) / logStep), 0, n - 1);
        // The logarithm may land one bin off at an edge; the edges decide.
        while (i > 0 && d < out[size_t(i)].startNs)
            --i;
        while (i + 1 < n && d >= out[size_t(i + 1)].startNs)
            ++i;
        ++out[size_t(i)].count;
    }
    return out;
}

} // namespace strata::analysis
