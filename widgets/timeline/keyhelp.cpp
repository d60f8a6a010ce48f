#include "keyhelp.h"

#include <QPainter>

namespace strata::widgets {

const std::vector<std::pair<QString, QString>>& KeyHelp::entries()
{
    static const std::vector<std::pair<QString, QString>> kEntries = {
        { QStringLiteral("W / S"), QStringLiteral("Zoom in / out at the cursor (Shift: faster)") },
        { QStringLiteral("A / D, ← / →"), QStringLiteral("Pan left / right (Shift: faster)") },
        { QStringLiteral("↑ / ↓"), QStringLiteral("Scroll tracks") },
        { QStringLiteral("Ctrl + wheel"), QStringLiteral("Zoom at the cursor") },
        { QStringLiteral("Shift + wheel"), QStringLiteral("Pan") },
        { QStringLiteral("Wheel"), QStringLiteral("Scroll tracks") },
        { QStringLiteral("Drag time axis"), QStringLiteral("Pan") },
        { QStringLiteral("Drag on tracks"), QStringLiteral("Select a time range") },
        { QStringLiteral("Drag overview"), QStringLiteral("Move the visible window") },
        { QStringLiteral("Click"), QStringLiteral("Select an event; empty space clears") },
        { QStringLiteral("Double-click"), QStringLiteral("Zoom to the event") },
        { QStringLiteral("Ctrl + click"), QStringLiteral("Select an event and show its source line") },
        { QStringLiteral("Shift + click"), QStringLiteral("Measure from the selected event to this one") },
        { QStringLiteral("[ / ]"), QStringLiteral("Previous / next event along the selected event's flows") },
        { QStringLiteral("{ / }"), QStringLiteral("Comparing: previous / next instance pair in A and B") },
        { QStringLiteral("F"), QStringLiteral("Zoom to the time selection or the selected event") },
        { QStringLiteral("0"), QStringLiteral("Show the whole trace") },
        { QStringLiteral("Alt + ← / →"), QStringLiteral("Back / forward in view history") },
        { QStringLiteral("Click a process"), QStringLiteral("Collapse or expand it") },
        { QStringLiteral("M, right-click"),
            QStringLiteral("Drop a marker at the cursor, on an edge of the row under it (Alt: no snapping)") },
        { QStringLiteral("Drag a marker"), QStringLiteral("Move it; it snaps to the row's slice edges (Alt: not)") },
        { QStringLiteral("Del"), QStringLiteral("Remove the selected marker") },
        { QStringLiteral("Esc"), QStringLiteral("Clear the selection and the measurement") },
        { QStringLiteral("?"), QStringLiteral("Show or hide this list") },
    };
    return kEntries;
}

void KeyHelp::paint(QPainter& p, const QRect& area, const QPalette& pal, const QFont& font)
{
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics fm(font), fmb(bold);
    int keyW = 0, textW = 0;
    for (const auto& [k, t] : entries()) {
        keyW = std::max(keyW, fmb.horizontalAdvance(k));
        textW = std::max(textW, fm.horizontalAdvance(t));
    }
    const int pad = 16, gap = 18, lineH = fm.height() + 5;
    const QString title = QStringLiteral("Timeline keys");
    const int w = keyW + gap + textW + 2 * pad;
    const int h = 2 * pad + fmb.height() + 10 + lineH * int(entries().size());
    QRect box(0, 0, w, h);
    box.moveCenter(area.center());
    box.moveTop(std::max(area.top() + 8, box.top()));

    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor border = pal.color(QPalette::WindowText);
    border.setAlpha(60);
    p.setPen(QPen(border, 1));
    p.setBrush(pal.color(QPalette::Window));
    p.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    p.setRenderHint(QPainter::Antialiasing, false);
    int y = box.top() + pad + fmb.ascent();
    p.setFont(bold);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(box.left() + pad, y, title);
    y += fmb.descent() + 10;
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlpha(190);
    for (const auto& [k, t] : entries()) {
        y += lineH;
        p.setFont(bold);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(box.left() + pad, y - fm.descent() - 2, k);
        p.setFont(font);
        p.setPen(muted);
        p.drawText(box.left() + pad + keyW + gap, y - fm.descent() - 2, t);
    }
    p.restore();
}

} // namespace strata::widgets
