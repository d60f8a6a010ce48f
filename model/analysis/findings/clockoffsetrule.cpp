#include "clockoffsetrule.h"
#include "findingtext.h"

#include <analysis/collectives/clockoffsetcheck.h>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace strata::analysis {

namespace {

// The waits at `c` with rank k's times less offsets[k].
std::vector<store::TimeNs> waitsOf(const MatchedCollective& c, const std::vector<store::TimeNs>& offsets)
{
    store::TimeNs last = c.starts[0] - offsets[c.ranks[0]];
    for (size_t j = 1; j < c.ranks.size(); ++j)
        last = std::max(last, c.starts[j] - offsets[c.ranks[j]]);
    std::vector<store::TimeNs> out;
    for (size_t j = 0; j < c.ranks.size(); ++j)
        out.push_back(last - (c.starts[j] - offsets[c.ranks[j]]));
    return out;
}

// "ranks 4–7 end every collective 1.50 ms after rank 0's; rank 2 ..."
std::string groupsText(const JobFindingInputs& in, const ClockOffsetHint& hint)
{
    std::string out;
    const std::string ref = std::to_string(in.ranks[0].rank);
    const auto when = [](store::TimeNs offset) {
        return FindingText::duration(std::abs(offset)) + (offset > 0 ? " after" : " before");
    };
    for (const ClockOffsetGroup& group : ClockOffsetCheck::groups(hint)) {
        std::vector<int64_t> numbers;
        for (uint32_t index : group.indexes)
            numbers.push_back(in.ranks[index].rank);
        const std::string offset
            = group.shared ? when(group.offsetNs) : "between " + when(group.minNs) + " and " + when(group.maxNs);
        out += out.empty() ? "" : "; ";
        out += numbers.size() > 1 ? "ranks " : "rank ";
        out += FindingText::ranks(numbers);
        out += numbers.size() > 1 ? " end" : " ends";
        out += " every collective ";
        out += offset;
        out += " rank ";
        out += ref;
        out += "'s";
    }
    return out;
}

} // namespace

RuleOutcome ClockOffsetRule::runJob(const JobFindingInputs& in, const FindingThresholds& t) const
{
    if (in.ranks.size() < 2 || !in.collectives)
        return RuleOutcome::notRun("not a job: one rank");
    const CollectiveAnalysis& a = *in.collectives;
    if (a.collectives.empty())
        return RuleOutcome::notRun("no collectives matched across the ranks");
    const double offsetUs = t.get("clock-offset.offset_us");
    const ClockOffsetHint hint = ClockOffsetCheck::check(
        a.collectives, in.ranks.size(), store::TimeNs(offsetUs * 1000), t.get("clock-offset.spread_ratio"));
    if (!hint.suspected())
        return RuleOutcome::found({});
    std::vector<store::TimeNs> offsets(in.ranks.size(), 0);
    store::TimeNs largest = 0, spread = 0;
    std::vector<int64_t> numbers;
    for (const ClockOffsetRank& r : hint.ranks) {
        offsets[r.index] = r.offsetNs;
        largest = std::max(largest, std::abs(r.offsetNs));
        spread = std::max(spread, r.spreadNs);
        numbers.push_back(in.ranks[r.index].rank);
    }
    Finding f;
    f.id = std::string(kId);
    f.title = std::string(numbers.size() > 1 ? "The clocks of ranks " : "The clock of rank ")
        + FindingText::ranks(numbers) + (numbers.size() > 1 ? " look" : " looks") + " offset from rank "
        + std::to_string(in.ranks[0].rank) + "'s";
    f.severity = FindingSeverity::Warning; // the times are wrong, not the job: no fix of the run is at stake
    f.value = double(largest) / 1000;
    f.threshold = offsetUs;
    f.unit = "µs";
    const store::TimeNs madeUp = hint.waitNs - hint.alignedWaitNs;
    f.atStakeNs = store::TimeNs(double(std::max<store::TimeNs>(madeUp, 0)) / double(in.ranks.size()));
    std::set<std::string> names;
    for (const MatchedCollective& c : a.collectives) {
        const std::vector<store::TimeNs> recorded = waitsOf(c, std::vector<store::TimeNs>(in.ranks.size(), 0));
        const std::vector<store::TimeNs> aligned = waitsOf(c, offsets);
        for (size_t j = 0; j < c.ranks.size(); ++j) {
            if (recorded[j] <= aligned[j])
                continue;
            names.insert(c.name);
            const JobFindingInputs::Rank& r = in.ranks[c.ranks[j]];
            const store::TimeNs start = c.starts[j] + a.ranks[c.ranks[j]].offsetNs; // as recorded
            f.ranges.push_back({ r.store->sliceTrack(c.rows[j]), start, start + recorded[j], r.rank });
        }
    }
    std::stable_sort(f.ranges.begin(), f.ranges.end(),
        [](const FindingRange& x, const FindingRange& y) { return x.end - x.start > y.end - y.start; });
    if (f.ranges.size() > kMaxRanges)
        f.ranges.resize(kMaxRanges);
    f.operators.assign(names.begin(), names.end());
    std::string groups = groupsText(in, hint);
    groups[0] = 'R'; // "rank ..." or "ranks ..." opens the sentence
    f.cause = groups + ", within " + FindingText::duration(spread) + " once that is taken away (the median over "
        + std::to_string(hint.ranks.front().collectives)
        + " collectives): a clock's offset, where a late rank's lateness varies and its collectives end with the "
          "others'. As the times are, the ranks wait "
        + FindingText::duration(hint.waitNs) + " in all at the collectives; aligned by collective ends, "
        + FindingText::duration(hint.alignedWaitNs) + ": the rest, and any straggler read on it, is the clocks.";
    f.action = "Align by collective ends: the Ranks dock's \"Align by collective ends\" (or its Clocks box), or "
               "--align collectives on the command line.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
