// MeasureOverlay and the measuring it shows, end to end on the timeline: the gap of a
// Shift+clicked pair (both orders, overlaps) and, on the real ResNet-50 Kineto trace when the
// corpus is beside the tree, markers dropped near a memcpy's end and the next cuDNN kernel's
// start, each on its own row, measure the JSON's gap to the nanosecond, as Shift+click does;
// snapping to any row, as markers once did, lands on a CPU op's edge instead.
#include "markerprofile.h"
#include <support/widgettestutil.h>

#include <profileloader.h>
#include <state/annotationsmodel.h>
#include <state/trackfilter.h>
#include <timeline/markersnapper.h>
#include <timeline/measureoverlay.h>
#include <timeline/timelinewidget.h>

#include <QFileInfo>
#include <QtTest>
#include <support/sourcedir.h>

using namespace strata;
using model::EventRef;
using store::TimeNs;
using widgets::MeasureOverlay;
using widgets::TimelineWidget;

namespace {

const QString kResnet
    = strata::test::sourcePath("/../shared/corpus/real/pytorch__kineto/resnet50_autograd_api_worker0.pt.trace.json.gz");
// From the JSON (µs): "Memcpy HtoD (Pageable -> Device)" on stream 7, ts 1610366391687779,
// dur 1; the next kernel on the stream, cask_cudnn::computeOffsetsKernel, ts
// 1610366391688267. Gap = 1610366391688267 - (1610366391687779 + 1) = 487 µs.
constexpr TimeNs kMemcpyTs = 1610366391687779000, kMemcpyEnd = 1610366391687780000;
constexpr TimeNs kKernelTs = 1610366391688267000;
constexpr TimeNs kRawGap = 487000;

store::SliceRow sliceAt(const store::EventStore& s, TimeNs ts, const char* nameContains)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const store::SliceRow row(r);
        if (s.sliceTs(row) == ts && s.str(s.sliceName(row)).find(nameContains) != std::string_view::npos)
            return row;
    }
    return {};
}

} // namespace

class tst_MeasureOverlay : public QObject {
    Q_OBJECT

private slots:
    void labels_data()
    {
        QTest::addColumn<qlonglong>("from");
        QTest::addColumn<qlonglong>("to");
        QTest::addColumn<QString>("label");
        QTest::newRow("gap") << 1000LL << 370000LL << "Δ 369.000 µs";
        QTest::newRow("exact ns") << 0LL << 1234567LL << QStringLiteral("Δ 1.234\u2009567 ms");
        QTest::newRow("touching") << 500LL << 500LL << "Δ 0 ns";
        QTest::newRow("overlap") << 3000LL << 2000LL << "overlap 1.000 µs";
    }
    void labels()
    {
        QFETCH(qlonglong, from);
        QFETCH(qlonglong, to);
        QFETCH(QString, label);
        analysis::EventGap g;
        g.from = from;
        g.to = to;
        QCOMPARE(MeasureOverlay::label(g), label);
    }

    void gapOfThePair()
    {
        const auto s = markerprofile::make();
        model::Selection sel;
        QVERIFY(!MeasureOverlay::gapOf(*s, sel));
        sel.setCurrent(EventRef::slice(markerprofile::row(*s, "fused_7")));
        sel.setMeasure(EventRef::slice(markerprofile::row(*s, "fused_3")));
        const std::optional<analysis::EventGap> g = MeasureOverlay::gapOf(*s, sel);
        QVERIFY(g);
        QCOMPARE(g->from, TimeNs(5000)); // fused_3's end
        QCOMPARE(g->to, TimeNs(6000)); // fused_7's start
        QVERIFY(g->secondFirst);
    }

    void resnetMemcpyToKernel()
    {
        if (!QFileInfo::exists(kResnet))
            QSKIP("no real-trace corpus at ../shared/corpus/real");
        const importers::LoadResult loaded = importers::ProfileLoader::load(kResnet.toStdString());
        QVERIFY2(loaded.store, loaded.error.c_str());
        const store::EventStore& s = *loaded.store;
        const store::SliceRow memcpy = sliceAt(s, kMemcpyTs, "Memcpy HtoD");
        const store::SliceRow kernel = sliceAt(s, kKernelTs, "computeOffsetsKernel");
        QVERIFY(memcpy.valid() && kernel.valid());
        QCOMPARE(s.sliceEnd(memcpy), kMemcpyEnd);
        QCOMPARE(kKernelTs - kMemcpyEnd, kRawGap);

        model::Session session;
        TimelineWidget w(&session);
        w.resize(1366, 700);
        widgettest::open(session, loaded.store);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(w.hasIndex());
        session.selection()->setCurrent(EventRef::slice(memcpy), /*reveal*/ true); // scrolls to stream 7
        session.selection()->setCurrent(EventRef());
        // 1.2 ms across the canvas: about 1 µs per px, so CPU ops' edges a few µs from the
        // memcpy's end are within snapping reach of it.
        session.viewport()->setVisible({ kMemcpyTs - 400000, kMemcpyTs + 800000 });
        model::AnnotationsModel& markers = *session.annotations();
        markers.add(kMemcpyTs - 300000); // the flag strip is there before positions are taken
        const auto pointAt = [&](store::SliceRow r, TimeNs t, int dx) {
            const QRectF rect = w.eventRect(EventRef::slice(r));
            return QPoint(int(std::lround(w.frame().xOf(t))) + dx, int(rect.center().y()));
        };
        const QPoint nearEnd = pointAt(memcpy, kMemcpyEnd, 5), nearStart = pointAt(kernel, kKernelTs, -4);

        // Any row's nearest edge, as markers used to snap: a CPU op's, not the memcpy's end.
        widgets::TimelineLayout layout;
        layout.build(loaded.store.get(), session.trackFilter());
        const widgets::MarkerSnapper::Result anyRow = widgets::MarkerSnapper::snap(
            s, layout, w.frame(), w.frame().timeAt(nearEnd.x()), widgets::MarkerSnapper::kNoRow);
        QVERIFY(anyRow.snapped());
        QVERIFY(anyRow.time != kMemcpyEnd);
        QVERIFY(s.sliceTrack(anyRow.slice) != s.sliceTrack(memcpy));

        QTest::mouseMove(&w, nearEnd);
        QTest::keyClick(&w, Qt::Key_M);
        const TimeNs a = markers.markers().back().time;
        QTest::mouseMove(&w, nearStart);
        QTest::keyClick(&w, Qt::Key_M);
        const TimeNs b = markers.markers().back().time;
        QCOMPARE(a, kMemcpyEnd);
        QCOMPARE(b, kKernelTs);
        QCOMPARE(b - a, kRawGap);

        // Shift+click from the memcpy to the kernel, and back: the same gap. (The markers go
        // first: a press within their grab distance would drag one.)
        markers.clear();
        for (const bool kernelFirst : { false, true }) {
            const store::SliceRow first = kernelFirst ? kernel : memcpy, second = kernelFirst ? memcpy : kernel;
            QTest::mouseClick(&w, Qt::LeftButton, {}, w.eventRect(EventRef::slice(first)).center().toPoint());
            QCOMPARE(session.selection()->current(), EventRef::slice(first));
            QTest::mouseClick(
                &w, Qt::LeftButton, Qt::ShiftModifier, w.eventRect(EventRef::slice(second)).center().toPoint());
            QCOMPARE(session.selection()->measure(), EventRef::slice(second));
            const std::optional<analysis::EventGap> g = MeasureOverlay::gapOf(s, *session.selection());
            QVERIFY(g);
            QCOMPARE(g->delta(), kRawGap);
            QCOMPARE(MeasureOverlay::label(*g), QStringLiteral("Δ 487.000 µs"));
        }
    }
};

QTEST_MAIN(tst_MeasureOverlay)
#include "tst_measureoverlay.moc"
