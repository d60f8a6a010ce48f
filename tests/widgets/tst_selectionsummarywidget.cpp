// The Current Selection Summary dock: follows the visible window (or the time selection),
// debounced and computed off the GUI thread, and shows exactly what SummaryCalculator —
// the function behind `strata-cli summary --range` — computes for that window.
#include "compareprofiles.h"
#include "selectionsummaryprofile.h"
#include "summary/comparesummarymodel.h"
#include "summary/comparesummarystack.h"
#include "summary/comparesummarytable.h"
#include "summary/selectionsummarywidget.h"
#include "summary/summarycomputer.h"
#include "summary/summarycountermodel.h"
#include "summary/summarytrackmodel.h"
#include "summary/summaryview.h"
#include <analysis/breakdown/breakdownindex.h>
#include <support/widgettestutil.h>

#include <common/unitformat.h>

#include <analysis/summary/summarycalculator.h>
#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <state/viewport.h>
#include <store/sanitizers.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <cmath>

using namespace strata;
using store::TimeNs;
using store::TimeRange;
using widgets::SummaryGroupModel;
using widgets::SummaryTrackModel;

namespace {

constexpr int kWaitMs = 20000; // generous: CI machines stall

using selectionsummaryprofile::buildStore;
using selectionsummaryprofile::chromeJson;

// The exact summary fields of a track row, in the model's column order.
QVariantList expectedValues(const analysis::TrackSummaryRow& r)
{
    auto opt = [](const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); };
    return { QVariant(), qulonglong(r.events), qlonglong(r.busyNs), r.utilization, r.avgDurNs, opt(r.bytes),
        opt(r.bandwidthBytesPerS), opt(r.flops), opt(r.mfu), opt(r.hfu) };
}

// Every engine row the view shows equals compute()'s row for it, field by field (exactly:
// the same function on the same index), and the shown text is that value formatted.
void verifyShows(const widgets::SelectionSummaryWidget& w, const analysis::TraceSummary& expected)
{
    SummaryTrackModel* m = w.view()->trackModel();
    QCOMPARE(m->summary()->window.start, expected.window.start);
    QCOMPARE(m->summary()->window.end, expected.window.end);
    int rows = 0;
    for (int g = 0; g < m->rowCount(); ++g) {
        const QModelIndex group = m->index(g, 0);
        for (int r = 0; r < m->rowCount(group); ++r, ++rows) {
            const int at = m->summaryRow(m->index(r, 0, group));
            QVERIFY(at >= 0 && size_t(at) < expected.tracks.size());
            const analysis::TrackSummaryRow& e = expected.tracks[size_t(at)];
            QCOMPARE(m->index(r, SummaryTrackModel::Engine, group).data().toString(), QString::fromStdString(e.name));
            const QVariantList want = expectedValues(e);
            for (int c = SummaryTrackModel::Events; c < SummaryTrackModel::ColumnCount; ++c) {
                const QVariant got = m->index(r, c, group).data(SummaryGroupModel::ValueRole);
                QVERIFY2(got.isValid() == want[c].isValid(),
                    qPrintable(QStringLiteral("%1, column %2").arg(QString::fromStdString(e.name)).arg(c)));
                if (want[c].isValid())
                    QCOMPARE(got.toDouble(), want[c].toDouble());
            }
            QCOMPARE(
                m->index(r, SummaryTrackModel::Busy, group).data().toString(), widgets::UnitFormat::duration(e.busyNs));
            QCOMPARE(
                m->index(r, SummaryTrackModel::Events, group).data().toString(), widgets::UnitFormat::count(e.events));
        }
    }
    QCOMPARE(size_t(rows), expected.tracks.size());

    widgets::SummaryCounterModel* cm = w.view()->counterModel();
    int counters = 0;
    for (int g = 0; g < cm->rowCount(); ++g) {
        const QModelIndex group = cm->index(g, 0);
        for (int r = 0; r < cm->rowCount(group); ++r, ++counters) {
            const analysis::CounterSummaryRow& e = expected.counters[size_t(cm->summaryRow(cm->index(r, 0, group)))];
            QCOMPARE(cm->index(r, widgets::SummaryCounterModel::Samples, group)
                         .data(SummaryGroupModel::ValueRole)
                         .toULongLong(),
                qulonglong(e.samples));
            const std::optional<double>* v[] = { &e.min, &e.mean, &e.max };
            for (int k = 0; k < 3; ++k) {
                const QVariant got
                    = cm->index(r, widgets::SummaryCounterModel::Min + k, group).data(SummaryGroupModel::ValueRole);
                QCOMPARE(got.isValid(), v[k]->has_value());
                if (got.isValid())
                    QCOMPARE(got.toDouble(), **v[k]);
            }
        }
    }
    QCOMPARE(size_t(counters), expected.counters.size());
}

// A widget on the test store, with its first summary (the whole trace) on screen.
struct Fixture {
    model::Session session;
    model::Selection& selection = *session.selection();
    model::Viewport& viewport = *session.viewport();
    std::shared_ptr<const store::EventStore> store = buildStore();
    std::shared_ptr<const analysis::SummaryIndex> index = std::make_shared<const analysis::SummaryIndex>(*store);
    analysis::BreakdownIndex breakdown { *store };
    widgets::SelectionSummaryWidget widget { { &session } };

    // Opens the profile and waits until the summary has every index it reads (the breakdown
    // index comes in a later stage and recomputes it) and nothing is in flight.
    bool open()
    {
        QSignalSpy spy(&widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        widgettest::open(session, store, QStringLiteral("/tmp/test.json"), QStringLiteral("chrome-json-object"));
        return spy.wait(kWaitMs)
            && QTest::qWaitFor(
                [this] {
                    return widget.computer()->breakdown() && !widget.isBusy() && widget.computer()->inFlight() == 0;
                },
                kWaitMs);
    }
    analysis::TraceSummary expected(TimeRange w) const
    {
        return analysis::SummaryCalculator::compute(*store, *index, w, &breakdown);
    }
};

} // namespace

class tst_SelectionSummaryWidget : public QObject {
    Q_OBJECT
private slots:
    void placeholderUntilIndex()
    {
        model::Session session;
        model::Viewport& vp = *session.viewport();
        widgets::SelectionSummaryWidget w({ &session });
        QCOMPARE(w.objectName(), QStringLiteral("selectionSummary"));
        QVERIFY(w.view()->isShowingPlaceholder());
        const auto store = buildStore();
        vp.setTraceRange(store->extent());
        widgettest::open(session, store);
        QVERIFY(w.view()->isShowingPlaceholder());
        QCOMPARE(w.view()->placeholderText(), QStringLiteral("Building summary…"));
        vp.setVisible({ 100000, 200000 }); // moves before the index is ready compute nothing
        QVERIFY(!w.isBusy());

        QSignalSpy spy(&w, &widgets::SelectionSummaryWidget::summaryUpdated); // the session's index comes
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(!w.view()->isShowingPlaceholder());
        QCOMPARE(w.window().start, TimeNs(100000));
        QCOMPARE(w.window().end, TimeNs(200000));

        widgettest::open(session, nullptr);
        QVERIFY(w.view()->isShowingPlaceholder());
    }

    void followsVisibleRange_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<QString>("caption");
        QTest::newRow("first half") << 0LL << 500000LL << "Visible: 0 µs – 500.000 µs (500.000 µs)";
        QTest::newRow("cuts slices") << 120000LL << 430000LL << "Visible: 120.000 µs – 430.000 µs (310.000 µs)";
        QTest::newRow("tail, one unit for both ends")
            << 900000LL << 1000000LL << "Visible: 0.900 ms – 1.000 ms (100.000 µs)";
        QTest::newRow("idle DMA") << 131000LL << 299000LL << "Visible: 131.000 µs – 299.000 µs (168.000 µs)";
        QTest::newRow("narrow") << 401234LL << 401334LL << "Visible: 401.234 µs – 401.334 µs (100 ns)";
        QTest::newRow("narrower than a thousandth of the unit")
            << 950010LL << 950030LL << "Visible: 950.010 µs – 950.030 µs (20 ns)";
        QTest::newRow("whole trace") << 0LL << 1000000LL << "Visible: 0 ms – 1.000 ms (whole trace)";
    }

    void followsVisibleRange()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(QString, caption);
        Fixture f;
        QVERIFY(f.open());
        if (start != 0 || end != 1000000) {
            QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
            f.viewport.setVisible({ start, end });
            QVERIFY(f.widget.isBusy()); // debouncing
            QVERIFY(spy.wait(kWaitMs));
            QCOMPARE(spy.count(), 1);
        }
        QCOMPARE(f.widget.window().start, f.viewport.visible().start);
        QCOMPARE(f.widget.window().end, f.viewport.visible().end);
        QVERIFY(!f.widget.showsSelection());
        QCOMPARE(f.widget.view()->captionText().replace(QChar(0x2009), QLatin1Char(' ')), caption);
        verifyShows(f.widget, f.expected(f.viewport.visible()));
    }

    void numbersChangeWithTheWindow()
    {
        Fixture f;
        QVERIFY(f.open());
        const auto whole = f.widget.summary();
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.viewport.setVisible({ 300000, 400000 });
        QVERIFY(spy.wait(kWaitMs));
        const auto part = f.widget.summary();
        QVERIFY(part != whole);
        // The rows stay (updated in place, so expansion, selection and sort survive)...
        QCOMPARE(f.widget.view()->trackModel()->rowCount(), 2);
        // ...their numbers follow the window: the DMA moved 2 MB in [300, 390] µs.
        const auto dma
            = std::find_if(part->tracks.begin(), part->tracks.end(), [](auto& r) { return r.name == "Task DMA"; });
        QVERIFY(dma != part->tracks.end());
        QCOMPARE(dma->busyNs, TimeNs(90000));
        QCOMPARE(*dma->bytes, 2e6);
        QCOMPARE(dma->utilization, 0.9);
    }

    // A selected slice scopes the summary to its exact extent, whatever the view shows (F
    // pads the view around it); a time selection made afterwards wins, and picking the slice
    // again (a Steps row) wins back.
    void selectedSliceScopesExactly()
    {
        Fixture f;
        QVERIFY(f.open());
        store::SliceRow step;
        for (uint32_t r = 0; r < f.store->sliceCount(); ++r)
            if (f.store->str(f.store->sliceName(store::SliceRow(r))) == "step"
                && f.store->sliceTs(store::SliceRow(r)) == 500000)
                step = store::SliceRow(r);
        QVERIFY(step.valid());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.selection.setCurrent(model::EventRef::slice(step), /*reveal*/ true);
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.shownSource(), widgets::TimeScope::Source::Slice);
        QCOMPARE(f.widget.window().start, TimeNs(500000));
        QCOMPARE(f.widget.window().end, TimeNs(980000));
        QCOMPARE(f.widget.view()->captionText().replace(QChar(0x2009), QLatin1Char(' ')),
            QStringLiteral("step · 500.000 µs – 980.000 µs (480.000 µs)"));
        verifyShows(f.widget, f.expected({ 500000, 980000 }));

        // F frames the slice with padding: the view moves, the scope does not.
        f.viewport.setVisible({ 440000, 1000000 });
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.window().start, TimeNs(500000));
        QCOMPARE(f.widget.window().end, TimeNs(980000));
        verifyShows(f.widget, f.expected({ 500000, 980000 }));

        f.selection.setTimeSelection({ 140000, 360000 }); // later than the slice: wins
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(f.widget.showsSelection());
        QCOMPARE(f.widget.window().start, TimeNs(140000));
        f.selection.setCurrent(model::EventRef::slice(step)); // picked again: wins back
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.shownSource(), widgets::TimeScope::Source::Slice);
        QCOMPARE(f.widget.window().start, TimeNs(500000));
        f.selection.setCurrent(model::EventRef()); // none: the time selection again
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(f.widget.showsSelection());
        QCOMPARE(f.widget.window().end, TimeNs(360000));
    }

    void timeSelectionOverridesVisibleWindow()
    {
        Fixture f;
        QVERIFY(f.open());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.viewport.setVisible({ 0, 600000 });
        QVERIFY(spy.wait(kWaitMs));

        f.selection.setTimeSelection({ 140000, 360000 });
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(f.widget.showsSelection());
        QCOMPARE(f.widget.window().start, TimeNs(140000));
        QCOMPARE(f.widget.window().end, TimeNs(360000));
        QVERIFY(f.widget.view()->captionText().startsWith(QStringLiteral("Selection: ")));
        verifyShows(f.widget, f.expected({ 140000, 360000 }));

        // Zooming while a selection exists keeps summarising the selection.
        f.viewport.setVisible({ 100000, 200000 });
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.window().start, TimeNs(140000));
        QVERIFY(f.widget.showsSelection());

        f.selection.clearTimeSelection();
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(!f.widget.showsSelection());
        QCOMPARE(f.widget.window().start, TimeNs(100000));
        QCOMPARE(f.widget.window().end, TimeNs(200000));
        verifyShows(f.widget, f.expected({ 100000, 200000 }));
    }

    // Besides the current selection (the default), the visible range alone and the marker
    // pair (the selected marker and its Diff vs marker), which follows the marker's drag.
    void scopeChoices()
    {
        Fixture f;
        QVERIFY(f.open());
        QComboBox* box = f.widget.scopeBox();
        QCOMPARE(box->count(), 3);
        QCOMPARE(box->currentText(), QStringLiteral("Current selection"));
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.selection.setTimeSelection({ 140000, 360000 });
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(f.widget.showsSelection());

        box->setCurrentIndex(box->findText(QStringLiteral("Visible range")));
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(!f.widget.showsSelection());
        QCOMPARE(f.widget.window().start, f.viewport.visible().start);
        QCOMPARE(f.widget.window().end, f.viewport.visible().end);
        QVERIFY(f.widget.view()->captionText().startsWith(QStringLiteral("Visible: ")));

        model::AnnotationsModel& markers = *f.session.annotations();
        const model::MarkerId a = markers.add(200000), b = markers.add(450000);
        markers.setDiffVs(b, a);
        markers.setSelected(b);
        QVERIFY(!f.widget.isBusy()); // the visible range does not follow markers
        box->setCurrentIndex(box->findText(QStringLiteral("Marker pair")));
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.shownSource(), widgets::TimeScope::Source::MarkerPair);
        QCOMPARE(f.widget.window().start, TimeNs(200000));
        QCOMPARE(f.widget.window().end, TimeNs(450000));
        QVERIFY(f.widget.view()->captionText().startsWith(QStringLiteral("Markers: ")));
        verifyShows(f.widget, f.expected({ 200000, 450000 }));

        markers.move(b, 500000); // a drag: after the pause
        QVERIFY(f.widget.isBusy());
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(f.widget.window().end, TimeNs(500000));

        markers.setDiffVs(b, model::MarkerId()); // no pair: how to get one
        QTRY_VERIFY(f.widget.view()->isShowingPlaceholder());
        QVERIFY(f.widget.view()->placeholderText().startsWith(QStringLiteral("Select a marker")));
    }

    void burstOfMovesIsDebounced()
    {
        Fixture f;
        QVERIFY(f.open());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        for (int i = 1; i <= 5; ++i) // a drag: five moves inside the debounce interval
            f.viewport.setVisible({ i * 10000, i * 10000 + 300000 }, model::Viewport::Nav::Step);
        QVERIFY(spy.wait(kWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(!f.widget.isBusy() && f.widget.computer()->inFlight() == 0, kWaitMs);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(f.widget.window().start, TimeNs(50000));
        QCOMPARE(f.widget.window().end, TimeNs(350000));
        verifyShows(f.widget, f.expected({ 50000, 350000 }));
    }

    void staleResultsDropped()
    {
        Fixture f;
        QVERIFY(f.open());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        const quint64 droppedBefore = f.widget.computer()->droppedCount();
        // Two computations in flight at once: the first one's result must never show.
        f.viewport.setVisible({ 0, 250000 });
        f.widget.refresh();
        f.viewport.setVisible({ 600000, 900000 });
        f.widget.refresh();
        QVERIFY(spy.wait(kWaitMs));
        QTRY_VERIFY_WITH_TIMEOUT(!f.widget.isBusy() && f.widget.computer()->inFlight() == 0, kWaitMs);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(f.widget.computer()->droppedCount(), droppedBefore + 1);
        QCOMPARE(f.widget.window().start, TimeNs(600000));
        QCOMPARE(f.widget.window().end, TimeNs(900000));
        verifyShows(f.widget, f.expected({ 600000, 900000 }));
    }

    void resultOfPreviousProfileDropped()
    {
        Fixture f;
        QVERIFY(f.open());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.viewport.setVisible({ 0, 250000 });
        f.widget.refresh();
        // Another profile while the computation runs (its analyses are not started).
        f.session.open(buildStore(), QString(), {}, nullptr, /*deferAnalyses=*/true);
        QTRY_VERIFY_WITH_TIMEOUT(f.widget.computer()->inFlight() == 0, kWaitMs);
        QCOMPARE(spy.count(), 0);
        QVERIFY(f.widget.view()->isShowingPlaceholder());
    }

    void metricColumnsShownOnlyWithData()
    {
        Fixture f;
        QVERIFY(f.open());
        QTreeView* v = f.widget.view()->trackView();
        QVERIFY(!v->isColumnHidden(SummaryTrackModel::Bytes));
        QVERIFY(!v->isColumnHidden(SummaryTrackModel::Bandwidth));
        QVERIFY(!v->isColumnHidden(SummaryTrackModel::Flops));
        QVERIFY(!v->isColumnHidden(SummaryTrackModel::Mfu));
        QVERIFY(v->isColumnHidden(SummaryTrackModel::Hfu)); // no slice carries an hfu arg
    }

    // End to end: the numbers on screen are those `strata-cli summary FILE --range` prints
    // for the same window, with the CLI reading the same profile from a Chrome JSON file.
    void equalsStrataCliSummaryRange_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("cuts slices") << 120000LL << 430000LL;
        QTest::newRow("tail") << 900000LL << 1000000LL;
    }

    void equalsStrataCliSummaryRange()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const QString cli
            = QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../../app/cli/strata-cli"));
        if (!QFileInfo(cli).isExecutable())
            QSKIP("strata-cli is not built next to this test");
#if STRATA_TSAN
        // QProcess starts its child through forkfd's clone; in a process that already runs
        // pool threads, ThreadSanitizer's after-fork handling then leaves this (parent)
        // process marked as forked: it dies at the next thread start, or, told not to, loses
        // track of the order between threads. The Release and ASan runs compare.
        QSKIP("ThreadSanitizer cannot follow QProcess's clone of a threaded process");
#endif
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("twin.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(chromeJson());
        file.close();
        QProcess p;
        p.start(cli,
            { QStringLiteral("summary"), path, QStringLiteral("--range"), QStringLiteral("%1:%2").arg(start).arg(end),
                QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(kWaitMs));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject out = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray cliTracks = out.value(QStringLiteral("tracks")).toArray();
        QVERIFY(!cliTracks.isEmpty());

        Fixture f;
        QVERIFY(f.open());
        QSignalSpy spy(&f.widget, &widgets::SelectionSummaryWidget::summaryUpdated);
        f.viewport.setVisible({ start, end });
        QVERIFY(spy.wait(kWaitMs));
        SummaryTrackModel* m = f.widget.view()->trackModel();
        const char* const keys[] = { nullptr, "events", "busy_ns", "utilization", "avg_dur_ns", "bytes",
            "bandwidth_bytes_per_s", "flops", "mfu", "hfu" };
        int matched = 0;
        for (int g = 0; g < m->rowCount(); ++g) {
            const QModelIndex group = m->index(g, 0);
            for (int r = 0; r < m->rowCount(group); ++r) {
                const QString name = m->index(r, 0, group).data().toString();
                QJsonObject row;
                for (const QJsonValue t : cliTracks)
                    if (t.toObject().value(QStringLiteral("name")).toString() == name)
                        row = t.toObject();
                QVERIFY2(!row.isEmpty(), qPrintable(name));
                for (int c = SummaryTrackModel::Events; c < SummaryTrackModel::ColumnCount; ++c) {
                    const QVariant shown = m->index(r, c, group).data(SummaryGroupModel::ValueRole);
                    const QJsonValue printed = row.value(QLatin1String(keys[c]));
                    QVERIFY2(
                        shown.isValid() == !printed.isNull(), qPrintable(QStringLiteral("%1 %2").arg(name, keys[c])));
                    if (shown.isValid()) {
                        const double a = shown.toDouble(), b = printed.toDouble();
                        QVERIFY2(std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)),
                            qPrintable(
                                QStringLiteral("%1 %2: shown %3, strata-cli %4").arg(name, keys[c]).arg(a).arg(b)));
                    }
                }
                ++matched;
            }
        }
        QCOMPARE(matched, int(cliTracks.size()));
    }

    // Comparing, the A | B | Δ table shows A's selection and B's same window moved by the
    // alignment offset (a B time tB shows at A time tB − offset), and follows offset changes.
    void compareWindowMovedByOffset_data()
    {
        QTest::addColumn<TimeNs>("offset");
        QTest::addColumn<TimeNs>("matrixBusy"); // B's Matrix Engine [0, 300 µs) in B's window
        QTest::newRow("raw clocks") << TimeNs(0) << TimeNs(300000);
        QTest::newRow("B later") << TimeNs(250000) << TimeNs(50000);
        QTest::newRow("B earlier") << TimeNs(-100000) << TimeNs(300000);
    }
    void compareWindowMovedByOffset()
    {
        QFETCH(TimeNs, offset);
        QFETCH(TimeNs, matrixBusy);
        comparetest::Pair pair;
        widgets::SelectionSummaryWidget w(widgets::DockContext::of(&pair.comparison));
        QVERIFY(w.compareStack());
        QVERIFY(!w.compareStack()->toggle()->isVisibleTo(&w)); // no comparison yet
        pair.open();
        QVERIFY(QTest::qWaitFor(
            [&] { return pair.a.analyses()->complete() && pair.comparison.b()->analyses()->complete(); }, kWaitMs));
        QVERIFY(w.compareStack()->comparing()); // on by default while comparing
        QVERIFY(w.compareStack()->toggle()->isVisibleTo(&w));
        widgets::CompareSummaryTable* table = w.compareStack()->table();

        pair.comparison.setOffsetNs(offset);
        pair.a.selection()->setTimeSelection({ 0, 400000 });
        w.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            !table->isBusy() && table->shownAWindow().end == 400000 && table->shownBWindow().start == offset, kWaitMs);
        QCOMPARE(table->shownAWindow().start, TimeNs(0));
        QCOMPARE(table->shownBWindow().end, 400000 + offset);
        QVERIFY(table->captionText().startsWith(QStringLiteral("Selection:")));
        const widgets::CompareSummaryModel* m = table->model();
        int matrix = -1;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, 0).data().toString() == QStringLiteral("Matrix Engine"))
                matrix = r;
        QVERIFY(matrix >= 0);
        QCOMPARE(m->value(matrix, widgets::CompareSummaryModel::Metric::Busy, true), std::optional<double>(matrixBusy));
        QVERIFY(!m->value(matrix, widgets::CompareSummaryModel::Metric::Busy, false));

        // A new offset moves B's window at once; A's stays.
        pair.comparison.setOffsetNs(offset + 1000);
        QTRY_COMPARE_WITH_TIMEOUT(table->shownBWindow().start, offset + 1000, kWaitMs);
        QCOMPARE(table->shownAWindow().start, TimeNs(0));

        // Off: A alone, as without a comparison; ending the comparison hides the switch.
        w.compareStack()->setComparing(false);
        QVERIFY(!w.compareStack()->comparing());
        pair.comparison.end();
        QVERIFY(!w.compareStack()->toggle()->isVisibleTo(&w));
    }
};

QTEST_MAIN(tst_SelectionSummaryWidget)
#include "tst_selectionsummarywidget.moc"
