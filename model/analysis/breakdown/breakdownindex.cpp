#include "breakdownindex.h"

#include <analysis/operators/launchindex.h>
#include <store/parallel.h>
#include <store/workclassifier.h>

#include <algorithm>
#include <array>
#include <set>

namespace strata::analysis {

using store::TimeNs;
using store::TrackId;
using store::WorkKind;

namespace {

// A WorkKind as one of WorkIntervals' four kinds: 0 compute, 1 communication, 2 memory,
// 3 other (sync markers, and host work should a device track hold any).
int kindSlot(WorkKind k)
{
    switch (k) {
    case WorkKind::Compute: return 0;
    case WorkKind::Communication: return 1;
    case WorkKind::Memory: return 2;
    case WorkKind::Sync:
    case WorkKind::Host: return 3;
    }
    return 0;
}

// The kinds of all event types, once per index (the classifier reads names).
std::vector<uint8_t> typeKinds(const store::EventStore& s)
{
    const size_t n = s.types().size();
    std::vector<uint8_t> out(n);
    constexpr size_t kChunk = 4096;
    store::Parallel::forEach((n + kChunk - 1) / kChunk, store::Parallel::kLightThreads, [&](size_t c, unsigned) {
        for (size_t t = c * kChunk; t < std::min(n, (c + 1) * kChunk); ++t) {
            const store::EventType& type = s.types().get(store::TypeId(uint32_t(t)));
            out[t] = uint8_t(store::WorkClassifier::ofType(s.str(type.name), s.str(type.category)));
        }
    });
    return out;
}

} // namespace

BreakdownIndex::BreakdownIndex(
    const store::EventStore& s, const LaunchIndex* launches, TimeNs thresholdNs, const std::atomic<bool>* cancel)
    : m_threshold(thresholdNs)
{
    // Engines: device thread tracks, each with its overflow lanes (which follow it in track order).
    m_engineOfTrack.assign(s.trackCount(), -1);
    std::vector<std::vector<TrackId>> lanes;
    for (uint32_t i = 0; i < s.trackCount(); ++i) {
        const store::TrackInfo& t = s.track(TrackId(i));
        if (t.role != store::TrackRole::Device)
            continue;
        if (t.kind == store::TrackKind::Thread) {
            m_engineOfTrack[i] = int32_t(m_engines.size());
            Engine e;
            e.track = TrackId(i);
            m_engines.push_back(std::move(e));
            lanes.push_back({ TrackId(i) });
        } else if (t.kind == store::TrackKind::Overflow && t.parent.valid() && m_engineOfTrack[t.parent.v] >= 0) {
            m_engineOfTrack[i] = m_engineOfTrack[t.parent.v];
            lanes[size_t(m_engineOfTrack[i])].push_back(TrackId(i));
        }
    }
    const std::vector<uint8_t> kinds = typeKinds(s);
    store::Parallel::forEach(m_engines.size(), store::Parallel::kMaxThreads, [&](size_t e, unsigned) {
        if (!(cancel && cancel->load(std::memory_order_relaxed)))
            buildEngine(s, launches, lanes, kinds, m_engines[e]);
    });
    if (cancel && cancel->load()) {
        *this = BreakdownIndex();
        return;
    }
    // Devices: the processes of the engines, in the order of their first engine.
    std::vector<int32_t> deviceOf(s.processCount(), -1);
    for (uint32_t e = 0; e < m_engines.size(); ++e) {
        const store::ProcessId p = s.track(m_engines[e].track).process;
        if (deviceOf[p.v] < 0) {
            deviceOf[p.v] = int32_t(m_devices.size());
            m_devices.push_back(Device { p, {}, {} });
        }
        m_engines[e].device = uint32_t(deviceOf[p.v]);
        m_devices[size_t(deviceOf[p.v])].engines.push_back(e);
        m_allEngines.push_back(e);
    }
    store::Parallel::forEach(m_devices.size(), store::Parallel::kMaxThreads, [&](size_t d, unsigned) {
        std::vector<const WorkIntervals*> parts;
        for (uint32_t e : m_devices[d].engines)
            parts.push_back(&m_engines[e].work);
        m_devices[d].work = WorkIntervals::unite(parts);
    });
    std::vector<const WorkIntervals*> devices;
    for (const Device& d : m_devices)
        devices.push_back(&d.work);
    if (!devices.empty())
        m_rank = WorkIntervals::unite(devices);
}

void BreakdownIndex::buildEngine(const store::EventStore& s, const LaunchIndex* launches,
    const std::vector<std::vector<TrackId>>& lanes, const std::vector<uint8_t>& typeKind, Engine& engine)
{
    const WorkKind named = store::WorkClassifier::ofTrackName(s, engine.track);
    std::array<std::vector<IntervalSet::Interval>, WorkIntervals::kKinds> byKind;
    std::vector<IdleGaps::Work> work;
    for (TrackId lane : lanes[size_t(m_engineOfTrack[engine.track.v])]) {
        for (uint32_t depth = 0; depth < s.levelCount(lane); ++depth) {
            const store::RowRange rows = s.level(lane, depth);
            for (uint32_t r = rows.begin; r < rows.end; ++r) {
                const store::SliceRow row(r);
                const TimeNs ts = s.sliceTs(row), end = s.sliceEnd(row);
                const WorkKind k = store::WorkClassifier::combine(named, false, WorkKind(typeKind[s.sliceType(row).v]));
                byKind[size_t(kindSlot(k))].push_back({ ts, end });
                if (depth > 0)
                    continue;
                IdleGaps::Work w { ts, end, IdleGaps::kNoLaunch };
                const LaunchIndex::Link* link = launches ? launches->find(row) : nullptr;
                if (link && link->launch != LaunchIndex::kNone)
                    w.launch = s.sliceTs(store::SliceRow(link->launch));
                work.push_back(w);
            }
        }
    }
    std::array<IntervalSet, WorkIntervals::kKinds> sets;
    for (size_t k = 0; k < sets.size(); ++k) {
        sets[k] = IntervalSet::unionOf(std::move(byKind[k]));
        byKind[k] = {};
    }
    const auto byStart = [](const IdleGaps::Work& a, const IdleGaps::Work& b) { return a.start < b.start; };
    if (!std::is_sorted(work.begin(), work.end(), byStart))
        std::stable_sort(work.begin(), work.end(), byStart);
    engine.work = WorkIntervals::fromKinds(std::move(sets));
    engine.gaps = IdleGaps(engine.work.part(WorkIntervals::All), work, m_threshold);
    // The engine's kind: what its name states, else the kind it spends most time on.
    engine.kind = named;
    if (named != WorkKind::Communication && named != WorkKind::Memory) {
        const WorkKind slots[] = { WorkKind::Compute, WorkKind::Communication, WorkKind::Memory, WorkKind::Sync };
        int best = 0;
        for (int k = 1; k < WorkIntervals::kKinds; ++k)
            if (engine.work.part(WorkIntervals::Part(WorkIntervals::Compute + k)).length()
                > engine.work.part(WorkIntervals::Part(WorkIntervals::Compute + best)).length())
                best = k;
        engine.kind = slots[best];
    }
}

int BreakdownIndex::engineOf(TrackId track) const
{
    return track.v < m_engineOfTrack.size() ? m_engineOfTrack[track.v] : -1;
}

IdleCauses BreakdownIndex::causes(
    const std::vector<uint32_t>& engines, store::TimeRange window, TimeNs thresholdNs) const
{
    IdleCauses out;
    for (uint32_t e : engines)
        out += engineCauses(e, window, thresholdNs);
    return out;
}

IdleCauses BreakdownIndex::engineCauses(uint32_t engine, store::TimeRange window, TimeNs thresholdNs) const
{
    // Inside the engine's span only: a window that ends (or starts) inside a gap cuts the
    // part beyond the engine's last (first) work, which is no idle of the engine either.
    const Engine& e = m_engines[engine];
    return e.gaps.measure(e.work.part(WorkIntervals::All).hull(window), thresholdNs);
}

BreakdownTimes BreakdownIndex::rank(store::TimeRange window, TimeNs thresholdNs) const
{
    BreakdownTimes t = m_rank.times(window);
    t.idleCauses = causes(m_allEngines, window, thresholdNs);
    return t;
}

BreakdownTimes BreakdownIndex::device(uint32_t device, store::TimeRange window, TimeNs thresholdNs) const
{
    BreakdownTimes t = m_devices[device].work.times(window);
    t.idleCauses = causes(m_devices[device].engines, window, thresholdNs);
    return t;
}

BreakdownTimes BreakdownIndex::engine(uint32_t engine, store::TimeRange window, TimeNs thresholdNs) const
{
    BreakdownTimes t = m_engines[engine].work.times(window);
    t.idleCauses = engineCauses(engine, window, thresholdNs);
    return t;
}

BreakdownTimes BreakdownIndex::tracks(
    const std::vector<TrackId>& tracks, store::TimeRange window, TimeNs thresholdNs) const
{
    std::vector<uint32_t> engines;
    for (TrackId t : tracks)
        if (engineOf(t) >= 0)
            engines.push_back(uint32_t(engineOf(t)));
    std::sort(engines.begin(), engines.end());
    engines.erase(std::unique(engines.begin(), engines.end()), engines.end());
    if (engines.empty())
        return BreakdownTimes();
    if (engines == m_allEngines)
        return rank(window, thresholdNs);
    if (engines.size() == 1)
        return engine(engines.front(), window, thresholdNs);
    for (uint32_t d = 0; d < m_devices.size(); ++d)
        if (engines == m_devices[d].engines)
            return device(d, window, thresholdNs);
    // Any other set: the engines' intervals inside the window, united kind by kind (each
    // engine's are sorted already: a tree of merges, no sort).
    std::array<IntervalSet, WorkIntervals::kKinds> sets;
    for (int k = 0; k < WorkIntervals::kKinds; ++k) {
        std::vector<IntervalSet> inside;
        inside.reserve(engines.size());
        for (uint32_t e : engines)
            inside.push_back(m_engines[e].work.part(WorkIntervals::Part(WorkIntervals::Compute + k)).clipped(window));
        std::vector<const IntervalSet*> parts;
        parts.reserve(inside.size());
        for (const IntervalSet& p : inside)
            parts.push_back(&p);
        sets[size_t(k)] = IntervalSet::uniteAll(parts);
    }
    BreakdownTimes t = WorkIntervals::fromKinds(std::move(sets)).times(window);
    t.idleCauses = causes(engines, window, thresholdNs);
    return t;
}

size_t BreakdownIndex::residentBytes() const
{
    std::set<const void*> seen;
    size_t n = m_rank.residentBytes(seen) + m_engineOfTrack.capacity() * sizeof(int32_t);
    for (const Engine& e : m_engines)
        n += e.work.residentBytes(seen) + e.gaps.residentBytes();
    for (const Device& d : m_devices)
        n += d.work.residentBytes(seen);
    return n;
}

} // namespace strata::analysis
