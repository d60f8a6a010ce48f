#pragma once
// Helpers shared by the store tests: readable text forms of a finalized store, so that
// expected values are short hand-written strings. Builder also makes the small hand-made
// stores of the analysis and widget tests.
#include <store/storebuilder.h>

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <vector>

namespace storetest {

using namespace strata::store;

inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

inline QString idText(const EventStore& s, const IdValue& v)
{
    return v.isString ? qs(s.str(v.str)) : QString::number(v.num);
}

// "kind pid/tid" for thread and overflow tracks, "kind pid" for others, "kind" for global.
inline QString describe(const EventStore& s, TrackId t)
{
    const TrackInfo& tr = s.track(t);
    QString out = trackKindName(tr.kind);
    if (tr.process.valid())
        out += " " + idText(s, s.process(tr.process).pid);
    if (tr.kind == TrackKind::Thread || tr.kind == TrackKind::Overflow)
        out += "/" + idText(s, tr.tid);
    return out;
}

// The first track whose describe() text is `d`; invalid when none.
inline TrackId findTrack(const EventStore& s, const QString& d)
{
    for (uint32_t t = 0; t < s.trackCount(); ++t)
        if (describe(s, TrackId(t)) == d)
            return TrackId(t);
    return TrackId();
}

// "begin-end" of a row range, "" when empty (where an empty range starts does not matter).
inline QString rowsText(RowRange r)
{
    return r.empty() ? QString() : QString("%1-%2").arg(r.begin).arg(r.end);
}

// "kind=n,kind=n" in kind order; "" when nothing was reported.
inline QString diagText(const EventStore& s)
{
    QStringList out;
    for (const auto& [k, n] : s.diagnostics().counts())
        out << QString("%1=%2").arg(qs(k)).arg(n);
    return out.join(',');
}

// One track's slices by level: "name@ts+dur<parentName ... | next level". Rows whose
// stored depth disagrees with their level are marked "!depth".
inline QString layout(const EventStore& s, TrackId t)
{
    QStringList levels;
    for (uint32_t d = 0; d < s.levelCount(t); ++d) {
        QStringList items;
        const RowRange r = s.level(t, d);
        for (uint32_t i = r.begin; i < r.end; ++i) {
            const SliceRow row(i);
            QString item
                = QString("%1@%2+%3").arg(qs(s.str(s.sliceName(row)))).arg(s.sliceTs(row)).arg(s.sliceDur(row));
            if (s.sliceParent(row).valid())
                item += "<" + qs(s.str(s.sliceName(s.sliceParent(row))));
            if (s.sliceDepth(row) != d)
                item += "!depth";
            items << item;
        }
        levels << items.join(' ');
    }
    return levels.join(" | ");
}

// Layouts of every track of `kind`, in track order, joined by " || ".
inline QString layouts(const EventStore& s, TrackKind kind)
{
    QStringList out;
    for (uint32_t t = 0; t < s.trackCount(); ++t)
        if (s.track(TrackId(t)).kind == kind)
            out << layout(s, TrackId(t));
    return out.join(" || ");
}

// "A>B C>D": flow edges in FlowId order, by slice name.
inline QString edgesText(const EventStore& s)
{
    QStringList out;
    for (uint32_t f = 0; f < s.flowCount(); ++f) {
        const FlowEdge& e = s.flow(FlowId(f));
        out << qs(s.str(s.sliceName(e.from))) + ">" + qs(s.str(s.sliceName(e.to)));
    }
    return out.join(' ');
}

// Builds from a small script, one event per ';'-separated step, all on pid 1 / tid 1:
//   X name ts dur | B name ts [cat] | E name ts [cat] ("-" = any name) | I ts (thread instant)
//   G ts (global instant) | C ts value (counter "mem") | b key name ts | e key name ts (async)
struct Script {
    StoreBuilder b;
    ProcessId pid = b.process(IdValue::number(1));
    uint32_t tid = b.thread(pid, IdValue::number(1));

    TypeId type(const QString& name, const QString& cat = "cat")
    {
        return b.type(b.intern(name.toStdString()), b.intern(cat.toStdString()));
    }
    StringId name(const QString& n) { return n == "-" ? StringId() : b.intern(n.toStdString()); }
    SliceHandle X(uint32_t t, const char* n, TimeNs ts, TimeNs dur) { return b.completeSlice(t, ts, dur, type(n), {}); }

    void run(const QString& script)
    {
        for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
            const QStringList a = step.split(' ', Qt::SkipEmptyParts);
            const QString op = a.value(0);
            if (op == "X")
                b.completeSlice(tid, a[2].toLongLong(), a[3].toLongLong(), type(a[1]), {});
            else if (op == "B")
                b.beginSlice(tid, a[2].toLongLong(), type(a[1], a.value(3, "cat")), {});
            else if (op == "E")
                b.endSlice(tid, a[2].toLongLong(), name(a[1]), a.size() > 3 ? name(a[3]) : StringId(), nullptr, 0);
            else if (op == "I")
                b.threadInstant(tid, a[1].toLongLong(), type("inst"), {});
            else if (op == "G")
                b.globalInstant(a[1].toLongLong(), type("global"), {});
            else if (op == "C")
                b.counter(pid, b.intern("mem"), a[1].toLongLong(), a[2].toDouble());
            else if (op == "b")
                b.asyncBegin(pid, a[1].toULongLong(), a[3].toLongLong(), type(a[2]), {});
            else if (op == "e")
                b.asyncEnd(pid, a[1].toULongLong(), a[3].toLongLong(), name(a[2]), nullptr, 0);
            else
                qFatal("bad script step '%s'", qPrintable(step));
        }
    }
};

// One arg of Builder::args(): a string, an integer or a double.
struct A {
    const char* key;
    enum { S, I, D } kind;
    const char* s = nullptr;
    int64_t i = 0;
    double d = 0;
    A(const char* k, const char* v)
        : key(k)
        , kind(S)
        , s(v)
    {
    }
    A(const char* k, int64_t v)
        : key(k)
        , kind(I)
        , i(v)
    {
    }
    A(const char* k, int v)
        : key(k)
        , kind(I)
        , i(v)
    {
    }
    A(const char* k, double v)
        : key(k)
        , kind(D)
        , d(v)
    {
    }
};

// A store made by hand: named processes and threads, complete slices of (name, category)
// types with typed args.
struct Builder {
    StoreBuilder b;

    TypeId type(const char* name, const char* cat = "") { return b.type(b.intern(name), b.intern(cat)); }
    ArgSetId args(std::initializer_list<A> list)
    {
        std::vector<Arg> out;
        for (const A& a : list) {
            const StringId k = b.intern(a.key);
            out.push_back(a.kind == A::S ? Arg::makeString(k, b.intern(a.s))
                    : a.kind == A::I     ? Arg::makeInt(k, a.i)
                                         : Arg::makeDouble(k, a.d));
        }
        return b.argSet(out.data(), out.size());
    }
    // Thread `tid` of process `pid`, both (re)named.
    uint32_t thread(int64_t pid, const char* process, int64_t tid, const char* name)
    {
        const ProcessId p = b.process(IdValue::number(pid));
        b.setProcessName(p, b.intern(process));
        const uint32_t t = b.thread(p, IdValue::number(tid));
        b.setThreadName(t, b.intern(name));
        return t;
    }
    SliceHandle X(uint32_t t, const char* name, const char* cat, TimeNs ts, TimeNs dur, ArgSetId a = {})
    {
        return b.completeSlice(t, ts, dur, type(name, cat), a);
    }
    // A slice of category "".
    SliceHandle X(uint32_t t, const char* name, TimeNs ts, TimeNs dur, ArgSetId a = {})
    {
        return b.completeSlice(t, ts, dur, type(name), a);
    }
    // The stores' on-chip memory: "LOCAL MEM", local, `size` bytes from 0x1000 in 4 banks,
    // mirrored by `lanes` lanes (0: not laned).
    MemorySpaceId localMemory(uint64_t size, uint32_t lanes = 0)
    {
        MemorySpace local;
        local.name = b.intern("LOCAL MEM");
        local.kind = MemoryKind::Local;
        local.base = 0x1000;
        local.size = size;
        local.banks = 4;
        local.lanes = lanes;
        return b.addMemorySpace(local);
    }
};

} // namespace storetest
