#include "syncstallrule.h"
#include "findingtext.h"
#include "hostspans.h"

namespace strata::analysis {

bool SyncStallRule::isSyncCall(std::string_view name)
{
    static constexpr std::string_view kCalls[] = {
        "cudaDeviceSynchronize",
        "cudaStreamSynchronize",
        "cudaEventSynchronize",
        "cudaMemcpy",
        "cudaMemcpy2D",
        "cudaMemcpy3D",
        "cudaMemcpyToSymbol",
        "cudaMemcpyFromSymbol",
        "cuCtxSynchronize",
        "cuStreamSynchronize",
        "cuEventSynchronize",
        "hipDeviceSynchronize",
        "hipStreamSynchronize",
        "hipEventSynchronize",
        "hipMemcpy",
        "hipMemcpy2D",
        "hipMemcpy3D",
        "hipMemcpyToSymbol",
        "hipMemcpyFromSymbol",
        "synchronize",
        "synchronizeStream",
    };
    for (std::string_view c : kCalls)
        if (name == c)
            return true;
    return false;
}

RuleOutcome SyncStallRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const HostSpans::Result r = HostSpans::measure(*in.store, *in.catalog, in.stepWindows(), &isSyncCall, kMaxRanges);
    const store::TimeNs stepNs = in.stepTimeNs();
    const double threshold = t.get("sync-stall.sync_pct");
    const double pct = percent(double(r.totalNs), double(stepNs));
    if (r.totalNs <= 0 || pct < threshold)
        return RuleOutcome::found({});
    Finding f;
    f.id = std::string(kId);
    f.title = "The host waits in synchronising calls " + FindingText::percent(pct) + " of the step time";
    f.severity = severityOf(pct, threshold);
    f.value = pct;
    f.threshold = threshold;
    f.unit = "%";
    f.atStakeNs = r.totalNs;
    f.ranges = r.longest;
    std::string calls;
    for (size_t i = 0; i < r.byName.size() && i < 5; ++i) {
        f.operators.push_back(r.byName[i].first);
        calls += (i ? ", " : "") + r.byName[i].first + " " + FindingText::duration(r.byName[i].second);
    }
    const std::string of = !in.trainingSteps.empty()
        ? "the " + FindingText::duration(stepNs) + " of its " + std::to_string(in.trainingSteps.size()) + " steps"
        : "the " + FindingText::duration(stepNs) + " window (no ProfilerStep found)";
    f.cause = "The host spends " + FindingText::duration(r.totalNs) + " in " + std::to_string(r.spans)
        + " synchronising calls (" + calls + "), " + FindingText::percent(pct) + " of " + of + ".";
    f.action = "Remove synchronisation from the step: no .item(), .cpu() or print of device tensors inside the "
               "loop, copies with non_blocking=True from pinned memory, and events instead of device-wide syncs.";
    return RuleOutcome::found({ std::move(f) });
}

} // namespace strata::analysis
