#include "stragglerrule.h"
#include "findingtext.h"

#include <analysis/collectives/collectivematcher.h>

#include <algorithm>
#include <map>

namespace strata::analysis {

namespace {

// The collectives each of whose arrivals starts inside its rank's window (recorded times).
std::vector<MatchedCollective> inWindows(const JobFindingInputs& in)
{
    const CollectiveAnalysis& a = *in.collectives;
    std::vector<MatchedCollective> out;
    for (const MatchedCollective& c : a.collectives) {
        bool inside = true;
        for (size_t j = 0; j < c.ranks.size() && inside; ++j) {
            const store::TimeRange w = in.ranks[c.ranks[j]].window;
            const store::TimeNs start = c.starts[j] + a.ranks[c.ranks[j]].offsetNs;
            inside = start >= w.start && start < w.end;
        }
        if (inside)
            out.push_back(c);
    }
    return out;
}

// A rank's step time in its window: its steps' summed duration, else the window's length.
store::TimeNs stepTime(const JobFindingInputs& in, size_t rank)
{
    const store::TimeRange w = in.ranks[rank].window;
    store::TimeNs sum = 0;
    for (const ProfilerStep& s : in.collectives->steps[rank])
        if (s.start >= w.start && s.start < w.end)
            sum += s.dur;
    return sum > 0 ? sum : w.duration();
}

} // namespace

RuleOutcome StragglerRule::runJob(const JobFindingInputs& in, const FindingThresholds& t) const
{
    if (in.ranks.size() < 2 || !in.collectives)
        return RuleOutcome::notRun("not a job: one rank");
    if (in.collectives->collectives.empty())
        return RuleOutcome::notRun("no collectives matched across the ranks");
    const std::vector<MatchedCollective> collectives = inWindows(in);
    const std::vector<RankCollectives> perRank = CollectiveMatcher::perRank(collectives, in.ranks.size());
    const StragglerVerdict v = CollectiveMatcher::straggler(collectives, perRank);
    if (v.rank < 0 || v.collectives == 0)
        return RuleOutcome::found({});
    const double lastPct = percent(double(v.lastArrivals), double(v.collectives));
    const double others = double(in.ranks.size() - 1);
    const store::TimeNs meanWait = store::TimeNs(double(v.othersWaitNs) / others);
    double stepSum = 0;
    for (size_t r = 0; r < in.ranks.size(); ++r)
        if (int(r) != v.rank)
            stepSum += double(stepTime(in, r));
    const double meanStep = stepSum / others;
    const double waitPct = percent(double(meanWait), meanStep);
    const double lastThreshold = t.get("straggler.last_arrival_pct");
    const double waitThreshold = t.get("straggler.wait_pct");
    if (lastPct < lastThreshold || waitPct < waitThreshold)
        return RuleOutcome::found({});
    const int64_t rankNo = in.ranks[size_t(v.rank)].rank;
    Finding f;
    f.id = std::string(kId);
    f.rank = rankNo;
    f.title = "Rank " + std::to_string(rankNo) + " arrives last at " + FindingText::percent(lastPct)
        + " of the collectives";
    f.severity = severityOf(waitPct, waitThreshold);
    f.value = lastPct;
    f.threshold = lastThreshold;
    f.unit = "%";
    f.atStakeNs = meanWait;
    std::map<std::string, size_t> names;
    store::TimeNs longest = 0;
    for (const MatchedCollective& c : collectives) {
        if (c.lastRank != v.rank)
            continue;
        ++names[c.name];
        for (size_t j = 0; j < c.ranks.size(); ++j) {
            if (c.waits[j] <= 0)
                continue;
            const JobFindingInputs::Rank& r = in.ranks[c.ranks[j]];
            const store::TimeNs start = c.starts[j] + in.collectives->ranks[c.ranks[j]].offsetNs;
            f.ranges.push_back({ r.store->sliceTrack(c.rows[j]), start, start + c.waits[j], r.rank });
            longest = std::max(longest, c.waits[j]);
        }
    }
    std::stable_sort(f.ranges.begin(), f.ranges.end(),
        [](const FindingRange& a, const FindingRange& b) { return a.end - a.start > b.end - b.start; });
    if (f.ranges.size() > kMaxRanges)
        f.ranges.resize(kMaxRanges);
    for (const auto& [name, n] : names)
        f.operators.push_back(name);
    f.cause = "Rank " + std::to_string(rankNo) + " arrives last at " + std::to_string(v.lastArrivals) + " of its "
        + std::to_string(v.collectives) + " collectives; the other ranks wait for it "
        + FindingText::duration(v.othersWaitNs) + " in all (up to " + FindingText::duration(longest) + " at once), "
        + FindingText::duration(meanWait) + " each on average, " + FindingText::percent(waitPct)
        + " of their step time.";
    f.action = "Find what rank " + std::to_string(rankNo)
        + " does before the collectives that the others do not: more data or work, a slower host or device, a "
          "data-loader stall; balance the work or fix that host.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
