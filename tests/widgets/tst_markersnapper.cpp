#include "markerprofile.h"

#include <state/trackfilter.h>
#include <timeline/markersnapper.h>

#include <QtTest>

using namespace strata;
using store::TimeNs;
using widgets::MarkerSnapper;
using widgets::TimelineFrame;
using widgets::TimelineLayout;

class tst_MarkerSnapper : public QObject {
    Q_OBJECT

private:
    // 10 ns per px over [0, 10000] on a 1000 px canvas tall enough for every track.
    static TimelineFrame frame(int scrollY = 0, int height = 2000)
    {
        TimelineFrame f;
        f.canvas = QRect(0, 0, 1000, height);
        f.t0 = 0;
        f.t1 = 10000;
        f.nsPerPx = 10;
        f.scrollY = scrollY;
        return f;
    }

private slots:
    // The row under the pointer wins over a nearer edge of another row; without an edge of
    // its own in reach, the nearest edge of any row is taken.
    void snapsOnThePointersRow_data()
    {
        QTest::addColumn<QString>("row"); // the thread the pointer is over, "" for none
        QTest::addColumn<qlonglong>("time");
        QTest::addColumn<qlonglong>("expected");
        QTest::addColumn<bool>("onPointerRow");
        QTest::newRow("on A, B's edge nearer") << "copy" << 4010LL << 4000LL << true;
        QTest::newRow("on B, A's edge nearer") << "kernel" << 4001LL << 4010LL << true;
        QTest::newRow("no row: the nearest of all") << "" << 4004LL << 4000LL << false;
        QTest::newRow("on A, nothing of A near: falls back to B") << "copy" << 7030LL << 7000LL << false;
        QTest::newRow("on A, nothing near at all") << "copy" << 8500LL << 8500LL << false;
    }
    void snapsOnThePointersRow()
    {
        QFETCH(QString, row);
        QFETCH(qlonglong, time);
        QFETCH(qlonglong, expected);
        QFETCH(bool, onPointerRow);
        const auto s = markerprofile::twoRows();
        TimelineLayout layout;
        layout.build(s.get(), nullptr);
        const TimelineFrame f = frame();
        int y = MarkerSnapper::kNoRow;
        if (!row.isEmpty()) {
            const store::SliceRow r = markerprofile::row(*s, row.toUtf8().constData());
            const widgets::LayoutRow& lr = layout.rows()[size_t(layout.rowOfTrack(s->sliceTrack(r)))];
            y = f.originY() + TimelineLayout::sliceTop(lr, 0) + TimelineLayout::kSliceHeight / 2;
        }
        const MarkerSnapper::Result r = MarkerSnapper::snap(*s, layout, f, time, y);
        QCOMPARE(r.time, TimeNs(expected));
        QCOMPARE(r.onPointerRow, onPointerRow);
    }

    void snaps_data()
    {
        QTest::addColumn<qlonglong>("time");
        QTest::addColumn<qlonglong>("expected");
        QTest::addColumn<QString>("slice"); // empty: not snapped
        QTest::addColumn<bool>("end");
        QTest::newRow("a start, 3 px after") << 4030LL << 4000LL << "fused_3" << false;
        QTest::newRow("a start, 7.9 px before") << 3921LL << 4000LL << "fused_3" << false;
        QTest::newRow("an end") << 7050LL << 7000LL << "fused_7" << true;
        QTest::newRow("nested level") << 2040LL << 2000LL << "" << true; // convolution end or conv start
        QTest::newRow("too far") << 4090LL << 4090LL << "" << false;
        QTest::newRow("nothing near") << 8500LL << 8500LL << "" << false;
        QTest::newRow("nearest of two") << 1460LL << 1500LL << "dma" << true;
    }
    void snaps()
    {
        QFETCH(qlonglong, time);
        QFETCH(qlonglong, expected);
        QFETCH(QString, slice);
        QFETCH(bool, end);
        const auto s = markerprofile::make();
        TimelineLayout layout;
        layout.build(s.get(), nullptr);
        const MarkerSnapper::Result r = MarkerSnapper::snap(*s, layout, frame(), time);
        QCOMPARE(r.time, TimeNs(expected));
        QCOMPARE(r.snapped(), expected != time);
        if (!slice.isEmpty()) {
            QCOMPARE(r.slice, markerprofile::row(*s, slice.toUtf8().constData()));
            QCOMPARE(r.end, end);
        }
    }

    void customDistance()
    {
        const auto s = markerprofile::make();
        TimelineLayout layout;
        layout.build(s.get(), nullptr);
        QVERIFY(!MarkerSnapper::snap(*s, layout, frame(), 4030, MarkerSnapper::kNoRow, 2).snapped());
        QCOMPARE(MarkerSnapper::snap(*s, layout, frame(), 4030, MarkerSnapper::kNoRow, 4).time, TimeNs(4000));
    }

    void onlyTracksOnScreen()
    {
        const auto s = markerprofile::make();
        model::TrackFilter filter;
        TimelineLayout layout;
        // "matmul" [5000, 6000] is the only edge at 6000 besides fused_7's start on Host.
        layout.build(s.get(), &filter);
        QCOMPARE(MarkerSnapper::snap(*s, layout, frame(), 5030).time, TimeNs(5000));
        // NPU 0 collapsed: its engines are not drawn, so they do not attract markers.
        filter.setCollapsed(s->track(s->sliceTrack(markerprofile::row(*s, "matmul"))).process, true);
        layout.build(s.get(), &filter);
        QCOMPARE(MarkerSnapper::snap(*s, layout, frame(), 5030).time, TimeNs(5000)); // fused_3's end on Host
        QCOMPARE(MarkerSnapper::snap(*s, layout, frame(), 5020).slice, markerprofile::row(*s, "fused_3"));
        QVERIFY(!MarkerSnapper::snap(*s, layout, frame(), 1530).snapped()); // dma's end is hidden
        // Scrolled so that only rows below Host show: Host's edges no longer count.
        filter.setCollapsed(s->track(s->sliceTrack(markerprofile::row(*s, "matmul"))).process, false);
        layout.build(s.get(), &filter);
        const int computeRow = layout.rowOfTrack(s->sliceTrack(markerprofile::row(*s, "conv")));
        const int y = layout.rows()[size_t(computeRow)].y;
        QVERIFY(!MarkerSnapper::snap(*s, layout, frame(y, 60), 4030).snapped());
        QCOMPARE(MarkerSnapper::snap(*s, layout, frame(0, 60), 4030).time, TimeNs(4000));
    }
};

QTEST_MAIN(tst_MarkerSnapper)
#include "tst_markersnapper.moc"
