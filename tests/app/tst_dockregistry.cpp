// The window's docks in one list: ids unique and never empty, every dock placed, tab groups
// of at most five, the default arrangement made from the places, and each factory's view.
#include <layouts/defaultdocklayout.h>
#include <window/dockregistry.h>
#include <window/dockset.h>

#include <common/dockcontext.h>
#include <state/comparison.h>
#include <state/session.h>

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QSet>
#include <QTest>

using strata::app::DockArea;
using strata::app::DockRegistry;
using strata::app::DockSpec;

namespace {

// The host a tab-placed dock sits behind: the first or the last of the bottom row.
QString hostOf(const DockSpec& spec)
{
    const auto row = DockRegistry::in(DockArea::Bottom);
    if (spec.place.area == DockArea::BehindBottomFirst)
        return QLatin1String(row.front()->id);
    if (spec.place.area == DockArea::BehindBottomLast)
        return QLatin1String(row.back()->id);
    if (spec.place.area == DockArea::BehindRightFirst)
        return QLatin1String(DockRegistry::in(DockArea::Right).front()->id);
    return QString();
}

} // namespace

class tst_DockRegistry : public QObject {
    Q_OBJECT
private slots:
    void idsAreUniqueAndNamed()
    {
        QSet<QString> ids;
        for (const DockSpec& d : DockRegistry::all()) {
            const QString id = QLatin1String(d.id);
            QVERIFY(id.endsWith(QLatin1String("Dock")));
            QVERIFY2(!ids.contains(id), d.id);
            ids.insert(id);
            QVERIFY(!DockRegistry::title(d).isEmpty());
            QVERIFY(d.factory);
            QCOMPARE(DockRegistry::find(id), &d);
        }
        QVERIFY(!DockRegistry::find(QStringLiteral("noSuchDock")));
    }

    void everyDockHasOnePlace()
    {
        int placed = 0;
        for (DockArea area : { DockArea::Right, DockArea::Bottom, DockArea::BehindBottomFirst,
                 DockArea::BehindBottomLast, DockArea::BehindRightFirst }) {
            const auto in = DockRegistry::in(area);
            for (size_t i = 1; i < in.size(); ++i)
                QVERIFY(in[i - 1]->place.order < in[i]->place.order);
            placed += int(in.size());
        }
        QCOMPARE(placed, int(DockRegistry::all().size()));
        QVERIFY(!DockRegistry::in(DockArea::Bottom).empty());
    }

    // Six tabs in one group elide every title on a 1366-px screen.
    void tabGroupsHoldAtMostFive()
    {
        QMap<QString, int> groups;
        for (const DockSpec& d : DockRegistry::all()) {
            if (!hostOf(d).isEmpty())
                ++groups[hostOf(d)];
        }
        for (auto it = groups.cbegin(); it != groups.cend(); ++it)
            QVERIFY2(it.value() + 1 <= DockRegistry::kMaxTabs, qPrintable(it.key()));
    }

    // DefaultDockLayout puts each dock where its place says.
    void layoutFollowsThePlaces_data()
    {
        QTest::addColumn<QString>("id");
        for (const DockSpec& d : DockRegistry::all())
            QTest::newRow(d.id) << QString(QLatin1String(d.id));
    }

    void layoutFollowsThePlaces()
    {
        QFETCH(QString, id);
        QMainWindow w;
        w.setCentralWidget(new QLabel(QStringLiteral("timeline")));
        w.resize(1600, 1000);
        QList<QDockWidget*> docks;
        for (const DockSpec& d : DockRegistry::all()) {
            auto* dock = new QDockWidget(DockRegistry::title(d), &w);
            dock->setObjectName(QLatin1String(d.id));
            dock->setWidget(new QLabel(QLatin1String(d.id)));
            w.addDockWidget(Qt::LeftDockWidgetArea, dock);
            docks << dock;
        }
        strata::app::DefaultDockLayout::arrange(w, docks);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const DockSpec& spec = *DockRegistry::find(id);
        auto* dock = w.findChild<QDockWidget*>(id);
        QCOMPARE(w.dockWidgetArea(dock),
            spec.place.area == DockArea::Right || spec.place.area == DockArea::BehindRightFirst
                ? Qt::RightDockWidgetArea
                : Qt::BottomDockWidgetArea);
        QStringList group;
        for (QDockWidget* t : w.tabifiedDockWidgets(dock))
            group << t->objectName();
        const QString host = hostOf(spec);
        if (!host.isEmpty()) {
            QVERIFY2(group.contains(host), qPrintable(group.join(',')));
            QVERIFY(dock->visibleRegion().isEmpty()); // behind its host
            return;
        }
        QVERIFY(!dock->visibleRegion().isEmpty());
        // In its area's order: above (Right) or left of (Bottom) the next one.
        const auto in = DockRegistry::in(spec.place.area);
        for (size_t i = 0; i + 1 < in.size(); ++i) {
            if (in[i] != &spec)
                continue;
            auto* next = w.findChild<QDockWidget*>(QLatin1String(in[i + 1]->id));
            if (spec.place.area == DockArea::Right)
                QVERIFY(dock->geometry().bottom() < next->geometry().top());
            else
                QVERIFY(dock->geometry().right() < next->geometry().left());
        }
    }

    // Each factory makes its view from the window's context, inside a dock named by its id.
    void factoriesMakeTheirViews()
    {
        QMainWindow w;
        auto* session = new strata::model::Session(&w);
        auto* comparison = new strata::model::Comparison(session, &w);
        strata::app::DockSet set;
        set.build(&w, strata::widgets::DockContext { session, comparison });
        QCOMPARE(set.docks().size(), int(DockRegistry::all().size()));
        for (int i = 0; i < set.docks().size(); ++i) {
            const DockSpec& spec = DockRegistry::all()[size_t(i)];
            QCOMPARE(set.docks()[i]->objectName(), QLatin1String(spec.id));
            QCOMPARE(set.docks()[i]->windowTitle(), DockRegistry::title(spec));
            QVERIFY(set.view(QLatin1String(spec.id)));
        }
    }
};

QTEST_MAIN(tst_DockRegistry)
#include "tst_dockregistry.moc"
