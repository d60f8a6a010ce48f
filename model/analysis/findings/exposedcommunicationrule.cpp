#include "exposedcommunicationrule.h"
#include "findingtext.h"

namespace strata::analysis {

namespace {

// An engine whose communication runs during the stretch (the first in track order), so the
// range sits on the row that shows the exposed collective; the first engine when none does.
store::TrackId engineDuring(const BreakdownIndex& index, const IntervalSet::Interval& stretch)
{
    for (const BreakdownIndex::Engine& e : index.engines())
        if (e.work.part(WorkIntervals::Communication).measure({ stretch.start, stretch.end }) > 0)
            return e.track;
    return index.engines().front().track;
}

} // namespace

RuleOutcome ExposedCommunicationRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const BreakdownIndex& index = *in.breakdown;
    if (!index.hasDeviceWork() || index.rankWork().part(WorkIntervals::Communication).empty())
        return RuleOutcome::notRun("no communication kernels in this profile");
    const double threshold = t.get("exposed-communication.exposed_pct");
    const BreakdownTimes times = index.rank(in.window);
    const double pct = percent(double(times.commExposedNs), double(times.spanNs));
    if (times.spanNs <= 0 || pct < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = "Communication not hidden behind compute takes " + FindingText::percent(pct) + " of the span";
    f.severity = severityOf(pct, threshold);
    f.value = pct;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = times.commExposedNs;
    for (const IntervalSet::Interval& s : index.rankWork().segmentIntervals(BreakdownSegment::CommExposed, in.window)) {
        if (f.ranges.size() == kStretches)
            break;
        f.ranges.push_back({ engineDuring(index, s), s.start, s.end, -1 });
    }
    const auto overlap = times.commOverlapPct();
    f.cause = "The devices communicate " + FindingText::duration(times.communicationNs) + ", of which "
        + FindingText::duration(times.commExposedNs) + " while no compute runs ("
        + FindingText::percent(overlap ? 100.0 - *overlap : 100.0) + " of the communication is exposed, "
        + FindingText::percent(pct) + " of the " + FindingText::duration(times.spanNs) + " span).";
    f.action = "Overlap communication with compute: bucket gradients so all-reduces start during the backward "
               "pass (DDP bucket_cap_mb, FSDP prefetching), and keep collectives on their own stream.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
