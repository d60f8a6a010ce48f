#include "markeranchor.h"

#include <algorithm>
#include <string>
#include <vector>

namespace strata::model {

using store::EventStore;
using store::SliceRow;
using store::TimeNs;
using store::TrackId;
using store::TrackKind;

namespace {

bool hasSlices(TrackKind k)
{
    return k == TrackKind::Thread || k == TrackKind::Overflow || k == TrackKind::Async;
}

// The thread whose tid a track carries: an overflow lane shows under its thread.
const store::TrackInfo& owner(const EventStore& s, TrackId t)
{
    const store::TrackInfo& info = s.track(t);
    return info.kind == TrackKind::Overflow && info.parent.valid() ? s.track(info.parent) : info;
}

// The slice of one level that starts at `start` and has `name`: rows are sorted by ts
// within a level, so one lower_bound finds the run of slices starting there.
SliceRow searchLevel(const EventStore& s, store::RowRange rows, TimeNs start, const std::string& name)
{
    uint32_t lo = rows.begin, hi = rows.end;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (s.sliceTs(SliceRow(mid)) < start)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (uint32_t r = lo; r < rows.end && s.sliceTs(SliceRow(r)) == start; ++r) {
        if (s.str(s.sliceName(SliceRow(r))) == name)
            return SliceRow(r);
    }
    return SliceRow();
}

} // namespace

WrittenId WrittenId::of(const EventStore& store, const store::IdValue& v)
{
    WrittenId w;
    w.isString = v.isString;
    if (v.isString)
        w.str = QString::fromStdString(std::string(store.str(v.str)));
    else
        w.num = v.num;
    return w;
}

bool WrittenId::matches(const EventStore& store, const store::IdValue& v) const
{
    if (v.isString != isString)
        return false;
    return isString ? store.str(v.str) == str.toStdString() : v.num == num;
}

MarkerAnchor MarkerAnchor::of(const EventStore& store, SliceRow row, Edge edge)
{
    MarkerAnchor a;
    const TrackId t = store.sliceTrack(row);
    const store::TrackInfo& info = store.track(t);
    if (info.process.valid())
        a.pid = WrittenId::of(store, store.process(info.process).pid);
    a.hasTid = info.kind == TrackKind::Thread || info.kind == TrackKind::Overflow;
    if (a.hasTid)
        a.tid = WrittenId::of(store, owner(store, t).tid);
    a.track = QString::fromStdString(store.trackLabel(t));
    a.event = QString::fromStdString(std::string(store.str(store.sliceName(row))));
    a.start = store.sliceTs(row);
    a.edge = edge;
    return a;
}

TimeNs MarkerAnchor::edgeTime(const EventStore& store, SliceRow row) const
{
    return edge == Edge::End ? store.sliceEnd(row) : store.sliceTs(row);
}

SliceRow MarkerAnchor::resolve(const EventStore& store) const
{
    // Tracks are few (thousands at most); the slices are searched per level.
    const std::string name = event.toStdString();
    const std::string label = track.toStdString();
    std::vector<TrackId> exact, sameThread;
    for (uint32_t i = 0; i < store.trackCount(); ++i) {
        const TrackId t(i);
        const store::TrackInfo& info = store.track(t);
        if (!hasSlices(info.kind) || !info.process.valid() || !pid.matches(store, store.process(info.process).pid))
            continue;
        const bool threadLike = info.kind != TrackKind::Async;
        if (hasTid != threadLike || (hasTid && !tid.matches(store, owner(store, t).tid)))
            continue;
        (store.trackLabel(t) == label ? exact : sameThread).push_back(t);
    }
    // The labelled track first; a renamed thread or a slice that moved between a thread
    // and its overflow lanes is still found among the others.
    for (const std::vector<TrackId>* group : { &exact, &sameThread }) {
        for (TrackId t : *group) {
            for (uint32_t d = 0; d < store.levelCount(t); ++d) {
                const SliceRow r = searchLevel(store, store.level(t, d), start, name);
                if (r.valid())
                    return r;
            }
        }
    }
    return SliceRow();
}

} // namespace strata::model
