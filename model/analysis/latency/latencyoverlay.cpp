#include "latencyoverlay.h"

#include "latencyanalyzer.h"

#include <algorithm>

namespace strata::analysis {

LatencyOverlay::Bins LatencyOverlay::bin(
    std::vector<store::TimeNs> a, std::vector<store::TimeNs> b, LatencyBinning::Scale scale, int bins)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::vector<store::TimeNs> all;
    all.reserve(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all));
    Bins out;
    out.a = scale == LatencyBinning::Scale::Log ? LatencyBinning::logarithmic(all, bins)
                                                : LatencyAnalyzer::histogram(all, bins);
    out.b = out.a;
    count(out.a, a);
    count(out.b, b);
    return out;
}

void LatencyOverlay::count(std::vector<LatencyBin>& bins, const std::vector<store::TimeNs>& sorted)
{
    for (LatencyBin& bin : bins)
        bin.count = 0;
    if (bins.empty())
        return;
    for (store::TimeNs v : sorted) {
        const double d = double(v);
        // The first bin whose start is past d, minus one: the bin d starts in.
        const auto it = std::upper_bound(
            bins.begin(), bins.end(), d, [](double x, const LatencyBin& bin) { return x < bin.startNs; });
        const size_t i = it == bins.begin() ? 0 : size_t(it - bins.begin()) - 1;
        ++bins[i].count;
    }
}

} // namespace strata::analysis
