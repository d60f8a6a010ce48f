#include "tracklabels.h"

#include <common/qstr.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>

namespace strata::widgets {

namespace {
QColor muted(const QPalette& pal, int alpha = 140)
{
    QColor c = pal.color(QPalette::WindowText);
    c.setAlpha(alpha);
    return c;
}

void drawChevron(QPainter& p, QPointF c, bool collapsed, const QColor& color)
{
    QPainterPath path;
    if (collapsed) {
        path.moveTo(c + QPointF(-2, -4));
        path.lineTo(c + QPointF(3, 0));
        path.lineTo(c + QPointF(-2, 4));
    } else {
        path.moveTo(c + QPointF(-4, -2));
        path.lineTo(c + QPointF(0, 3));
        path.lineTo(c + QPointF(4, -2));
    }
    path.closeSubpath();
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.fillPath(path, color);
    p.restore();
}
} // namespace

void TrackLabels::paintCorner(QPainter& p, const QRect& corner, int overviewHeight, const QString& trace,
    const QString& view, const QPalette& pal, const QFont& font)
{
    p.save();
    p.fillRect(corner, pal.color(QPalette::Window));
    const QColor line = TimelineStyle::from(pal).border;
    p.fillRect(QRect(corner.right(), corner.top(), 1, corner.height()), line);
    p.fillRect(QRect(corner.left(), corner.top() + overviewHeight - 1, corner.width(), 1), line);
    p.fillRect(QRect(corner.left(), corner.bottom(), corner.width(), 1), line);
    p.setFont(font);
    const QFontMetrics fm(font);
    const QRect text = corner.adjusted(14, 0, -8, 0);
    p.setPen(muted(pal, 150));
    p.drawText(QRect(text.left(), corner.top(), text.width(), overviewHeight), Qt::AlignVCenter | Qt::AlignLeft,
        fm.elidedText(trace, Qt::ElideRight, text.width()));
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(text.left(), corner.top() + overviewHeight, text.width(), corner.height() - overviewHeight),
        Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(view, Qt::ElideRight, text.width()));
    p.restore();
}

QColor TrackLabels::rankLine(const ThemePalette& st)
{
    return ThemePalette::mix(st.base, st.text, st.dark ? 0.45 : 0.38);
}

QString TrackLabels::processSubtitle(const store::EventStore& store, const LayoutRow& row)
{
    if (row.collapsed)
        return row.trackCount == 1 ? QStringLiteral("1 track") : QStringLiteral("%1 tracks").arg(row.trackCount);
    const store::ProcessInfo& info = store.process(row.process);
    if (info.labels.valid())
        return qstr(store.str(info.labels)).replace(QLatin1Char(','), QStringLiteral(", "));
    return {};
}

QString TrackLabels::elided(const QFontMetrics& fm, const QString& name, int width)
{
    if (fm.horizontalAdvance(name) <= width)
        return name;
    // The id that tells sibling tracks apart: a leading "thread 1454" or "Stream 101", or a
    // trailing "(pid 17)", "(overlap 2)", "(3)" or " 108".
    static const QRegularExpression leading(
        QStringLiteral("^(?:thread|stream|tid|pid|queue|lane|rank|core|device|gpu|npu|mtia)\\s*#?\\d+\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression trailing(QStringLiteral("(?:\\s*\\((?:[A-Za-z]+ )?\\d+\\)|\\s+#?\\d+)$"));
    const QRegularExpressionMatch head = leading.match(name), tail = trailing.match(name);
    const int headLength = head.hasMatch() ? int(head.capturedLength()) : 0;
    const int tailStart
        = tail.hasMatch() && tail.capturedStart() > headLength ? int(tail.capturedStart()) : name.size();
    const QString before = name.left(headLength), after = name.mid(tailStart);
    const QString middle = name.mid(headLength, tailStart - headLength);
    const int room = width - fm.horizontalAdvance(before) - fm.horizontalAdvance(after);
    if ((before.isEmpty() && after.isEmpty()) || room < fm.horizontalAdvance(QStringLiteral("\u2026xx")))
        return fm.elidedText(name, Qt::ElideMiddle, width);
    // The descriptive part loses its middle; its leading space stays so the id reads apart.
    const bool space = middle.startsWith(QLatin1Char(' '));
    const QString described = space ? middle.mid(1) : middle;
    const int spaceWidth = space ? fm.horizontalAdvance(QLatin1Char(' ')) : 0;
    return before + (space ? QStringLiteral(" ") : QString())
        + fm.elidedText(described, Qt::ElideMiddle, room - spaceWidth) + after;
}

void TrackLabels::paint(QPainter& p, const QRect& column, int originY, const TimelineLayout& layout,
    const store::EventStore& store, const QPalette& pal, const QFont& font, int hoveredRow)
{
    p.save();
    p.setClipRect(column);
    p.fillRect(column, pal.color(QPalette::Window));
    QFont bold = font;
    bold.setBold(true);
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.88);
    const QFontMetrics fm(font), fmb(bold), fms(small);
    const QColor line = TimelineStyle::from(pal).border;
    QColor hover = pal.color(QPalette::Highlight);
    hover.setAlpha(28);

    const auto [first, last] = layout.rowsIn(column.top() - originY, column.bottom() + 1 - originY);
    for (int i = first; i < last; ++i) {
        const LayoutRow& row = layout.rows()[i];
        const QRect r(column.left(), originY + row.y, column.width(), row.height);
        if (row.kind == LayoutRow::Kind::Process) {
            const QColor band = TimelineStyle::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.05);
            p.fillRect(r, band);
            if (i == hoveredRow)
                p.fillRect(r, hover);
            drawChevron(p, QPointF(r.left() + 11, r.center().y() + 0.5), row.collapsed, muted(pal, 200));
            const int x = r.left() + 20;
            const int avail = r.right() - 6 - x;
            const QString name = fmb.elidedText(qstr(store.processLabel(row.process)), Qt::ElideRight, avail);
            const int baseline = r.top() + (r.height() + fmb.ascent() - fmb.descent()) / 2;
            p.setFont(bold);
            p.setPen(pal.color(QPalette::WindowText));
            p.drawText(x, baseline, name);
            const QString sub = processSubtitle(store, row);
            const int used = fmb.horizontalAdvance(name) + 8;
            if (!sub.isEmpty() && avail - used > 30) {
                p.setFont(small);
                p.setPen(muted(pal));
                p.drawText(x + used, baseline, fms.elidedText(sub, Qt::ElideRight, avail - used));
            }
        } else if (row.kind == LayoutRow::Kind::Lane) {
            if (i == hoveredRow)
                p.fillRect(r, hover);
            p.setFont(small);
            p.setPen(muted(pal));
            const int x = textLeft(r, row.indent);
            const int baseline = r.top() + (r.height() + fms.ascent() - fms.descent()) / 2;
            p.drawText(x, baseline, fms.elidedText(QStringLiteral("Overlap"), Qt::ElideRight, r.right() - 6 - x));
        } else {
            if (i == hoveredRow)
                p.fillRect(r, hover);
            const store::TrackInfo& info = store.track(row.track);
            const int x = textLeft(r, row.indent);
            int right = r.right() - 6;
            QString tid;
            if (info.kind == store::TrackKind::Thread && !info.tid.isString)
                tid = QString::number(info.tid.num);
            p.setFont(small);
            if (!tid.isEmpty() && info.name.valid()) {
                p.setPen(muted(pal, 110));
                const int tw = fms.horizontalAdvance(tid);
                p.drawText(right - tw, r.top() + 4 + fm.ascent(), tid);
                right -= tw + 8;
            }
            p.setFont(font);
            p.setPen(info.kind == store::TrackKind::Overflow ? muted(pal, 190) : pal.color(QPalette::WindowText));
            const int firstLineBase
                = r.top() + std::min(4 + fm.ascent(), (r.height() + fm.ascent() - fm.descent()) / 2);
            p.drawText(x, firstLineBase, elided(fm, qstr(store.trackLabel(row.track)), right - x));
            if (info.kind == store::TrackKind::Counter && info.counter.valid()) {
                const store::CounterSeries& c = store.counter(info.counter);
                p.setFont(small);
                p.setPen(muted(pal));
                const QString range
                    = UnitFormat::number(c.minValue) + QStringLiteral(" – ") + UnitFormat::number(c.maxValue);
                p.drawText(
                    x, firstLineBase + fms.height() + 2, fms.elidedText(range, Qt::ElideRight, r.right() - 6 - x));
            }
        }
        p.fillRect(QRect(r.left(), r.bottom(), r.width(), 1), line);
        if (row.rankStart)
            p.fillRect(QRect(r.left(), r.top(), r.width(), kRankLine), rankLine(TimelineStyle::from(pal)));
    }
    p.fillRect(QRect(column.right(), column.top(), 1, column.height()), line);
    p.restore();
}

} // namespace strata::widgets
