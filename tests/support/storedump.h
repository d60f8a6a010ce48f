#pragma once
// Every answer a store's accessors give, as text: two stores are identical for the snapshot
// tests when their dumps are equal, and walking a dump of a store read from a mutated file
// is how the mutation test and the fuzz target show that nothing in it faults. Std only.
#include <store/eventstore.h>

#include <cstdio>
#include <string>

namespace snapshottest {

using namespace strata::store;

class StoreDump {
public:
    static std::string text(const EventStore& s)
    {
        StoreDump d(s);
        d.tables();
        d.slices();
        d.others();
        d.memory();
        return std::move(d.m_out);
    }

private:
    explicit StoreDump(const EventStore& s)
        : m_s(s)
    {
    }
    template <typename... T> void line(const char* fmt, T... v)
    {
        char buf[512];
        std::snprintf(buf, sizeof buf, fmt, v...);
        m_out += buf;
        m_out += '\n';
    }
    void str(StringId id)
    {
        m_out += '"';
        m_out += m_s.str(id);
        m_out += "\"\n";
    }
    static long long ll(int64_t v) { return (long long)v; }
    static unsigned long long ull(uint64_t v) { return (unsigned long long)v; }

    void tables()
    {
        line("strings %zu types %zu argsets %zu", m_s.strings().size(), m_s.types().size(), m_s.args().setCount());
        for (uint32_t i = 0; i < m_s.strings().size(); ++i)
            str(StringId(i));
        for (uint32_t i = 0; i < m_s.types().size(); ++i) {
            const EventType& t = m_s.types().get(TypeId(i));
            line("type %u %u %u", t.name.v, t.category.v, t.source.v);
        }
        for (uint32_t a = 0; a < m_s.args().setCount(); ++a)
            for (const Arg& arg : m_s.args().get(ArgSetId(a))) {
                double num = 0;
                const bool isNum = arg.number(&num);
                line("arg %u key %u kind %d i %lld s %u num %d %.17g", a, arg.key.v, int(arg.kind), ll(arg.i),
                    arg.stringValue().v, int(isNum), num);
            }
        for (uint32_t p = 0; p < m_s.processCount(); ++p) {
            const ProcessInfo& i = m_s.process(ProcessId(p));
            line("process %u %s name %u labels %u sort %d %d", p, m_s.processLabel(ProcessId(p)).c_str(), i.name.v,
                i.labels.v, i.sortIndex, int(i.hasSortIndex));
        }
        for (uint32_t t = 0; t < m_s.trackCount(); ++t) {
            const TrackInfo& i = m_s.track(TrackId(t));
            line("track %u %s kind %s role %s process %u tid %d/%lld/%u name %u sort %d parent %u lane %u counter %u "
                 "levels %u+%u slices %u-%u instants %u-%u height %u %u",
                t, m_s.trackLabel(TrackId(t)).c_str(), trackKindName(i.kind), trackRoleName(i.role), i.process.v,
                int(i.tid.isString), ll(i.tid.num), i.tid.str.v, i.name.v, i.sortIndex, i.parent.v, i.lane, i.counter.v,
                i.levelBegin, i.levelCount, i.slices.begin, i.slices.end, i.instants.begin, i.instants.end,
                i.heightMeaning.v, i.heightFull.v);
        }
    }

    void slices()
    {
        line("slices %zu heights %d", m_s.sliceCount(), int(m_s.hasSliceHeights()));
        for (uint32_t i = 0; i < m_s.sliceCount(); ++i) {
            const SliceRow r(i);
            const RowRange c = m_s.children(r);
            line("slice %u ts %lld dur %lld end %lld type %u name %u args %u parent %u depth %u track %u self %lld "
                 "height %.4f children %u-%u ancestors %zu out %zu in %zu",
                i, ll(m_s.sliceTs(r)), ll(m_s.sliceDur(r)), ll(m_s.sliceEnd(r)), m_s.sliceType(r).v, m_s.sliceName(r).v,
                m_s.sliceArgs(r).v, m_s.sliceParent(r).v, m_s.sliceDepth(r), m_s.sliceTrack(r).v, ll(m_s.sliceSelf(r)),
                double(m_s.sliceHeight(r)), c.begin, c.end, m_s.ancestors(r).size(), m_s.flowsOut(r).size(),
                m_s.flowsIn(r).size());
        }
        const TimeRange e = m_s.extent();
        const TimeNs mid = e.start / 2 + e.end / 2;
        for (uint32_t t = 0; t < m_s.trackCount(); ++t) {
            const TrackId id(t);
            for (uint32_t d = 0; d < m_s.levelCount(id); ++d) {
                const RowRange lv = m_s.level(id, d), in = m_s.slicesInRange(id, d, e.start, mid);
                line("level %u/%u %u-%u range %u-%u first %u %u hit %u", t, d, lv.begin, lv.end, in.begin, in.end,
                    m_s.firstStartAtOrAfter(lv, mid), m_s.firstStartAfter(lv, mid),
                    m_s.hitTestLevel(id, d, mid, e.duration() / 8).v);
            }
            const RowRange inst = m_s.instantsInRange(id, e.start, mid);
            line("track %u hit %u instants %u-%u", t, m_s.hitTest(id, mid, e.duration() / 8).v, inst.begin, inst.end);
        }
    }

    void others()
    {
        const TimeRange e = m_s.extent();
        line("instants %zu extent %lld %lld", m_s.instantCount(), ll(e.start), ll(e.end));
        for (uint32_t i = 0; i < m_s.instantCount(); ++i)
            line("instant %u %lld %u %u", i, ll(m_s.instantTs(InstantRow(i))), m_s.instantType(InstantRow(i)).v,
                m_s.instantArgs(InstantRow(i)).v);
        for (uint32_t c = 0; c < m_s.counterCount(); ++c) {
            const CounterSeries& cs = m_s.counter(CounterId(c));
            const RowRange r = m_s.counterRange(CounterId(c), e.start, e.start / 2 + e.end / 2);
            line("counter %u process %u name %u track %u samples %u-%u min %.17g max %.17g range %u-%u", c,
                cs.process.v, cs.name.v, cs.track.v, cs.samples.begin, cs.samples.end, cs.minValue, cs.maxValue,
                r.begin, r.end);
        }
        for (uint32_t i = 0; i < m_s.counterSampleCount(); ++i)
            line("sample %u %lld %.17g", i, ll(m_s.counterTs(i)), m_s.counterValue(i));
        for (uint32_t f = 0; f < m_s.flowCount(); ++f) {
            const FlowEdge& fe = m_s.flow(FlowId(f));
            line("flow %u %u>%u name %u cat %u", f, fe.from.v, fe.to.v, fe.name.v, fe.category.v);
        }
        for (const auto& [kind, n] : m_s.diagnostics().counts())
            line("diagnostic %s %llu", kind.c_str(), ull(n));
        for (const std::string& m : m_s.diagnostics().messages())
            line("message %s", m.c_str());
        const SkippedContent& sk = m_s.skipped();
        line("skipped %s|%s|%s total %llu has %d", sk.source().c_str(), sk.unit().c_str(), sk.shown().c_str(),
            ull(sk.total()), int(sk.hasSkipped()));
        for (const SkippedContent::Kind& k : sk.kinds())
            line("kind %s|%s|%s %llu %d", k.key.c_str(), k.one.c_str(), k.many.c_str(), ull(k.count), int(k.skipped));
        for (const auto& [k, v] : m_s.metadata())
            line("metadata %s=%s", k.c_str(), v.c_str());
    }

    void memory()
    {
        const MemoryAccessTable& m = m_s.memoryAccesses();
        line("memory spaces %zu regions %zu accesses %zu", m.spaceCount(), m.regions().size(), m.size());
        for (uint32_t i = 0; i < m.spaceCount(); ++i) {
            const MemorySpaceId id(i);
            const MemorySpace& sp = m.space(id);
            const RowRange r = m.rowsOf(id);
            const RowRange c = m.candidates(id, m_s.extent().start, m_s.extent().end);
            line("space %u name %u kind %d base %llu size %llu banks %u lanes %u rows %u-%u candidates %u-%u "
                 "accessed %llu-%llu bank %u",
                i, sp.name.v, int(sp.kind), ull(sp.base), ull(sp.size), sp.banks, sp.lanes, r.begin, r.end, c.begin,
                c.end, ull(m.accessedRange(id).first), ull(m.accessedRange(id).second), m.bankOf(id, sp.base));
        }
        for (const MemoryRegion& g : m.regions())
            line("region %u %llu %llu %u %u %lld %lld", g.space.v, ull(g.address), ull(g.size), g.label.v, g.category.v,
                ll(g.alloc), ll(g.free));
        for (uint32_t i = 0; i < m.size(); ++i)
            line("access %u %lld %lld %llu %llu space %u write %d lane %u bank %u slice %u of %zu", i, ll(m.start(i)),
                ll(m.end(i)), ull(m.address(i)), ull(m.bytes(i)), m.spaceOf(i).v, int(m.isWrite(i)), m.lane(i),
                m.bank(i), m.slice(i).v, m.slice(i).valid() ? m.accessesOf(m.slice(i)).size() : size_t(0));
    }

    const EventStore& m_s;
    std::string m_out;
};

} // namespace snapshottest
