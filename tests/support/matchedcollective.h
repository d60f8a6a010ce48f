#pragma once
// A MatchedCollective from its ranks' arrivals and ends, with the values CollectiveAnalyzer
// derives from them (waits, skew, shortest duration, last arrival), for the tests that read
// a job's collectives without matching kernels first.
#include <analysis/collectives/collectiveresult.h>

#include <algorithm>
#include <string>
#include <vector>

namespace collectivetest {

inline strata::analysis::MatchedCollective make(std::string name, std::vector<strata::store::TimeNs> starts,
    std::vector<strata::store::TimeNs> ends, std::vector<strata::store::SliceRow> rows = {})
{
    using strata::store::TimeNs;
    strata::analysis::MatchedCollective c;
    c.name = std::move(name);
    c.channel = "stream 7";
    for (uint32_t r = 0; r < starts.size(); ++r)
        c.ranks.push_back(r);
    c.rows = rows.empty() ? std::vector<strata::store::SliceRow>(starts.size()) : std::move(rows);
    const TimeNs first = *std::min_element(starts.begin(), starts.end());
    const TimeNs last = *std::max_element(starts.begin(), starts.end());
    c.skewNs = last - first;
    c.minDurNs = ends[0] - starts[0];
    for (size_t i = 0; i < starts.size(); ++i) {
        c.waits.push_back(last - starts[i]);
        c.minDurNs = std::min(c.minDurNs, ends[i] - starts[i]);
        if (c.skewNs > 0 && starts[i] == last && c.lastRank < 0)
            c.lastRank = int(i);
    }
    c.starts = std::move(starts);
    c.ends = std::move(ends);
    return c;
}

} // namespace collectivetest
