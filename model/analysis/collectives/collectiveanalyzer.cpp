#include "collectiveanalyzer.h"
#include "clockaligner.h"
#include "clockoffsetcheck.h"
#include "collectivematcher.h"
#include "commkernels.h"
#include "htastraggler.h"

namespace strata::analysis {

CollectiveAnalysis CollectiveAnalyzer::analyze(const std::vector<CollectiveRank>& ranks, ClockAlignment alignment)
{
    CollectiveAnalysis out;
    out.alignment = alignment;
    std::vector<std::vector<CommSeries>> series;
    for (const CollectiveRank& r : ranks) {
        series.push_back(CommKernels::of(r));
        out.steps.push_back(ProfilerSteps::of(*r.store, r.trackBegin, r.trackEnd));
    }
    const std::vector<store::TimeNs> offsets = ClockAligner::offsets(alignment, series, out.steps);
    out.collectives = CollectiveMatcher::match(series, offsets);
    out.ranks = CollectiveMatcher::perRank(out.collectives, ranks.size());
    for (size_t r = 0; r < ranks.size(); ++r)
        out.ranks[r].offsetNs = offsets[r];
    out.straggler = CollectiveMatcher::straggler(out.collectives, out.ranks);
    out.straggler.htaRank = HtaStraggler::rankOf(ranks, series, out.steps, offsets);
    out.clockHint = ClockOffsetCheck::check(out.collectives, ranks.size());
    return out;
}

} // namespace strata::analysis
