// MemoryWidget (the Memory dock): its empty states, one chart per memory space (LOCAL above
// GLOBAL) once the axes are worked out off the GUI thread, the usage breakdown, selection
// both ways through the shared Selection, and stale axes dropped when the store changes.
#include "memoryteststore.h"

#include <memory/memorychart.h>
#include <memory/memoryusagebar.h>
#include <memory/memorywidget.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QSignalSpy>
#include <state/session.h>

#include <QtTest>

using namespace strata;
using widgets::MemoryChart;
using widgets::MemoryWidget;
using namespace memorytest;

namespace {

// A Memory dock on shared state of its own, as the main window makes it.
struct Dock {
    model::Session session;
    model::Selection& selection = *session.selection();
    model::Viewport& viewport = *session.viewport();
    MemoryWidget w { { &session } };

    // `t` as the profile, the viewport over its extent; the axes are worked out on a worker.
    void open(const TestStore& t) { setStore(t.store); }
    void setStore(std::shared_ptr<const strata::store::EventStore> store)
    {
        session.open(std::move(store), QString(), {});
    }
};

} // namespace

class tst_MemoryWidget : public QObject {
    Q_OBJECT
private slots:
    void emptyStates_data()
    {
        QTest::addColumn<bool>("open");
        QTest::addColumn<QString>("text");
        QTest::newRow("no profile") << false << "Open a profile";
        QTest::newRow("a profile without memory accesses") << true << "records no memory accesses";
    }
    void emptyStates()
    {
        QFETCH(bool, open);
        QFETCH(QString, text);
        Dock d;
        QCOMPARE(d.w.objectName(), QString("memory"));
        d.setStore(open ? make(false).store : nullptr);
        QVERIFY(d.w.isShowingPlaceholder());
        QVERIFY2(d.w.placeholderText().contains(text), qPrintable(d.w.placeholderText()));
        QVERIFY(d.w.charts().empty());
        QVERIFY(!d.w.hasAccesses());
        QVERIFY(!d.w.isBusy()); // nothing to work out
    }

    void panelsAndUsage()
    {
        Dock d;
        const TestStore t = make();
        QSignalSpy ready(&d.w, &MemoryWidget::ready);
        d.open(t);
        QVERIFY(d.w.hasAccesses());
        QVERIFY(ready.wait(5000));
        QVERIFY(!d.w.isShowingPlaceholder());
        QCOMPARE(d.w.charts().size(), size_t(2));
        QCOMPARE(d.w.charts()[0]->space(), t.local); // local memory on top
        QCOMPARE(d.w.charts()[1]->space(), t.global);
        QVERIFY(d.w.charts()[0]->title().startsWith("LOCAL MEM"));
        QVERIFY(d.w.charts()[1]->title().startsWith("GLOBAL MEM"));
        QCOMPARE(d.w.charts()[1]->axis().bands().size(), size_t(4));
        QCOMPARE(d.w.usageBar()->legendText(), QString("Coeff 0.07 MB · Runtime 0.13 MB · Tensor 0.03 MB"));
        QVERIFY(!d.w.usageBar()->isHidden());
    }

    void selectionBothWays()
    {
        Dock d;
        const TestStore t = make();
        QSignalSpy ready(&d.w, &MemoryWidget::ready);
        d.open(t);
        QVERIFY(ready.wait(5000));
        d.w.resize(900, 500);
        d.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d.w));
        MemoryChart* local = d.w.charts()[0];
        MemoryChart* global = d.w.charts()[1];
        // Another view selects the store command: both charts outline its accesses.
        d.selection.setCurrent(model::EventRef::slice(t.store1));
        QCOMPARE(local->outlinedRows().size(), size_t(1));
        QCOMPARE(global->outlinedRows().size(), size_t(1));
        // A click on the conv's local write selects the conv.
        uint32_t convWrite = UINT32_MAX;
        for (uint32_t r : t.store->memoryAccesses().accessesOf(t.compute))
            if (t.store->memoryAccesses().isWrite(r))
                convWrite = r;
        QVERIFY(convWrite != UINT32_MAX);
        QTest::mouseClick(local, Qt::LeftButton, {}, local->accessRect(convWrite).center().toPoint());
        QCOMPARE(d.selection.current(), model::EventRef::slice(t.compute));
        QCOMPARE(local->outlinedRows().size(), size_t(2));
        QVERIFY(global->outlinedRows().empty());
    }

    void staleAxesDropped()
    {
        Dock d;
        QSignalSpy ready(&d.w, &MemoryWidget::ready);
        d.setStore(make().store);
        d.setStore(make(false).store); // replaced before the first axes arrive
        QTRY_VERIFY(!d.w.isBusy());
        QCoreApplication::processEvents(); // delivers the first job's finish: dropped as stale
        QCOMPARE(ready.count(), 0);
        QVERIFY(d.w.charts().empty());
        QVERIFY(d.w.placeholderText().contains("records no memory accesses"));
        const TestStore t = make();
        d.setStore(t.store);
        QVERIFY(ready.wait(5000));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(d.w.charts().size(), size_t(2));
        d.setStore(nullptr);
        QVERIFY(d.w.charts().empty());
        QVERIFY(d.w.isShowingPlaceholder());
    }
};

QTEST_MAIN(tst_MemoryWidget)
#include "tst_memorywidget.moc"
