#include "eventtooltip.h"

#include <common/qstr.h>
#include <common/unitformat.h>

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace strata::widgets {

using store::TimeNs;

namespace {
QString trackPath(const store::EventStore& s, store::TrackId t)
{
    const store::TrackInfo& info = s.track(t);
    QString track = qstr(s.trackLabel(t));
    if (!info.process.valid())
        return track;
    return qstr(s.processLabel(info.process)) + QStringLiteral(" › ") + track;
}
} // namespace

QString TooltipContent::text() const
{
    QString out = title;
    for (const auto& [k, v] : fields)
        out += QLatin1Char('\n') + k + QStringLiteral(": ") + v;
    return out;
}

QString EventTooltip::argValue(const store::EventStore& store, const store::Arg& a)
{
    switch (a.kind) {
    case store::ArgKind::Null: return QStringLiteral("null");
    case store::ArgKind::Bool: return a.i ? QStringLiteral("true") : QStringLiteral("false");
    case store::ArgKind::Int: return QString::number(a.i);
    case store::ArgKind::Uint: return QString::number(a.u);
    case store::ArgKind::Double: return UnitFormat::value(a.d);
    case store::ArgKind::String: return qstr(store.str(a.stringValue()));
    }
    return {};
}

TooltipContent EventTooltip::forEvent(const store::EventStore& s, model::EventRef e)
{
    TooltipContent c;
    if (!e.valid())
        return c;
    const TimeNs origin = s.extent().start;
    store::TypeId type;
    store::ArgSetId args;
    if (e.kind == model::EventRef::Kind::Slice) {
        const store::SliceRow r(e.row);
        if (r.v >= s.sliceCount())
            return c;
        type = s.sliceType(r);
        args = s.sliceArgs(r);
        const store::EventType& et = s.types().get(type);
        c.title = qstr(s.str(et.name));
        if (et.category.valid() && !s.str(et.category).empty())
            c.fields.push_back({ QStringLiteral("Category"), qstr(s.str(et.category)) });
        c.fields.push_back({ QStringLiteral("Track"), trackPath(s, s.sliceTrack(r)) });
        c.fields.push_back({ QStringLiteral("Start"), UnitFormat::precise(s.sliceTs(r) - origin) });
        c.fields.push_back({ QStringLiteral("Duration"), UnitFormat::duration(s.sliceDur(r)) });
        const std::vector<store::SliceRow> up = s.ancestors(r);
        if (!up.empty()) {
            QStringList chain;
            // Root first, at most four levels, the nearest ones kept.
            const size_t shown = std::min<size_t>(up.size(), 4);
            if (up.size() > shown)
                chain << QStringLiteral("…");
            for (size_t i = shown; i > 0; --i)
                chain << qstr(s.str(s.sliceName(up[i - 1])));
            c.fields.push_back({ QStringLiteral("Parents"), chain.join(QStringLiteral(" › ")) });
        }
        if (et.source.valid())
            c.fields.push_back({ QStringLiteral("Source"), qstr(s.str(et.source)) });
    } else {
        const store::InstantRow r(e.row);
        if (r.v >= s.instantCount())
            return c;
        type = s.instantType(r);
        args = s.instantArgs(r);
        const store::EventType& et = s.types().get(type);
        c.title = qstr(s.str(et.name));
        if (et.category.valid() && !s.str(et.category).empty())
            c.fields.push_back({ QStringLiteral("Category"), qstr(s.str(et.category)) });
        c.fields.push_back({ QStringLiteral("Time"), UnitFormat::precise(s.instantTs(r) - origin) });
    }
    // The first args, minus a "source" already shown from the event's type.
    const bool hasSource = s.types().get(type).source.valid();
    const size_t n = s.args().size(args);
    size_t shown = 0, skipped = 0;
    for (size_t i = 0; i < n && shown < size_t(kMaxArgs); ++i) {
        const store::Arg a = s.args().at(args, i);
        if (hasSource && s.str(a.key) == "source") {
            ++skipped;
            continue;
        }
        QString v = argValue(s, a);
        if (v.size() > 80)
            v = v.left(79) + QChar(0x2026);
        c.fields.push_back({ qstr(s.str(a.key)), v });
        ++shown;
    }
    if (n > shown + skipped)
        c.fields.push_back({ QStringLiteral("…"), QStringLiteral("%1 more args").arg(n - shown - skipped) });
    return c;
}

TooltipContent EventTooltip::forTrack(const store::EventStore& s, store::TrackId track)
{
    TooltipContent c;
    const store::TrackInfo& info = s.track(track);
    c.title = qstr(s.trackLabel(track));
    if (info.process.valid())
        c.fields.push_back({ QStringLiteral("Process"), qstr(s.processLabel(info.process)) });
    c.fields.push_back({ QStringLiteral("Kind"), QString::fromLatin1(store::trackKindName(info.kind)) });
    if (info.kind == store::TrackKind::Thread)
        c.fields.push_back({ QStringLiteral("Thread id"),
            info.tid.isString ? qstr(s.str(info.tid.str)) : QString::number(info.tid.num) });
    if (!info.slices.empty()) {
        c.fields.push_back({ QStringLiteral("Slices"), UnitFormat::count(quint64(info.slices.size())) });
        c.fields.push_back({ QStringLiteral("Depth"), UnitFormat::count(quint64(info.levelCount)) });
    }
    if (!info.instants.empty())
        c.fields.push_back({ QStringLiteral("Instants"), UnitFormat::count(quint64(info.instants.size())) });
    // The legend of the bars' heights, where the importer gave one (Sophgo's GDMA and TIU).
    if (info.heightMeaning.valid() && !info.slices.empty()) {
        c.fields.push_back({ QStringLiteral("Bar height"), qstr(s.str(info.heightMeaning)) });
        if (info.heightFull.valid())
            c.fields.push_back({ QStringLiteral("Full height"), qstr(s.str(info.heightFull)) });
    }
    if (info.counter.valid()) {
        const store::CounterSeries& series = s.counter(info.counter);
        c.fields.push_back({ QStringLiteral("Samples"), UnitFormat::count(quint64(series.samples.size())) });
        c.fields.push_back({ QStringLiteral("Range"),
            UnitFormat::number(series.minValue) + QStringLiteral(" – ") + UnitFormat::number(series.maxValue) });
    }
    return c;
}

TooltipContent EventTooltip::forCounter(const store::EventStore& s, store::TrackId track, TimeNs t)
{
    TooltipContent c;
    const store::TrackInfo& info = s.track(track);
    if (!info.counter.valid())
        return c;
    const store::RowRange r = s.counterRange(info.counter, t, t);
    if (r.empty() || s.counterTs(r.begin) > t)
        return c;
    const store::CounterSeries& series = s.counter(info.counter);
    c.title = qstr(s.str(series.name));
    c.fields.push_back({ QStringLiteral("Value"), UnitFormat::value(s.counterValue(r.begin)) });
    c.fields.push_back({ QStringLiteral("Since"), UnitFormat::precise(s.counterTs(r.begin) - s.extent().start) });
    c.fields.push_back({ QStringLiteral("Range"),
        UnitFormat::number(series.minValue) + QStringLiteral(" – ") + UnitFormat::number(series.maxValue) });
    if (info.process.valid())
        c.fields.push_back({ QStringLiteral("Process"), qstr(s.processLabel(info.process)) });
    return c;
}

void EventTooltip::paint(
    QPainter& p, const TooltipContent& c, QPoint anchor, const QRect& bounds, const QPalette& pal, const QFont& font)
{
    if (c.empty())
        return;
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics fm(font), fmb(bold);
    const int maxValueW = 420;
    int keyW = 0, valueW = 0;
    for (const auto& [k, v] : c.fields) {
        keyW = std::max(keyW, fm.horizontalAdvance(k));
        valueW = std::max(valueW, std::min(maxValueW, fm.horizontalAdvance(v)));
    }
    const int pad = 8, gap = 10, lineH = fm.height() + 1;
    // Keys move right by a swatch when any field has one, so keys and values stay aligned.
    const bool swatches
        = std::any_of(c.swatches.begin(), c.swatches.end(), [](const QColor& k) { return k.isValid(); });
    const int swatch = swatches ? fm.ascent() : 0;
    keyW += swatches ? swatch + 6 : 0;
    const QString title = fmb.elidedText(c.title, Qt::ElideMiddle, keyW + gap + maxValueW);
    const int w = std::max(fmb.horizontalAdvance(title), keyW + gap + valueW) + 2 * pad;
    const int h = pad * 2 + fmb.height() + 4 + lineH * int(c.fields.size());
    QRect box(anchor + QPoint(16, 18), QSize(w, h));
    if (box.right() > bounds.right())
        box.moveRight(anchor.x() - 12);
    if (box.bottom() > bounds.bottom())
        box.moveBottom(anchor.y() - 8);
    box.moveLeft(std::max(box.left(), bounds.left()));
    box.moveTop(std::max(box.top(), bounds.top()));

    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor border = pal.color(QPalette::ToolTipText);
    border.setAlpha(60);
    p.setPen(QPen(border, 1));
    p.setBrush(pal.color(QPalette::ToolTipBase));
    p.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::ToolTipText));
    int y = box.top() + pad + fmb.ascent();
    p.drawText(box.left() + pad, y, title);
    y += fmb.descent() + 4;
    QColor keyColor = pal.color(QPalette::ToolTipText);
    keyColor.setAlpha(150);
    p.setFont(font);
    for (size_t i = 0; i < c.fields.size(); ++i) {
        const auto& [k, v] = c.fields[i];
        y += lineH;
        if (i < c.swatches.size() && c.swatches[i].isValid())
            p.fillRect(QRect(box.left() + pad, y - fm.descent() - 1 - swatch + 1, swatch, swatch), c.swatches[i]);
        p.setPen(keyColor);
        p.drawText(box.left() + pad + (swatches ? swatch + 6 : 0), y - fm.descent() - 1, k);
        p.setPen(pal.color(QPalette::ToolTipText));
        p.drawText(box.left() + pad + keyW + gap, y - fm.descent() - 1, fm.elidedText(v, Qt::ElideRight, maxValueW));
    }
    p.restore();
}

} // namespace strata::widgets
