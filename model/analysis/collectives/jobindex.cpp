#include "jobindex.h"
#include "collectiveanalyzer.h"
#include "jobaligner.h"

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/operators/launchindex.h>

namespace strata::analysis {

using store::TrackId;

std::shared_ptr<const JobIndex> JobIndex::build(const store::EventStore& store)
{
    return build(store, nullptr, nullptr);
}

std::shared_ptr<const JobIndex> JobIndex::build(const store::EventStore& s, const LaunchIndex* launches,
    const BreakdownIndex* breakdown, const std::atomic<bool>* cancel)
{
    auto out = std::make_shared<JobIndex>();
    out->m_layout = store::JobLayout::of(s);
    if (!out->m_layout.isJob())
        return out;
    std::unique_ptr<LaunchIndex> ownLaunches;
    if (!launches) {
        ownLaunches = std::make_unique<LaunchIndex>(s, cancel);
        launches = ownLaunches.get();
    }
    std::unique_ptr<BreakdownIndex> ownBreakdown;
    if (!breakdown) {
        ownBreakdown = std::make_unique<BreakdownIndex>(s, launches, BreakdownIndex::kDefaultThresholdNs, cancel);
        breakdown = ownBreakdown.get();
    }
    if (cancel && cancel->load())
        return nullptr;
    std::vector<CollectiveRank> ranks = JobAligner::ranksOf(s, out->m_layout);
    for (CollectiveRank& r : ranks)
        r.launches = launches;
    // The times are aligned already: analysed as recorded, the offsets shown are the ones applied.
    out->m_analysis = CollectiveAnalyzer::analyze(ranks, ClockAlignment::Recorded);
    out->m_analysis.alignment = out->alignment();
    for (size_t i = 0; i < ranks.size(); ++i) {
        const store::JobRank& jr = out->m_layout.ranks()[i];
        out->m_analysis.ranks[i].offsetNs = jr.offsetNs;
        JobRankFigures f;
        f.steps = ProfilerSteps::timesOf(out->m_analysis.steps[i]);
        // The whole trace, as `strata-cli ranks` takes each rank's: every work of the rank
        // lies inside it, so clipping to it changes nothing.
        f.breakdown = breakdown->tracks(ranks[i].tracks, s.extent());
        f.revealTrack
            = ranks[i].tracks.empty() ? (jr.trackCount ? TrackId(jr.trackBegin) : TrackId()) : ranks[i].tracks.front();
        out->m_figures.push_back(f);
    }
    return out;
}

ClockAlignment JobIndex::alignment() const
{
    return alignmentNamed(m_layout.alignment()).value_or(ClockAlignment::Recorded);
}

std::optional<ClockAlignment> JobIndex::alignmentNamed(std::string_view name)
{
    for (ClockAlignment a : { ClockAlignment::Recorded, ClockAlignment::CollectiveEnds, ClockAlignment::FirstStep })
        if (name == clockAlignmentName(a))
            return a;
    return std::nullopt;
}

} // namespace strata::analysis
