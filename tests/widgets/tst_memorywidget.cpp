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
#include <QtTest>

using namespace strata;
using widgets::MemoryChart;
using widgets::MemoryWidget;
using namespace memorytest;

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
        model::Selection selection;
        model::Viewport viewport;
        MemoryWidget w(&selection, &viewport);
        QCOMPARE(w.objectName(), QString("memory"));
        w.setStore(open ? make(false).store : nullptr);
        QVERIFY(w.isShowingPlaceholder());
        QVERIFY2(w.placeholderText().contains(text), qPrintable(w.placeholderText()));
        QVERIFY(w.charts().empty());
        QVERIFY(!w.hasAccesses());
        QVERIFY(!w.isBusy()); // nothing to work out
    }

    void panelsAndUsage()
    {
        model::Selection selection;
        model::Viewport viewport;
        MemoryWidget w(&selection, &viewport);
        const TestStore t = make();
        viewport.setTraceRange(t.store->extent());
        QSignalSpy ready(&w, &MemoryWidget::ready);
        w.setStore(t.store);
        QVERIFY(w.hasAccesses());
        QVERIFY(ready.wait(5000));
        QVERIFY(!w.isShowingPlaceholder());
        QCOMPARE(w.charts().size(), size_t(2));
        QCOMPARE(w.charts()[0]->space(), t.local); // local memory on top
        QCOMPARE(w.charts()[1]->space(), t.global);
        QVERIFY(w.charts()[0]->title().startsWith("LOCAL MEM"));
        QVERIFY(w.charts()[1]->title().startsWith("GLOBAL MEM"));
        QCOMPARE(w.charts()[1]->axis().bands().size(), size_t(4));
        QCOMPARE(w.usageBar()->legendText(), QString("Coeff 0.07 MB · Runtime 0.13 MB · Tensor 0.03 MB"));
        QVERIFY(!w.usageBar()->isHidden());
    }

    void selectionBothWays()
    {
        model::Selection selection;
        model::Viewport viewport;
        MemoryWidget w(&selection, &viewport);
        const TestStore t = make();
        viewport.setTraceRange(t.store->extent());
        QSignalSpy ready(&w, &MemoryWidget::ready);
        w.setStore(t.store);
        QVERIFY(ready.wait(5000));
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        MemoryChart* local = w.charts()[0];
        MemoryChart* global = w.charts()[1];
        // Another view selects the store command: both charts outline its accesses.
        selection.setCurrent(model::EventRef::slice(t.store1));
        QCOMPARE(local->outlinedRows().size(), size_t(1));
        QCOMPARE(global->outlinedRows().size(), size_t(1));
        // A click on the conv's local write selects the conv.
        uint32_t convWrite = UINT32_MAX;
        for (uint32_t r : t.store->memoryAccesses().accessesOf(t.compute))
            if (t.store->memoryAccesses().isWrite(r))
                convWrite = r;
        QVERIFY(convWrite != UINT32_MAX);
        QTest::mouseClick(local, Qt::LeftButton, {}, local->accessRect(convWrite).center().toPoint());
        QCOMPARE(selection.current(), model::EventRef::slice(t.compute));
        QCOMPARE(local->outlinedRows().size(), size_t(2));
        QVERIFY(global->outlinedRows().empty());
    }

    void staleAxesDropped()
    {
        model::Selection selection;
        model::Viewport viewport;
        MemoryWidget w(&selection, &viewport);
        QSignalSpy ready(&w, &MemoryWidget::ready);
        w.setStore(make().store);
        w.setStore(make(false).store); // replaced before the first axes arrive
        QTRY_VERIFY(!w.isBusy());
        QCoreApplication::processEvents(); // delivers the first job's finish: dropped as stale
        QCOMPARE(ready.count(), 0);
        QVERIFY(w.charts().empty());
        QVERIFY(w.placeholderText().contains("records no memory accesses"));
        const TestStore t = make();
        w.setStore(t.store);
        QVERIFY(ready.wait(5000));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(w.charts().size(), size_t(2));
        w.setStore(nullptr);
        QVERIFY(w.charts().empty());
        QVERIFY(w.isShowingPlaceholder());
    }
};

QTEST_MAIN(tst_MemoryWidget)
#include "tst_memorywidget.moc"
