#include "summarycalculator.h"

#include <store/timemath.h>
#include <store/workclassifier.h>

namespace strata::analysis {

TrackSummaryRow SummaryCalculator::trackRow(
    const store::EventStore& store, const SummaryIndex& index, store::TrackId track, store::TimeRange window)
{
    const store::TrackInfo& tr = store.track(track);
    TrackSummaryRow row;
    row.track = track;
    row.kind = tr.kind;
    row.process = tr.process;
    if (tr.process.valid())
        row.pid = store.process(tr.process).pid;
    row.hasTid = tr.kind == store::TrackKind::Thread || tr.kind == store::TrackKind::Overflow;
    if (row.hasTid)
        row.tid = tr.tid;
    row.processLabel = store.processLabel(tr.process);
    row.name = store.trackLabel(track);
    row.lane = tr.lane;
    row.overflowLanes = index.overflowLanes(track);
    row.engine = store::WorkClassifier::ofTrack(store, track);
    row.role = tr.role;

    const SliceWindowSums s = index.slices(store, track, window);
    row.events = s.events;
    row.busyNs = s.busyNs;
    row.utilization = window.duration() > 0 ? double(s.busyNs) / double(window.duration()) : 0.0;
    row.avgDurNs = s.events ? double(s.durationNs) / double(s.events) : 0.0;
    const uint8_t metrics = index.metrics(track);
    if (metrics & (1u << MetricKeys::Bytes)) {
        row.bytes = s.bytes;
        if (movesData(row.engine) && s.busyNs > 0)
            row.bandwidthBytesPerS = s.bytes / (double(s.busyNs) * 1e-9);
    }
    if (metrics & (1u << MetricKeys::Flops))
        row.flops = s.flops;
    if ((metrics & (1u << MetricKeys::Mfu)) && s.mfuTimeNs > 0)
        row.mfu = s.mfuWeighted / s.mfuTimeNs;
    if ((metrics & (1u << MetricKeys::Hfu)) && s.hfuTimeNs > 0)
        row.hfu = s.hfuWeighted / s.hfuTimeNs;
    return row;
}

CounterSummaryRow SummaryCalculator::counterRow(
    const store::EventStore& store, const SummaryIndex& index, store::CounterId counter, store::TimeRange window)
{
    const store::CounterSeries& series = store.counter(counter);
    CounterSummaryRow row;
    row.counter = counter;
    row.track = series.track;
    row.process = series.process;
    if (series.process.valid())
        row.pid = store.process(series.process).pid;
    row.processLabel = store.processLabel(series.process);
    row.name = std::string(store.str(series.name));
    const CounterWindowStats st = index.counter(store, counter, window);
    row.samples = st.samples;
    if (st.samples) {
        row.min = st.min;
        row.mean = st.mean;
        row.max = st.max;
    }
    return row;
}

DeviceScope SummaryCalculator::deviceScope(const std::vector<TrackSummaryRow>& tracks)
{
    DeviceScope scope;
    bool any = false;
    for (const TrackSummaryRow& t : tracks)
        any = any || t.role == store::TrackRole::Device;
    if (!any)
        scope.fallback = "no device tracks";
    for (const TrackSummaryRow& t : tracks) {
        const bool in = any ? t.role == store::TrackRole::Device
                            : t.kind == store::TrackKind::Thread && t.role != store::TrackRole::Annotation;
        if (!in)
            continue;
        ++scope.tracks;
        scope.busyNs = store::TimeMath::saturatingAdd(scope.busyNs, t.busyNs);
        scope.utilization += t.utilization;
    }
    if (scope.tracks)
        scope.utilization /= scope.tracks;
    return scope;
}

void SummaryCalculator::unionBusy(
    DeviceScope& scope, const store::EventStore& store, const BreakdownIndex& breakdown, store::TimeRange window)
{
    if (!scope.fallback.empty() || !breakdown.hasDeviceWork())
        return;
    scope.busyNs = 0;
    scope.utilization = 0;
    for (uint32_t d = 0; d < breakdown.devices().size(); ++d) {
        const BreakdownIndex::Device& device = breakdown.devices()[d];
        DeviceBusyRow row;
        row.process = device.process;
        row.pid = store.process(device.process).pid;
        row.label = store.processLabel(device.process);
        row.engines = uint32_t(device.engines.size());
        row.busyNs = device.work.part(WorkIntervals::All).measure(window);
        row.utilization = window.duration() > 0 ? double(row.busyNs) / double(window.duration()) : 0.0;
        row.breakdown = breakdown.device(d, window);
        scope.busyNs = store::TimeMath::saturatingAdd(scope.busyNs, row.busyNs);
        scope.utilization += row.utilization;
        scope.devices.push_back(std::move(row));
    }
    scope.utilization /= double(scope.devices.size());
}

TraceSummary SummaryCalculator::compute(
    const store::EventStore& store, const SummaryIndex& index, store::TimeRange window, const BreakdownIndex* breakdown)
{
    TraceSummary out;
    out.window = window;
    out.trace.extent = store.extent();
    out.trace.slices = store.sliceCount();
    out.trace.instants = store.instantCount();
    out.trace.counterSamples = store.counterSampleCount();
    out.trace.flows = store.flowCount();
    out.trace.tracks = store.trackCount();
    out.trace.processes = store.processCount();
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackInfo& tr = store.track(store::TrackId(t));
        if (tr.kind == store::TrackKind::Thread || tr.kind == store::TrackKind::Async)
            out.tracks.push_back(trackRow(store, index, store::TrackId(t), window));
        else if (tr.kind == store::TrackKind::Counter && tr.counter.valid())
            out.counters.push_back(counterRow(store, index, tr.counter, window));
    }
    out.device = deviceScope(out.tracks);
    if (breakdown)
        unionBusy(out.device, store, *breakdown, window);
    out.diagnostics = store.diagnostics().counts();
    out.diagnosticMessages = store.diagnostics().messages();
    return out;
}

} // namespace strata::analysis
