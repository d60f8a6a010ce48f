#include "clockaligner.h"
#include "collectivematcher.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

TimeNs ClockAligner::median(std::vector<TimeNs> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    if (v.size() % 2)
        return v[m];
    return v[m - 1] + (v[m] - v[m - 1]) / 2; // sorted: the halved difference rounds down
}

std::vector<TimeNs> ClockAligner::offsets(ClockAlignment alignment, const std::vector<std::vector<CommSeries>>& series,
    const std::vector<std::vector<ProfilerStep>>& steps)
{
    const size_t n = std::max(series.size(), steps.size());
    std::vector<TimeNs> out(n, 0);
    if (n < 2 || alignment == ClockAlignment::Recorded)
        return out;
    if (alignment == ClockAlignment::FirstStep) {
        if (steps[0].empty())
            return out;
        for (size_t r = 1; r < n; ++r)
            if (!steps[r].empty())
                out[r] = steps[r].front().start - steps[0].front().start;
        return out;
    }
    return byCollectiveEnds(CollectiveMatcher::match(series, out), n);
}

std::vector<std::vector<TimeNs>> ClockAligner::endDiffs(
    const std::vector<MatchedCollective>& collectives, size_t rankCount)
{
    std::vector<std::vector<TimeNs>> diffs(rankCount);
    for (const MatchedCollective& c : collectives) {
        if (c.ranks.empty() || c.ranks.front() != 0)
            continue; // the reference (rank index 0 sorts first) does not take part
        for (size_t i = 1; i < c.ranks.size(); ++i)
            if (c.ranks[i] < rankCount)
                diffs[c.ranks[i]].push_back(c.ends[i] - c.ends[0]);
    }
    return diffs;
}

std::vector<TimeNs> ClockAligner::byCollectiveEnds(const std::vector<MatchedCollective>& collectives, size_t rankCount)
{
    std::vector<std::vector<TimeNs>> diffs = endDiffs(collectives, rankCount);
    std::vector<TimeNs> out(rankCount, 0);
    for (size_t r = 1; r < rankCount; ++r)
        if (!diffs[r].empty())
            out[r] = median(std::move(diffs[r]));
    return out;
}

} // namespace strata::analysis
