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
        // Neuron's runtime: a tensor read or write copies between the host's buffer and the
        // device and returns when the copy is done (libnrt's nrt.h), the synchronous memcpy
        // of a Neuron system profile's Neuron_Runtime_API_Event rows. nrt_execute also blocks,
        // but it is the work itself (the launch and its wait), not a stall to remove.
        "nrt_tensor_read",
        "nrt_tensor_write",
    };
    for (std::string_view c : kCalls)
        if (name == c)
            return true;
    return false;
}

RuleOutcome SyncStallRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const HostSpans::Result r = HostSpans::measure(*in.store, *in.catalog, in.stepWindows(), &isSyncCall, kMaxRanges);
    std::string of;
    std::optional<Finding> f = HostSpans::shareOfStep(r, in, kId, t.get("sync-stall.sync_pct"), &of);
    if (!f)
        return RuleOutcome::found({});
    std::string calls;
    for (size_t i = 0; i < r.byName.size() && i < 5; ++i)
        calls += (i ? ", " : "") + r.byName[i].first + " " + FindingText::duration(r.byName[i].second);
    const std::string pct = FindingText::percent(f->value);
    f->title = "The host waits in synchronising calls " + pct + " of the step time";
    f->cause = "The host spends " + FindingText::duration(r.totalNs) + " in " + std::to_string(r.spans)
        + " synchronising calls (" + calls + "), " + pct + " of " + of + ".";
    f->action = "Remove synchronisation from the step: no .item(), .cpu() or print of device tensors inside the "
                "loop, copies with non_blocking=True from pinned memory, and events instead of device-wide syncs.";
    return RuleOutcome::found({ std::move(*f) });
}

} // namespace strata::analysis
