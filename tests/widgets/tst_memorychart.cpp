// MemoryChart: accesses placed by the shared Viewport and the address axis, selection both
// ways (click → current slice; current slice → outlined accesses), pan and zoom through the
// Viewport, tooltips, rendering only when the window or size changes, and the plot on the
// timeline's pixels (Viewport::timeAxisFrame) when they lie across the chart.
#include "memoryteststore.h"

#include <memory/memorychart.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using widgets::MemoryAddressAxis;
using widgets::MemoryChart;
using namespace memorytest;

namespace {

struct Fixture {
    TestStore t = make();
    model::Viewport viewport;
    model::Selection selection;
    MemoryChart chart { &viewport, &selection };
    explicit Fixture(bool local)
    {
        viewport.setTraceRange({ 0, 1000 });
        const store::MemorySpaceId space = local ? t.local : t.global;
        chart.setSpace(t.store, space, MemoryAddressAxis::collectBands(*t.store, space));
        chart.resize(1000 + MemoryChart::kAxisWidth + 4, 300);
        chart.show();
    }
    uint32_t row(store::SliceRow slice, bool write) const
    {
        for (uint32_t r : t.store->memoryAccesses().accessesOf(slice))
            if (t.store->memoryAccesses().isWrite(r) == write && t.store->memoryAccesses().spaceOf(r) == chart.space())
                return r;
        return UINT32_MAX;
    }
};

} // namespace

class tst_MemoryChart : public QObject {
    Q_OBJECT
private slots:
    void placement()
    {
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        const QRect plot = f.chart.plotRect();
        QCOMPARE(plot.width(), 1000); // 1 ns per px
        const uint32_t r = f.row(f.t.compute, true); // [250, 450] × [0x8000, 0x10000)
        const QRectF rect = f.chart.accessRect(r);
        QCOMPARE(rect.left(), plot.left() + 250.0);
        QCOMPARE(rect.width(), 200.0);
        const double perByte = double(plot.height()) / (256 * 1024);
        QVERIFY(std::abs(rect.top() - (plot.top() + 0x8000 * perByte)) < 0.01);
        QVERIFY(std::abs(rect.height() - 0x8000 * perByte) < 0.01);
        QVERIFY(f.chart.title().startsWith("LOCAL MEM"));
        QVERIFY(f.chart.title().contains("16 banks"));
    }

    void colours()
    {
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        const QImage img = f.chart.grab().toImage();
        const QPointF w = f.chart.accessRect(f.row(f.t.compute, true)).center();
        const QPointF r = f.chart.accessRect(f.row(f.t.store1, false)).center();
        const QColor write = img.pixelColor(w.toPoint()), read = img.pixelColor(r.toPoint());
        QVERIFY2(write.red() > write.green() + 40, qPrintable(write.name()));
        QVERIFY2(read.green() > read.red() + 40, qPrintable(read.name()));
    }

    void clickSelectsTheInstruction_data()
    {
        QTest::addColumn<bool>("local");
        QTest::addColumn<bool>("write");
        QTest::addColumn<QString>("slice");
        QTest::newRow("local write of conv") << true << true << "compute";
        QTest::newRow("local read of store") << true << false << "store";
        QTest::newRow("global read of load") << false << false << "load";
        QTest::newRow("global write outside regions") << false << true << "store";
    }
    void clickSelectsTheInstruction()
    {
        QFETCH(bool, local);
        QFETCH(bool, write);
        QFETCH(QString, slice);
        Fixture f(local);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        const store::SliceRow expected = slice == "compute" ? f.t.compute : slice == "store" ? f.t.store1 : f.t.load;
        const uint32_t r = f.row(expected, write);
        QVERIFY(r != UINT32_MAX);
        QSignalSpy spy(&f.selection, &model::Selection::currentChanged);
        const QPoint at = f.chart.accessRect(r).center().toPoint();
        QCOMPARE(f.chart.accessAt(at), int(r));
        QTest::mouseClick(&f.chart, Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(f.selection.current(), model::EventRef::slice(expected));
        // The reverse: the selected instruction's accesses are outlined.
        const std::vector<uint32_t> outlined = f.chart.outlinedRows();
        QVERIFY(std::find(outlined.begin(), outlined.end(), r) != outlined.end());
    }

    void clickOnNothing()
    {
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        const QRect plot = f.chart.plotRect();
        const QPoint empty(plot.left() + 950, plot.bottom() - 2); // t = 950, top of the highest bank
        QCOMPARE(f.chart.accessAt(empty), -1);
        QTest::mouseClick(&f.chart, Qt::LeftButton, {}, empty);
        QVERIFY(!f.selection.current().valid());
    }

    void selectionOutlinesOnlyThisSpace()
    {
        Fixture f(false);
        f.selection.setCurrent(model::EventRef::slice(f.t.compute)); // TIU: local accesses only
        QVERIFY(f.chart.outlinedRows().empty());
        f.selection.setCurrent(model::EventRef::slice(f.t.load));
        QCOMPARE(f.chart.outlinedRows().size(), size_t(1));
        f.selection.setCurrent(model::EventRef());
        QVERIFY(f.chart.outlinedRows().empty());
    }

    void sharesTheViewport()
    {
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        const uint32_t r = f.row(f.t.compute, true);
        f.viewport.setVisible({ 200, 400 });
        const QRect plot = f.chart.plotRect();
        QCOMPARE(f.chart.accessRect(r).left(), plot.left() + 250.0); // 50 ns into the window at 5 px/ns
        // Wheel zooms in at the cursor.
        QWheelEvent wheel(QPointF(plot.left() + 500, plot.center().y()),
            f.chart.mapToGlobal(QPointF(plot.left() + 500, 50)), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(&f.chart, &wheel);
        QVERIFY(f.viewport.visible().duration() < 200);
        QVERIFY(f.viewport.visible().start <= 300 && f.viewport.visible().end >= 300); // the anchor stays in view
        // Drag pans: 100 px to the left moves the window later.
        const store::TimeRange before = f.viewport.visible();
        const QPoint from(plot.left() + 600, plot.center().y());
        QTest::mousePress(&f.chart, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, QPointF(from - QPoint(100, 0)),
            f.chart.mapToGlobal(QPointF(from - QPoint(100, 0))), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&f.chart, &move);
        QTest::mouseRelease(&f.chart, Qt::LeftButton, {}, from - QPoint(100, 0));
        QVERIFY(f.viewport.visible().start > before.start);
        QCOMPARE(f.viewport.visible().duration(), before.duration());
        QVERIFY(!f.selection.current().valid()); // a drag is not a click
    }

    // Frames are given relative to the chart's global left; `aligned` says whether the plot
    // takes the frame's pixels or keeps its own margins.
    void alignsToTheTimeAxisFrame_data()
    {
        QTest::addColumn<int>("offset");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("plotWidth"); // 0 = not aligned: the chart's own margins
        QTest::newRow("stacked under a timeline") << 220 << 900 << 900;
        QTest::newRow("to the chart's right edge") << 300 << 824 << 824;
        QTest::newRow("least axis room") << MemoryChart::kMinAxisWidth << 500 << 500;
        QTest::newRow("timeline wider: the plot ends at the chart's edge") << 220 << 1500 << 904;
        QTest::newRow("least plot") << 1124 - MemoryChart::kMinPlotWidth << 600 << MemoryChart::kMinPlotWidth;
        QTest::newRow("no frame") << 0 << 0 << 0;
        QTest::newRow("too little axis room") << MemoryChart::kMinAxisWidth - 1 << 500 << 0;
        QTest::newRow("too little plot") << 1125 - MemoryChart::kMinPlotWidth << 600 << 0;
        QTest::newRow("beside, not above") << 2000 << 600 << 0;
        QTest::newRow("starts left of the chart") << -100 << 1000 << 0;
    }

    void alignsToTheTimeAxisFrame()
    {
        QFETCH(int, offset);
        QFETCH(int, width);
        QFETCH(int, plotWidth);
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        QCOMPARE(f.chart.width(), 1124);
        f.viewport.setVisible({ 200, 700 });
        const int chartX = f.chart.mapToGlobal(QPoint(0, 0)).x();
        f.viewport.setTimeAxisFrame({ chartX + offset, width });
        const store::TimeRange v = f.viewport.visible();
        const double x0 = f.chart.mapToGlobal(QPointF(f.chart.xOf(v.start), 0)).x();
        const double x1 = f.chart.mapToGlobal(QPointF(f.chart.xOf(v.end), 0)).x();
        const QRect plot = f.chart.plotRect();
        if (plotWidth > 0) {
            // The visible range's ends on the frame's pixels, whatever part of it the plot shows.
            QVERIFY2(std::abs(x0 - (chartX + offset)) <= 1, qPrintable(QString::number(x0)));
            QVERIFY2(std::abs(x1 - (chartX + offset + width)) <= 1, qPrintable(QString::number(x1)));
            QCOMPARE(plot.left(), offset);
            QCOMPARE(plot.width(), plotWidth);
            QCOMPARE(f.chart.timeAxisWidth(), width);
        } else {
            QCOMPARE(plot.left(), MemoryChart::kAxisWidth);
            QCOMPARE(plot.width(), 1000);
            QCOMPARE(f.chart.timeAxisWidth(), 1000);
            QVERIFY(std::abs(x0 - (chartX + MemoryChart::kAxisWidth)) <= 1);
            QVERIFY(std::abs(x1 - (chartX + MemoryChart::kAxisWidth + 1000)) <= 1);
        }
        // An access keeps its place in time on the new pixels: [250, 450] in a 500 ns window.
        const QRectF rect = f.chart.accessRect(f.row(f.t.compute, true));
        QVERIFY(std::abs(rect.left() - (plot.left() + 50.0 * f.chart.timeAxisWidth() / 500)) <= 1);
        f.chart.repaint(); // renders on the aligned axis
        // The frame going away puts the chart back on its own margins.
        f.viewport.setTimeAxisFrame({});
        QCOMPARE(f.chart.plotRect().left(), MemoryChart::kAxisWidth);
        QCOMPARE(f.chart.timeAxisWidth(), f.chart.plotRect().width());
    }

    void rendersOnlyWhenTheWindowChanges()
    {
        Fixture f(true);
        QVERIFY(QTest::qWaitForWindowExposed(&f.chart));
        QTRY_VERIFY(f.chart.renders() >= 1);
        const int n = f.chart.renders();
        f.selection.setCurrent(model::EventRef::slice(f.t.compute));
        f.chart.repaint();
        QCOMPARE(f.chart.renders(), n); // an outline is an overlay
        f.viewport.setVisible({ 100, 600 });
        f.chart.repaint();
        QCOMPARE(f.chart.renders(), n + 1);
    }

    void toolTip()
    {
        Fixture f(true);
        const uint32_t r = f.row(f.t.compute, true);
        const QString text = f.chart.toolTipFor(r);
        QVERIFY2(text.contains("Write"), qPrintable(text));
        QVERIFY(text.contains("0x8000"));
        QVERIFY(text.contains("32 KiB"));
        QVERIFY(text.contains("bank 2"));
        QVERIFY(text.contains("conv"));
        QVERIFY(text.contains("TIU"));
    }
};

QTEST_MAIN(tst_MemoryChart)
#include "tst_memorychart.moc"
