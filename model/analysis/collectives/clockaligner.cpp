#include "clockaligner.h"
#include "collectivematcher.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;

namespace {

TimeNs median(std::vector<TimeNs> v)
{
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    if (v.size() % 2)
        return v[m];
    return v[m - 1] + (v[m] - v[m - 1]) / 2; // sorted: the halved difference rounds down
}

} // namespace

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
    std::vector<std::vector<TimeNs>> diffs(n);
    for (const MatchedCollective& c : CollectiveMatcher::match(series, out)) {
        if (c.ranks.front() != 0)
            continue; // the reference (rank index 0 sorts first) does not take part
        for (size_t i = 1; i < c.ranks.size(); ++i)
            diffs[c.ranks[i]].push_back(c.ends[i] - c.ends[0]);
    }
    for (size_t r = 1; r < n; ++r)
        if (!diffs[r].empty())
            out[r] = median(std::move(diffs[r]));
    return out;
}

} // namespace strata::analysis
