#include "overlaplaneindex.h"

#include "breakdownindex.h"

#include <store/parallel.h>

#include <algorithm>
#include <limits>

namespace strata::analysis {

using store::TimeNs;

namespace {

constexpr TimeNs kNever = std::numeric_limits<TimeNs>::max();

// The state while the kinds in `on` run (bits: 1 compute, 2 communication, 4 memory, 8 other).
OverlapLaneIndex::State stateOf(unsigned on)
{
    using S = OverlapLaneIndex::State;
    if ((on & 3) == 3)
        return S::Overlapped;
    return (on & 1) ? S::Compute : (on & 2) ? S::Exposed : (on & 4) ? S::Memory : (on & 8) ? S::Other : S::Idle;
}

} // namespace

OverlapLaneIndex::OverlapLaneIndex(const BreakdownIndex& breakdown)
{
    const std::vector<BreakdownIndex::Device>& devices = breakdown.devices();
    std::vector<uint32_t> working;
    for (uint32_t d = 0; d < devices.size(); ++d)
        if (!devices[d].work.empty())
            working.push_back(d);
    m_lanes.resize(working.size());
    store::Parallel::forEach(working.size(), store::Parallel::kMaxThreads, [&](size_t i, unsigned) {
        const BreakdownIndex::Device& d = devices[working[i]];
        m_lanes[i] = build(d.process, d.work);
    });
    for (size_t l = 0; l < m_lanes.size(); ++l) {
        const uint32_t p = m_lanes[l].process.v;
        if (m_laneOfProcess.size() <= p)
            m_laneOfProcess.resize(p + 1, -1);
        m_laneOfProcess[p] = int32_t(l);
    }
    m_communication = !breakdown.rankWork().part(WorkIntervals::Communication).empty();
}

OverlapLaneIndex::Lane OverlapLaneIndex::build(store::ProcessId process, const WorkIntervals& work)
{
    // A sweep over the four kinds' sorted, disjoint intervals: each boundary of any kind may
    // change the state; a boundary that does not is dropped.
    const IntervalSet* kinds[4] = { &work.part(WorkIntervals::Compute), &work.part(WorkIntervals::Communication),
        &work.part(WorkIntervals::Memory), &work.part(WorkIntervals::Other) };
    size_t next[4] = { 0, 0, 0, 0 };
    unsigned on = 0;
    Lane lane;
    lane.process = process;
    size_t total = 0;
    for (const IntervalSet* k : kinds)
        total += 2 * k->size();
    lane.at.reserve(total);
    lane.state.reserve(total);
    // nextAt[k]: kind k's next boundary, the end of its interval while it runs, else the start
    // of its next one; kNever once it has no more.
    TimeNs nextAt[4];
    const auto refresh = [&](int k) {
        if (next[k] >= kinds[k]->size()) {
            nextAt[k] = kNever;
            return;
        }
        const IntervalSet::Interval iv = kinds[k]->at(next[k]);
        nextAt[k] = (on >> k) & 1 ? iv.end : iv.start;
    };
    for (int k = 0; k < 4; ++k)
        refresh(k);
    for (;;) {
        const TimeNs t = std::min({ nextAt[0], nextAt[1], nextAt[2], nextAt[3] });
        if (t == kNever)
            break;
        for (int k = 0; k < 4; ++k) {
            if (nextAt[k] != t)
                continue;
            if ((on >> k) & 1)
                ++next[k];
            on ^= 1u << k;
            refresh(k);
        }
        const uint8_t s = uint8_t(stateOf(on));
        if (!lane.state.empty() && lane.state.back() == s)
            continue; // the same state goes on: no boundary
        lane.at.push_back(t);
        lane.state.push_back(s);
    }
    // The last boundary is the end of the last work; the state after it (idle) is no segment.
    if (!lane.state.empty())
        lane.state.pop_back();
    lane.at.shrink_to_fit();
    lane.state.shrink_to_fit();
    lane.blockPrefix.assign(lane.state.size() / kBlock + 1, BusyTimes {});
    BusyTimes sum {};
    for (size_t k = 0; k < lane.state.size(); ++k) {
        if (k % kBlock == 0)
            lane.blockPrefix[k / kBlock] = sum;
        if (lane.state[k] >= Compute)
            sum[lane.state[k] - Compute] += lane.at[k + 1] - lane.at[k];
    }
    if (lane.state.size() % kBlock == 0)
        lane.blockPrefix.back() = sum;
    return lane;
}

int OverlapLaneIndex::laneOf(store::ProcessId process) const
{
    return process.valid() && process.v < m_laneOfProcess.size() ? m_laneOfProcess[process.v] : -1;
}

OverlapLaneIndex::BusyTimes OverlapLaneIndex::before(const Lane& lane, TimeNs t, size_t& hint)
{
    BusyTimes out {};
    if (lane.at.empty() || t <= lane.at.front())
        return out;
    const size_t segments = lane.state.size();
    // The segment holding t: the last boundary at or before it. Pixel edges come in order,
    // so the search starts at the previous edge's segment.
    size_t k = segments;
    if (t < lane.at.back()) {
        // Galloping from the hint: neighbouring pixels' edges lie near each other in the
        // boundaries, so the search stays in the cache lines it has just read.
        size_t lo = std::min(hint, segments - 1), step = 1;
        if (lane.at[lo] > t)
            lo = 0;
        size_t hi = lo + 1;
        while (hi < lane.at.size() && lane.at[hi] <= t) {
            lo = hi;
            hi = std::min(lane.at.size(), hi + (step *= 2));
        }
        k = size_t(std::upper_bound(lane.at.begin() + std::ptrdiff_t(lo), lane.at.begin() + std::ptrdiff_t(hi), t)
                - lane.at.begin())
            - 1;
        hint = k;
    }
    out = lane.blockPrefix[k / kBlock];
    for (size_t j = k - k % kBlock; j < k; ++j)
        if (lane.state[j] >= Compute)
            out[lane.state[j] - Compute] += lane.at[j + 1] - lane.at[j];
    if (k < segments && lane.state[k] >= Compute)
        out[lane.state[k] - Compute] += t - lane.at[k];
    return out;
}

OverlapLaneIndex::StateTimes OverlapLaneIndex::times(size_t l, store::TimeRange window) const
{
    StateTimes out {};
    const Lane& lane = m_lanes[l];
    if (window.empty())
        return out;
    if (lane.at.empty()) {
        out[None] = window.duration();
        return out;
    }
    const TimeNs a = std::clamp(window.start, lane.at.front(), lane.at.back());
    const TimeNs b = std::clamp(window.end, lane.at.front(), lane.at.back());
    size_t hint = 0;
    const BusyTimes x = before(lane, a, hint), y = before(lane, b, hint);
    TimeNs busy = 0;
    for (int s = 0; s < kBusy; ++s) {
        out[Compute + s] = y[s] - x[s];
        busy += out[Compute + s];
    }
    out[Idle] = (b - a) - busy;
    out[None] = window.duration() - (b - a);
    return out;
}

OverlapLaneIndex::State OverlapLaneIndex::dominant(const StateTimes& t)
{
    State best = None;
    TimeNs most = 0;
    for (State s : kPrecedence) {
        if (t[s] > most) {
            most = t[s];
            best = s;
        }
    }
    return best;
}

std::vector<OverlapLaneIndex::State> OverlapLaneIndex::pixels(size_t l, store::TimeRange range, int width) const
{
    std::vector<State> out(size_t(std::max(0, width)), None);
    const Lane& lane = m_lanes[l];
    if (width <= 0 || range.empty() || lane.at.empty())
        return out;
    const TimeNs first = lane.at.front(), last = lane.at.back();
    const long double step = (long double)range.duration() / width;
    size_t hint = 0;
    TimeNs prevEdge = std::clamp(range.start, first, last);
    BusyTimes prev = before(lane, prevEdge, hint);
    for (int i = 0; i < width; ++i) {
        const TimeNs edge = i + 1 == width ? range.end : range.start + TimeNs(step * (i + 1));
        const TimeNs clamped = std::clamp(edge, first, last);
        if (clamped == prevEdge) {
            // Wholly outside the span (None), or narrower than a nanosecond inside it: the
            // state of the segment it lies in.
            if (edge > first && prevEdge < last) {
                const size_t k
                    = size_t(std::upper_bound(lane.at.begin(), lane.at.end(), prevEdge) - lane.at.begin()) - 1;
                out[size_t(i)] = State(lane.state[k]);
            }
            continue;
        }
        const BusyTimes cur = before(lane, clamped, hint);
        StateTimes t {};
        TimeNs busy = 0;
        for (int s = 0; s < kBusy; ++s) {
            t[Compute + s] = cur[s] - prev[s];
            busy += t[Compute + s];
        }
        t[Idle] = (clamped - prevEdge) - busy;
        out[size_t(i)] = dominant(t);
        prev = cur;
        prevEdge = clamped;
    }
    return out;
}

size_t OverlapLaneIndex::boundaryCount() const
{
    size_t n = 0;
    for (const Lane& lane : m_lanes)
        n += lane.at.size();
    return n;
}

size_t OverlapLaneIndex::residentBytes() const
{
    size_t n = m_laneOfProcess.capacity() * sizeof(int32_t);
    for (const Lane& lane : m_lanes)
        n += lane.at.capacity() * sizeof(TimeNs) + lane.state.capacity()
            + lane.blockPrefix.capacity() * sizeof(BusyTimes);
    return n;
}

} // namespace strata::analysis
