#include "collectivematcher.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace strata::analysis {

using store::TimeNs;

namespace {

void measure(MatchedCollective& c)
{
    const TimeNs first = *std::min_element(c.starts.begin(), c.starts.end());
    const TimeNs last = *std::max_element(c.starts.begin(), c.starts.end());
    c.skewNs = last - first;
    c.minDurNs = c.ends[0] - c.starts[0];
    for (size_t i = 0; i < c.starts.size(); ++i) {
        c.waits.push_back(last - c.starts[i]);
        c.minDurNs = std::min(c.minDurNs, c.ends[i] - c.starts[i]);
        // The first of the ranks that started last: ranks are in ascending order.
        if (c.lastRank < 0 && c.skewNs > 0 && c.starts[i] == last)
            c.lastRank = int(c.ranks[i]);
    }
}

} // namespace

std::vector<MatchedCollective> CollectiveMatcher::match(
    const std::vector<std::vector<CommSeries>>& series, const std::vector<TimeNs>& offsets)
{
    // Per (name, channel): each rank's series of it.
    std::map<std::pair<std::string, std::string>, std::vector<const CommSeries*>> byKey;
    for (size_t r = 0; r < series.size(); ++r)
        for (const CommSeries& s : series[r]) {
            auto& slot = byKey[{ s.name, s.channel }];
            slot.resize(series.size(), nullptr);
            slot[r] = &s;
        }
    std::vector<MatchedCollective> out;
    for (const auto& [key, perRank] : byKey) {
        size_t most = 0;
        for (const CommSeries* s : perRank)
            most = std::max(most, s ? s->kernels.size() : size_t(0));
        for (size_t n = 0; n < most; ++n) {
            MatchedCollective c;
            c.name = key.first;
            c.channel = key.second;
            c.ordinal = uint32_t(n);
            for (size_t r = 0; r < perRank.size(); ++r) {
                if (!perRank[r] || perRank[r]->kernels.size() <= n)
                    continue;
                const CommKernel& k = perRank[r]->kernels[n];
                c.ranks.push_back(uint32_t(r));
                c.rows.push_back(k.row);
                c.starts.push_back(k.start - offsets[r]);
                c.ends.push_back(k.end - offsets[r]);
            }
            if (c.ranks.size() < 2)
                continue;
            measure(c);
            out.push_back(std::move(c));
        }
    }
    auto firstStart = [](const MatchedCollective& c) { return *std::min_element(c.starts.begin(), c.starts.end()); };
    std::stable_sort(out.begin(), out.end(),
        [&](const MatchedCollective& a, const MatchedCollective& b) { return firstStart(a) < firstStart(b); });
    for (size_t i = 0; i < out.size(); ++i)
        out[i].index = uint32_t(i);
    return out;
}

std::vector<RankCollectives> CollectiveMatcher::perRank(
    const std::vector<MatchedCollective>& collectives, size_t rankCount)
{
    std::vector<RankCollectives> out(rankCount);
    for (const MatchedCollective& c : collectives) {
        for (size_t i = 0; i < c.ranks.size(); ++i) {
            out[c.ranks[i]].waitNs += c.waits[i];
            ++out[c.ranks[i]].collectives;
        }
        if (c.lastRank >= 0)
            ++out[size_t(c.lastRank)].lastArrivals;
    }
    return out;
}

StragglerVerdict CollectiveMatcher::straggler(
    const std::vector<MatchedCollective>& collectives, const std::vector<RankCollectives>& ranks)
{
    StragglerVerdict v;
    for (size_t r = 0; r < ranks.size(); ++r) {
        if (ranks[r].lastArrivals == 0)
            continue;
        const RankCollectives& best = v.rank < 0 ? ranks[r] : ranks[size_t(v.rank)];
        if (v.rank < 0 || ranks[r].lastArrivals > best.lastArrivals
            || (ranks[r].lastArrivals == best.lastArrivals && ranks[r].waitNs < best.waitNs))
            v.rank = int(r);
    }
    if (v.rank < 0)
        return v;
    v.lastArrivals = ranks[size_t(v.rank)].lastArrivals;
    v.collectives = ranks[size_t(v.rank)].collectives;
    for (const MatchedCollective& c : collectives)
        if (c.lastRank == v.rank)
            for (TimeNs w : c.waits)
                v.othersWaitNs += w; // its own wait there is 0
    return v;
}

} // namespace strata::analysis
