#include "clockoffsetcheck.h"
#include "clockaligner.h"

#include <algorithm>
#include <cstdlib>

namespace strata::analysis {

using store::TimeNs;

namespace {

// The summed waits of a collective's ranks when rank k's times are less offsets[k].
TimeNs waitsOf(const MatchedCollective& c, const std::vector<TimeNs>& offsets)
{
    TimeNs last = c.starts[0] - offsets[c.ranks[0]];
    for (size_t i = 1; i < c.ranks.size(); ++i)
        last = std::max(last, c.starts[i] - offsets[c.ranks[i]]);
    TimeNs sum = 0;
    for (size_t i = 0; i < c.ranks.size(); ++i)
        sum += last - (c.starts[i] - offsets[c.ranks[i]]);
    return sum;
}

} // namespace

ClockOffsetHint ClockOffsetCheck::check(
    const std::vector<MatchedCollective>& collectives, size_t rankCount, TimeNs minOffsetNs, double spreadRatio)
{
    ClockOffsetHint out;
    if (rankCount < 2)
        return out;
    const std::vector<std::vector<TimeNs>> diffs = ClockAligner::endDiffs(collectives, rankCount);
    std::vector<TimeNs> offsets(rankCount, 0);
    for (size_t r = 1; r < rankCount; ++r)
        offsets[r] = ClockAligner::median(diffs[r]); // ClockAligner::byCollectiveEnds's
    const std::vector<TimeNs> none(rankCount, 0);
    for (const MatchedCollective& c : collectives) {
        out.waitNs += waitsOf(c, none);
        out.alignedWaitNs += waitsOf(c, offsets);
    }
    for (size_t r = 1; r < rankCount; ++r) {
        std::vector<TimeNs> residuals;
        for (TimeNs d : diffs[r])
            residuals.push_back(std::abs(d - offsets[r]));
        const TimeNs offset = std::abs(offsets[r]);
        const TimeNs spread = ClockAligner::median(std::move(residuals));
        const auto shared = uint32_t(diffs[r].size());
        if (shared >= kMinCollectives && offset >= minOffsetNs && double(offset) >= spreadRatio * double(spread))
            out.ranks.push_back({ uint32_t(r), offsets[r], spread, shared });
    }
    return out;
}

std::vector<ClockOffsetGroup> ClockOffsetCheck::groups(const ClockOffsetHint& hint, size_t most)
{
    std::vector<ClockOffsetRank> sorted = hint.ranks;
    std::stable_sort(sorted.begin(), sorted.end(),
        [](const ClockOffsetRank& a, const ClockOffsetRank& b) { return a.offsetNs < b.offsetNs; });
    std::vector<std::vector<ClockOffsetRank>> runs;
    for (const ClockOffsetRank& r : sorted) {
        if (!runs.empty()) {
            const ClockOffsetRank& prev = runs.back().back();
            const TimeNs tolerance = std::max<TimeNs>(1000, 4 * std::max(prev.spreadNs, r.spreadNs));
            if (r.offsetNs - prev.offsetNs <= tolerance) {
                runs.back().push_back(r);
                continue;
            }
        }
        runs.push_back({ r });
    }
    const bool together = runs.size() > most;
    if (together)
        runs = { sorted };
    std::vector<ClockOffsetGroup> out;
    for (const auto& run : runs) {
        ClockOffsetGroup g;
        g.offsetNs = run[run.size() / 2].offsetNs; // in offset order: the median (upper of two)
        g.minNs = run.front().offsetNs;
        g.maxNs = run.back().offsetNs;
        g.shared = !together;
        for (const ClockOffsetRank& r : run)
            g.indexes.push_back(r.index);
        std::sort(g.indexes.begin(), g.indexes.end());
        out.push_back(std::move(g));
    }
    return out;
}

} // namespace strata::analysis
