// The default arrangement: which area each dock lands in, which docks share a tab group
// (the Operator Table and Latency stay in front), and that a missing dock is left out. The
// rows name the docks as saved layouts do: the arrangement of today's docks never changes.
#include <layouts/defaultdocklayout.h>
#include <window/dockregistry.h>

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QTabBar>
#include <QTest>

using strata::app::DefaultDockLayout;

namespace {

// Every dock of the window, as the DockRegistry lists them.
QStringList allDocks()
{
    QStringList ids;
    for (const strata::app::DockSpec& d : strata::app::DockRegistry::all())
        ids << QLatin1String(d.id);
    return ids;
}

const QStringList kAll = allDocks();

QList<QDockWidget*> makeDocks(QMainWindow& w, const QStringList& names)
{
    QList<QDockWidget*> docks;
    for (const QString& name : names) {
        auto* d = new QDockWidget(name, &w);
        d->setObjectName(name);
        d->setWidget(new QLabel(name));
        w.addDockWidget(Qt::LeftDockWidgetArea, d); // somewhere else, as after a user's drag
        d->setFloating(name == QLatin1String("searchDock"));
        docks << d;
    }
    return docks;
}

} // namespace

class tst_DefaultDockLayout : public QObject {
    Q_OBJECT
private slots:
    void placesEachDock_data()
    {
        QTest::addColumn<QString>("dock");
        QTest::addColumn<int>("area");
        QTest::addColumn<QString>("tabbedWith"); // empty: alone
        QTest::newRow("event details") << "eventDetailsDock" << int(Qt::RightDockWidgetArea) << QString();
        QTest::newRow("search") << "searchDock" << int(Qt::RightDockWidgetArea) << QString("findingsDock");
        QTest::newRow("findings") << "findingsDock" << int(Qt::RightDockWidgetArea) << QString("searchDock");
        QTest::newRow("operator table") << "operatorTableDock" << int(Qt::BottomDockWidgetArea)
                                        << QString("overallSummaryDock");
        QTest::newRow("operator charts") << "operatorChartsDock" << int(Qt::BottomDockWidgetArea) << QString();
        QTest::newRow("latency") << "latencyDock" << int(Qt::BottomDockWidgetArea) << QString("codeEditorDock");
        QTest::newRow("overall summary") << "overallSummaryDock" << int(Qt::BottomDockWidgetArea)
                                         << QString("operatorTableDock");
        QTest::newRow("selection summary")
            << "selectionSummaryDock" << int(Qt::BottomDockWidgetArea) << QString("operatorTableDock");
        QTest::newRow("code") << "codeEditorDock" << int(Qt::BottomDockWidgetArea) << QString("latencyDock");
        QTest::newRow("annotations") << "annotationsDock" << int(Qt::BottomDockWidgetArea) << QString("latencyDock");
        QTest::newRow("time breakdown") << "timeBreakdownDock" << int(Qt::BottomDockWidgetArea)
                                        << QString("latencyDock");
        QTest::newRow("ranks") << "ranksDock" << int(Qt::BottomDockWidgetArea) << QString("timeBreakdownDock");
        QTest::newRow("memory") << "memoryDock" << int(Qt::BottomDockWidgetArea) << QString("operatorTableDock");
        QTest::newRow("compare") << "compareDock" << int(Qt::BottomDockWidgetArea) << QString("operatorTableDock");
    }

    void placesEachDock()
    {
        QFETCH(QString, dock);
        QFETCH(int, area);
        QFETCH(QString, tabbedWith);
        QMainWindow w;
        w.setCentralWidget(new QLabel(QStringLiteral("timeline")));
        w.resize(1600, 1000);
        const QList<QDockWidget*> docks = makeDocks(w, kAll);
        DefaultDockLayout::arrange(w, docks);
        auto* d = w.findChild<QDockWidget*>(dock);
        QVERIFY(d);
        QVERIFY(!d->isFloating());
        QVERIFY(!d->isHidden());
        QCOMPARE(int(w.dockWidgetArea(d)), area);
        QStringList group;
        for (QDockWidget* t : w.tabifiedDockWidgets(d))
            group << t->objectName();
        if (tabbedWith.isEmpty())
            QVERIFY2(group.isEmpty(), qPrintable(group.join(',')));
        else
            QVERIFY2(group.contains(tabbedWith), qPrintable(group.join(',')));
    }

    void operatorTableStaysInFront()
    {
        QMainWindow w;
        w.setCentralWidget(new QLabel(QStringLiteral("timeline")));
        w.resize(1600, 1000);
        DefaultDockLayout::arrange(w, makeDocks(w, kAll));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* ops = w.findChild<QDockWidget*>(QStringLiteral("operatorTableDock"));
        QVERIFY(!ops->visibleRegion().isEmpty());
        for (const char* behind : { "overallSummaryDock", "codeEditorDock", "memoryDock", "annotationsDock",
                 "compareDock", "timeBreakdownDock", "ranksDock", "findingsDock" })
            QVERIFY2(w.findChild<QDockWidget*>(QLatin1String(behind))->visibleRegion().isEmpty(), behind);
    }

    void missingDocksAreLeftOut()
    {
        QMainWindow w;
        w.setCentralWidget(new QLabel(QStringLiteral("timeline")));
        QStringList some = kAll;
        some.removeAll(QStringLiteral("latencyDock"));
        some.removeAll(QStringLiteral("memoryDock"));
        const QList<QDockWidget*> docks = makeDocks(w, some);
        DefaultDockLayout::arrange(w, docks);
        for (QDockWidget* d : docks) {
            QVERIFY(!d->isFloating());
            QVERIFY(w.dockWidgetArea(d) != Qt::LeftDockWidgetArea);
        }
    }
};

QTEST_MAIN(tst_DefaultDockLayout)
#include "tst_defaultdocklayout.moc"
