#include "measuresection.h"

#include <common/qstr.h>
#include <common/unitformat.h>

namespace strata::widgets {

using model::EventRef;
using store::TimeNs;

namespace {

struct Event {
    store::TimeRange range;
    QString name;
};

std::optional<Event> eventOf(const store::EventStore& s, EventRef e)
{
    if (e.kind == EventRef::Kind::Slice && e.row < s.sliceCount()) {
        const store::SliceRow r(e.row);
        return Event { { s.sliceTs(r), s.sliceEnd(r) }, qstr(s.str(s.sliceName(r))) };
    }
    if (e.kind == EventRef::Kind::Instant && e.row < s.instantCount()) {
        const store::InstantRow r(e.row);
        const TimeNs t = s.instantTs(r);
        return Event { { t, t }, qstr(s.str(s.types().get(s.instantType(r)).name)) };
    }
    return std::nullopt;
}

QString nanos(TimeNs ns)
{
    return UnitFormat::count(qint64(ns)) + QStringLiteral(" ns");
}

} // namespace

std::optional<MeasureSection> MeasureSection::build(const store::EventStore& store, EventRef current, EventRef measure)
{
    const std::optional<Event> a = eventOf(store, current), b = eventOf(store, measure);
    if (!a || !b || current == measure)
        return std::nullopt;
    MeasureSection m;
    m.other = measure;
    m.gap = analysis::EventGap::between(a->range, b->range);
    m.title = tr("Δ to %1").arg(b->name);
    m.delta = UnitFormat::precise(m.gap.delta());
    m.copyText = QString(m.delta).remove(QChar(0x2009));
    const TimeNs t0 = store.extent().start;
    const Event& earlier = m.gap.secondFirst ? *b : *a;
    const Event& later = m.gap.secondFirst ? *a : *b;
    const QString earlierWho = m.gap.secondFirst ? tr("that event") : tr("this event");
    const QString laterWho = m.gap.secondFirst ? tr("this event") : tr("that event");
    m.rows.push_back({ m.gap.overlap() ? tr("Δ (overlap)") : tr("Δ"), m.delta,
        m.gap.overlap() ? tr("%1 starts %2 before %3 ends").arg(later.name, nanos(-m.gap.delta()), earlier.name)
                        : nanos(m.gap.delta()) });
    // "this event" is the one Event Details is showing, "that event" the one the section
    // names; the names and raw times are in the tooltips.
    m.rows.push_back({ tr("From"), tr("end of %1 at %2").arg(earlierWho, UnitFormat::precise(m.gap.from - t0)),
        tr("The end of %1: %2 after the start of the trace").arg(earlier.name, nanos(m.gap.from - t0)) });
    m.rows.push_back({ tr("To"), tr("start of %1 at %2").arg(laterWho, UnitFormat::precise(m.gap.to - t0)),
        tr("The start of %1: %2 after the start of the trace").arg(later.name, nanos(m.gap.to - t0)) });
    return m;
}

} // namespace strata::widgets
