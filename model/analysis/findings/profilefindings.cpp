#include "profilefindings.h"
#include "findingrules.h"

#include <store/rankstore.h>

#include <algorithm>
#include <map>

namespace strata::analysis {

namespace {

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load();
}

store::TimeRange clip(store::TimeRange w, store::TimeRange extent)
{
    w = { std::max(w.start, extent.start), std::min(w.end, extent.end) };
    if (w.end < w.start)
        w.end = w.start;
    return w;
}

} // namespace

std::optional<ProfileFindings::Result> ProfileFindings::run(const store::EventStore& store,
    const OperatorCatalog& catalog, const BreakdownIndex& breakdown, const JobIndex* job, store::TimeRange window,
    const FindingThresholds& thresholds, const std::atomic<bool>* cancel)
{
    if (job && job->isJob())
        return runJob(store, *job, window, thresholds, cancel);
    Result out;
    Rank r;
    r.extent = store.extent();
    r.result = FindingsEngine::run(store, catalog, breakdown, clip(window, store.extent()), thresholds);
    out.ranks.push_back(std::move(r));
    if (cancelled(cancel))
        return std::nullopt;
    gather(out);
    return out;
}

std::optional<ProfileFindings::Result> ProfileFindings::runJob(const store::EventStore& store, const JobIndex& job,
    store::TimeRange window, const FindingThresholds& thresholds, const std::atomic<bool>* cancel)
{
    Result out;
    JobFindingInputs in;
    const std::vector<store::JobRank>& ranks = job.layout().ranks();
    for (size_t i = 0; i < ranks.size(); ++i) {
        const store::JobRank& jr = ranks[i];
        const std::unique_ptr<store::EventStore> own = store::RankStore::extract(store, jr);
        const OperatorCatalog catalog(*own, cancel);
        if (cancelled(cancel))
            return std::nullopt;
        const BreakdownIndex breakdown(*own, &catalog.launches(), BreakdownIndex::kDefaultThresholdNs, cancel);
        if (cancelled(cancel))
            return std::nullopt;
        Rank r;
        r.rank = jr.rank;
        r.extent = own->extent();
        const store::TimeRange w = clip(window, own->extent());
        r.result = FindingsEngine::run(*own, catalog, breakdown, w, thresholds);
        // Its tracks are the rank's block of the job's store.
        for (Finding& f : r.result.findings) {
            f.rank = jr.rank;
            for (FindingRange& range : f.ranges) {
                range.track = store::TrackId(range.track.v + jr.trackBegin);
                range.rank = jr.rank;
            }
        }
        out.ranks.push_back(std::move(r));
        // The straggler reads windows and gives ranges on the ranks' recorded clocks.
        in.ranks.push_back({ jr.rank, &store, { w.start + jr.offsetNs, w.end + jr.offsetNs } });
    }
    // The job index analysed the aligned store "as recorded": its steps are in aligned times,
    // where the rule reads them on the ranks' recorded clocks (CollectiveAnalysis::steps), as
    // its windows and the collectives' starts plus offsets are.
    CollectiveAnalysis collectives = job.analysis();
    for (size_t i = 0; i < collectives.steps.size() && i < ranks.size(); ++i)
        for (ProfilerStep& step : collectives.steps[i])
            step.start += ranks[i].offsetNs;
    in.collectives = &collectives;
    FindingsResult jobResult = FindingsEngine::runJob(in, thresholds);
    for (Finding& f : jobResult.findings)
        for (FindingRange& range : f.ranges) {
            const int index = job.layout().rankIndexOfTrack(range.track);
            const store::TimeNs offset = index >= 0 ? ranks[size_t(index)].offsetNs : 0;
            range.start -= offset;
            range.end -= offset;
        }
    out.job = std::move(jobResult);
    if (cancelled(cancel))
        return std::nullopt;
    gather(out);
    return out;
}

void ProfileFindings::gather(Result& out)
{
    FindingsResult& all = out.all;
    std::map<std::string, size_t> ruleAt;
    const auto addRule = [&](const RuleOutcome& o) {
        const auto it = ruleAt.find(o.id);
        if (it == ruleAt.end()) {
            ruleAt[o.id] = all.rules.size();
            all.rules.push_back(o);
        } else if (o.ran && !all.rules[it->second].ran) {
            all.rules[it->second] = o;
        }
    };
    // A job's own rules answer for themselves: a rank's "not a rule of a job" is no answer.
    if (out.job)
        for (const RuleOutcome& o : out.job->rules)
            addRule(o);
    for (const Rank& r : out.ranks) {
        all.findings.insert(all.findings.end(), r.result.findings.begin(), r.result.findings.end());
        for (const RuleOutcome& o : r.result.rules)
            addRule(o);
        all.steps += r.result.steps;
        all.topOperators.insert(all.topOperators.end(), r.result.topOperators.begin(), r.result.topOperators.end());
    }
    if (out.job)
        all.findings.insert(all.findings.end(), out.job->findings.begin(), out.job->findings.end());
    FindingsEngine::rank(all.findings);
    // In the table's order, as FindingsEngine lists them.
    std::vector<RuleOutcome> ordered;
    for (const auto& rule : FindingRules::all()) {
        const auto it = ruleAt.find(std::string(rule->id()));
        if (it != ruleAt.end())
            ordered.push_back(std::move(all.rules[it->second]));
    }
    all.rules = std::move(ordered);
}

} // namespace strata::analysis
