#include "defaultdocklayout.h"

#include <window/dockregistry.h>

#include <QDockWidget>
#include <QLayout>
#include <QMainWindow>

#include <algorithm>
#include <array>

namespace strata::app {

namespace {

// The bottom row's widths, in percent of the window, for the row these were chosen for
// (Operator Table, Operator Charts, Latency); a row of another length shares equally.
constexpr std::array<int, 3> kBottomShares { 44, 25, 31 };

// The docks of the window placed in `area`, in their order; a missing one is left out.
QList<QDockWidget*> placed(QMainWindow& w, DockArea area)
{
    QList<QDockWidget*> out;
    for (const DockSpec* spec : DockRegistry::in(area)) {
        if (auto* d = w.findChild<QDockWidget*>(QLatin1String(spec->id), Qt::FindDirectChildrenOnly))
            out << d;
    }
    return out;
}

void tabBehind(QMainWindow& window, QDockWidget* host, const QList<QDockWidget*>& tabs)
{
    if (!host)
        return;
    for (QDockWidget* d : tabs)
        window.tabifyDockWidget(host, d);
    host->raise();
}

} // namespace

void DefaultDockLayout::arrange(QMainWindow& window, const QList<QDockWidget*>& docks)
{
    for (QDockWidget* d : docks) {
        d->setFloating(false);
        window.removeDockWidget(d);
        window.addDockWidget(Qt::RightDockWidgetArea, d);
        d->show();
    }
    // The bottom row shares the area under the timeline, side by side.
    const QList<QDockWidget*> row = placed(window, DockArea::Bottom);
    if (!row.isEmpty())
        window.addDockWidget(Qt::BottomDockWidgetArea, row.first());
    for (int i = 1; i < row.size(); ++i)
        window.splitDockWidget(row[i - 1], row[i], Qt::Horizontal);
    // The right column, top to bottom: Search sits above Event Details, where its matches show.
    const QList<QDockWidget*> column = placed(window, DockArea::Right);
    for (int i = 1; i < column.size(); ++i)
        window.splitDockWidget(column[i - 1], column[i], Qt::Vertical);
    // Wide views are tabs under the timeline, behind the first of the row (which stays in
    // front): Compare (the operator table of two profiles), the summaries and the memory
    // chart, which runs on the timeline's time axis. The code view and the marker table go
    // behind the last: DockRegistry checks that no group grows past five tabs.
    tabBehind(window, row.value(0), placed(window, DockArea::BehindBottomFirst));
    tabBehind(window, row.isEmpty() ? nullptr : row.last(), placed(window, DockArea::BehindBottomLast));
    // Findings, a tab behind Search (the column's first, and its taller part).
    tabBehind(window, column.value(0), placed(window, DockArea::BehindRightFirst));
    applySizes(window);
}

void DefaultDockLayout::applySizes(QMainWindow& window)
{
    if (window.layout())
        window.layout()->activate(); // docks just re-added have no place to resize yet
    const int width = window.width(), height = window.height();
    // Outside in: the bottom area first, so the right column's height is settled before
    // Search takes its share of it.
    const QList<QDockWidget*> row = placed(window, DockArea::Bottom);
    if (!row.isEmpty()) { // the timeline keeps most of the height
        window.resizeDocks({ row.first() }, { height * 2 / 5 }, Qt::Vertical);
        QList<int> widths;
        for (int i = 0; i < row.size(); ++i)
            widths << (row.size() == int(kBottomShares.size()) ? width * kBottomShares[size_t(i)] / 100
                                                               : width / int(row.size()));
        window.resizeDocks(row, widths, Qt::Horizontal);
    }
    const QList<QDockWidget*> column = placed(window, DockArea::Right);
    if (!column.isEmpty())
        window.resizeDocks({ column.last() }, { std::clamp(width * 6 / 25, 300, 440) }, Qt::Horizontal);
    if (window.layout())
        window.layout()->activate();
    // Search gets its fields, count and buttons, Event Details the rest of the column. Both
    // are given: resizing one alone leaves the split to Qt, which depends on the split before.
    // (A longer column is left to Qt's split.)
    if (column.size() != 2)
        return;
    QDockWidget* top = column.first();
    QDockWidget* bottom = column.last();
    if (top->widget() && !top->isFloating() && !bottom->isFloating()
        && window.dockWidgetArea(top) == window.dockWidgetArea(bottom)) {
        const int total = top->height() + bottom->height();
        const int want = std::min({ height * 2 / 5, top->widget()->sizeHint().height() + 24, total - 80 });
        window.resizeDocks({ top, bottom }, { want, total - want }, Qt::Vertical);
    }
}

} // namespace strata::app
