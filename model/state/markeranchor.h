#pragma once
#include <store/eventstore.h>

#include <QString>

namespace strata::model {

// A pid or tid as the trace file wrote it: a number or a string (like the store's IdValue).
struct WrittenId {
    bool isString = false;
    qint64 num = 0;
    QString str;

    static WrittenId of(const store::EventStore& store, const store::IdValue& v);
    bool matches(const store::EventStore& store, const store::IdValue& v) const;
    friend bool operator==(const WrittenId& a, const WrittenId& b)
    {
        return a.isString == b.isString && (a.isString ? a.str == b.str : a.num == b.num);
    }
};

// Names one slice edge in a way that survives a re-import of the trace: SliceRows and
// TrackIds are positions in one store, but the track key as written (pid, tid and the
// track's label), the slice's name and its start time are properties of the file.
struct MarkerAnchor {
    enum class Edge : uint8_t { Start, End };
    WrittenId pid;
    WrittenId tid;
    bool hasTid = false; // async lanes have none
    QString track; // EventStore::trackLabel
    QString event; // the slice's name
    store::TimeNs start = 0;
    Edge edge = Edge::Start;

    static MarkerAnchor of(const store::EventStore& store, store::SliceRow row, Edge edge);
    // The slice this anchor names in `store`: same track key, name and start. Invalid when
    // the trace no longer has it; a nearby same-named slice may be another iteration, so
    // nothing fuzzier is tried.
    store::SliceRow resolve(const store::EventStore& store) const;
    // The time of the anchored edge of `row`.
    store::TimeNs edgeTime(const store::EventStore& store, store::SliceRow row) const;

    friend bool operator==(const MarkerAnchor& a, const MarkerAnchor& b)
    {
        return a.pid == b.pid && a.tid == b.tid && a.hasTid == b.hasTid && a.track == b.track && a.event == b.event
            && a.start == b.start && a.edge == b.edge;
    }
};

} // namespace strata::model
