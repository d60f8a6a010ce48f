#include "deviceidlerule.h"
#include "findingtext.h"

namespace strata::analysis {

namespace {

// Which cause dominates the engines' gaps, as a clause of the cause sentence.
std::string causeClause(const IdleCauses& c)
{
    const store::TimeNs sum = c.hostWaitNs + c.kernelWaitNs + c.otherNs;
    if (sum <= 0)
        return "";
    // Shares, not durations: the gaps are summed over the device's engines (HTA's per-stream
    // idle causes), so their total can pass the device's idle time and even its span, and a
    // duration beside the span would read as a contradiction.
    const auto share
        = [sum](store::TimeNs ns) { return FindingText::percent(FindingRule::percent(double(ns), double(sum))); };
    const std::string split = " (of its engines' gaps, summed over the engines: host wait " + share(c.hostWaitNs)
        + ", kernel wait " + share(c.kernelWaitNs) + ", other " + share(c.otherNs) + ")";
    if (c.hostWaitNs >= c.kernelWaitNs && c.hostWaitNs >= c.otherNs)
        return "; host wait dominates: the host launched the next work only after the device had finished" + split;
    if (c.kernelWaitNs >= c.otherNs)
        return "; kernel wait dominates: short gaps of launch overhead between back-to-back kernels" + split;
    return "; most gaps are neither host nor kernel wait: the device waited on something else" + split;
}

std::string actionFor(const IdleCauses& c)
{
    if (c.hostWaitNs >= c.kernelWaitNs && c.hostWaitNs >= c.otherNs)
        return "Make the host enqueue work ahead of the device: move CPU work (data loading, Python overhead, "
               "synchronising calls) off the launch path, or capture the step in a CUDA graph.";
    if (c.kernelWaitNs >= c.otherNs)
        return "Fuse the many small kernels (torch.compile, fused operators) or capture them in a CUDA graph to "
               "cut the launch overhead between them.";
    return "Look at what the longest gaps wait for (data, communication, another stream) and overlap it with "
           "compute.";
}

// "GPU 0 (pid 0)": the first of the device's labels when the trace gives them (Kineto's
// process_labels "GPU 0", a vendor's "npu:0,ATOM,16 GiB GDDR6"), else the process's
// "name (pid)".
std::string deviceName(const store::EventStore& s, store::ProcessId p)
{
    const store::ProcessInfo& info = s.process(p);
    if (!info.labels.valid() || s.str(info.labels).empty())
        return s.processLabel(p);
    const std::string pid = info.pid.isString ? std::string(s.str(info.pid.str)) : std::to_string(info.pid.num);
    const std::string_view labels = s.str(info.labels);
    return std::string(labels.substr(0, labels.find(','))) + " (pid " + pid + ")";
}

} // namespace

RuleOutcome DeviceIdleRule::run(const FindingInputs& in, const FindingThresholds& t) const
{
    const BreakdownIndex& index = *in.breakdown;
    if (!index.hasDeviceWork())
        return RuleOutcome::notRun("no device work in this profile");
    const double threshold = t.get("device-idle.idle_pct");
    std::vector<Finding> out;
    for (uint32_t d = 0; d < index.devices().size(); ++d) {
        const BreakdownIndex::Device& device = index.devices()[d];
        const BreakdownTimes times = index.device(d, in.window);
        if (times.spanNs <= 0)
            continue;
        const double pct = percent(double(times.idleNs), double(times.spanNs));
        if (pct < threshold)
            continue;
        const std::string name = deviceName(*in.store, device.process);
        Finding f;
        f.id = std::string(kId);
        f.title = name + " is idle " + FindingText::percent(pct) + " of its span";
        f.severity = severityOf(pct, threshold);
        f.value = pct;
        f.threshold = threshold;
        f.unit = "%";
        f.atStakeNs = times.idleNs;
        const store::TrackId track = index.engines()[device.engines.front()].track;
        for (const IntervalSet::Interval& gap : device.work.segmentIntervals(BreakdownSegment::Idle, in.window)) {
            if (f.ranges.size() == kGaps)
                break;
            f.ranges.push_back({ track, gap.start, gap.end, -1 });
        }
        f.cause = name + " is idle " + FindingText::duration(times.idleNs) + " of its "
            + FindingText::duration(times.spanNs) + " span" + causeClause(times.idleCauses) + ".";
        f.action = actionFor(times.idleCauses);
        out.push_back(std::move(f));
    }
    return RuleOutcome::found(std::move(out));
}

} // namespace strata::analysis
