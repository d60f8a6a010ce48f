#include "defaultdocklayout.h"

#include <QDockWidget>
#include <QLayout>
#include <QMainWindow>

#include <algorithm>

namespace strata::app {

namespace {
QDockWidget* find(QMainWindow& w, const char* name)
{
    return w.findChild<QDockWidget*>(QLatin1String(name), Qt::FindDirectChildrenOnly);
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
    // The operator docks share the bottom area, side by side under the timeline.
    QDockWidget* ops = find(window, "operatorTableDock");
    QDockWidget* charts = find(window, "operatorChartsDock");
    QDockWidget* latency = find(window, "latencyDock");
    if (ops && charts && latency) {
        window.addDockWidget(Qt::BottomDockWidgetArea, ops);
        window.splitDockWidget(ops, charts, Qt::Horizontal);
        window.splitDockWidget(charts, latency, Qt::Horizontal);
    }
    // Search sits above Event Details, where its matches show.
    QDockWidget* search = find(window, "searchDock");
    QDockWidget* details = find(window, "eventDetailsDock");
    if (search && details)
        window.splitDockWidget(search, details, Qt::Vertical);
    // Wide views are tabs under the timeline, behind the operator table (which stays in
    // front): Compare (the operator table of two profiles), the summaries and the memory
    // chart, which runs on the timeline's time axis.
    // The code view and the marker table go behind Latency: six tabs in one group would
    // elide every title on a 1366-px screen.
    if (ops) {
        for (const char* name : { "compareDock", "overallSummaryDock", "selectionSummaryDock", "memoryDock" }) {
            if (QDockWidget* d = find(window, name))
                window.tabifyDockWidget(ops, d);
        }
        ops->raise();
    }
    if (QDockWidget* host = latency ? latency : ops) {
        for (const char* name : { "codeEditorDock", "annotationsDock" }) {
            if (QDockWidget* d = find(window, name))
                window.tabifyDockWidget(host, d);
        }
        host->raise();
    }
    applySizes(window);
}

void DefaultDockLayout::applySizes(QMainWindow& window)
{
    if (window.layout())
        window.layout()->activate(); // docks just re-added have no place to resize yet
    const int width = window.width(), height = window.height();
    // Outside in: the bottom area first, so the right column's height is settled before
    // Search takes its share of it.
    QDockWidget* ops = find(window, "operatorTableDock");
    QDockWidget* charts = find(window, "operatorChartsDock");
    QDockWidget* latency = find(window, "latencyDock");
    if (ops && charts && latency) { // the timeline keeps most of the height
        window.resizeDocks({ ops }, { height * 2 / 5 }, Qt::Vertical);
        window.resizeDocks(
            { ops, charts, latency }, { width * 44 / 100, width * 25 / 100, width * 31 / 100 }, Qt::Horizontal);
    }
    if (QDockWidget* d = find(window, "eventDetailsDock"))
        window.resizeDocks({ d }, { std::clamp(width * 6 / 25, 300, 440) }, Qt::Horizontal);
    if (window.layout())
        window.layout()->activate();
    // Search gets its fields, count and buttons, Event Details the rest of the column. Both
    // are given: resizing one alone leaves the split to Qt, which depends on the split before.
    QDockWidget* search = find(window, "searchDock");
    QDockWidget* details = find(window, "eventDetailsDock");
    if (search && details && search->widget() && !search->isFloating() && !details->isFloating()
        && window.dockWidgetArea(search) == window.dockWidgetArea(details)) {
        const int column = search->height() + details->height();
        const int want = std::min({ height * 2 / 5, search->widget()->sizeHint().height() + 24, column - 80 });
        window.resizeDocks({ search, details }, { want, column - want }, Qt::Vertical);
    }
}

} // namespace strata::app
