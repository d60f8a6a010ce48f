#include "fuzzwindow.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>

namespace strata::fuzz {

QMainWindow* FuzzWindow::instance()
{
    static QMainWindow* const w = [] {
        auto* win = new QMainWindow;
        win->setCentralWidget(new QLabel(QStringLiteral("timeline")));
        const char* const names[] = { "eventDetails", "operatorTable", "overallSummary", "annotations" };
        Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
        for (const char* name : names) {
            auto* dock = new QDockWidget(QString::fromLatin1(name), win);
            dock->setObjectName(QString::fromLatin1(name));
            dock->setWidget(new QLabel(QString::fromLatin1(name)));
            win->addDockWidget(area, dock);
            area = area == Qt::RightDockWidgetArea ? Qt::BottomDockWidgetArea : Qt::RightDockWidgetArea;
        }
        win->resize(1200, 800);
        return win;
    }();
    return w;
}

} // namespace strata::fuzz
