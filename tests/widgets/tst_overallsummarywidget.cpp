// The Overall Summary dock: the whole trace's SummaryCalculator result (what `strata-cli
// summary FILE` prints), its trace facts, import diagnostics and the busy-time chart.
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/breakdownshares.h>
#include <support/widgettestutil.h>

#include "compareprofiles.h"
#include "summary/comparesummarymodel.h"
#include "summary/comparesummarystack.h"
#include "summary/comparesummarytable.h"
#include "summary/devicebreakdownlabel.h"
#include "summary/overallsummarywidget.h"
#include "summary/summarybusychart.h"
#include "summary/summarytrackmodel.h"
#include "summary/summaryview.h"
#include <common/unitformat.h>

#include <analysis/summary/summarycalculator.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QGuiApplication>
#include <QHorizontalStackedBarSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace strata;
using store::TimeNs;
using widgets::SummaryGroupModel;
using widgets::SummaryTrackModel;

namespace {

constexpr int kWaitMs = 20000;

// NPU 0: a compute engine (FLOPs, HFU) and a DMA queue (bytes); host: two threads both
// named "MainThread" (in two processes) and one idle worker; a counter; two kinds of import
// problems, one with messages. The trace spans [0, 2 ms].
std::shared_ptr<const store::EventStore> buildStore(bool withMetrics = true)
{
    widgettest::Builder s;
    store::StoreBuilder& b = s.b;
    const store::ProcessId npu = b.process(store::IdValue::number(1));
    const uint32_t engine = s.thread(1, "NPU 0", 1, "Neural Engine");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    const uint32_t main1 = s.thread(4242, "python3", 4242, "MainThread");
    const uint32_t idle = s.thread(4242, "python3", 4250, "worker");
    const uint32_t main2 = s.thread(4343, "python3", 4343, "MainThread");
    const store::StringId cat = b.intern("cat");
    auto args = [&](const char* k1, double v1, const char* k2, double v2) {
        if (!withMetrics)
            return store::ArgSetId();
        store::Arg a[] = { store::Arg::makeDouble(b.intern(k1), v1), store::Arg::makeDouble(b.intern(k2), v2) };
        return b.argSet(a, 2);
    };
    b.completeSlice(engine, 0, 600000, b.type(b.intern("matmul"), cat), args("flops", 4e9, "hfu", 70));
    b.completeSlice(engine, 800000, 400000, b.type(b.intern("conv"), cat), args("flops", 1e9, "hfu", 20));
    b.completeSlice(dma, 100000, 50000, b.type(b.intern("dma"), cat), args("bytes", 4e6, "queue", 1));
    b.completeSlice(dma, 900000, 100000, b.type(b.intern("dma"), cat), args("bytes", 6e6, "queue", 1));
    b.completeSlice(main1, 0, 2000000, b.type(b.intern("step"), cat), store::ArgSetId());
    b.completeSlice(main1, 10000, 5000, b.type(b.intern("launch"), cat), store::ArgSetId());
    b.threadInstant(idle, 1500000, b.type(b.intern("wake"), cat), store::ArgSetId());
    b.completeSlice(main2, 500000, 300000, b.type(b.intern("save"), cat), store::ArgSetId());
    b.counter(npu, b.intern("HBM used"), 0, 1e9);
    b.counter(npu, b.intern("HBM used"), 1000000, 3e9);
    b.diagnostics().report("bad_timestamp", "byte 1234: \"ts\" is not a number");
    b.diagnostics().report("bad_timestamp", "byte 5678: no \"ts\"");
    b.diagnostics().count("unmatched_end", 3);
    return store::StoreFinalizer::finalize(b);
}

struct Fixture {
    std::shared_ptr<const store::EventStore> store;
    std::shared_ptr<const analysis::SummaryIndex> index;
    model::Session session;
    widgets::OverallSummaryWidget widget { { &session } };
    analysis::TraceSummary expected;

    explicit Fixture(bool withMetrics = true)
        : store(buildStore(withMetrics))
        , index(std::make_shared<const analysis::SummaryIndex>(*store))
        , expected(analysis::SummaryCalculator::compute(*store, *index, store->extent()))
    {
    }
    bool open(const QStringList& loadNotes = {})
    {
        QSignalSpy spy(&widget, &widgets::OverallSummaryWidget::summaryUpdated);
        model::LoadInfo info;
        info.format = QStringLiteral("chrome-json-object");
        info.notes = loadNotes;
        session.open(store, QStringLiteral("/data/traces/run7.json"), info);
        return spy.wait(kWaitMs);
    }
    QModelIndex trackRow(const QString& name, const QString& process = QString()) const
    {
        SummaryTrackModel* m = widget.view()->trackModel();
        for (int g = 0; g < m->rowCount(); ++g) {
            const QModelIndex group = m->index(g, 0);
            if (!process.isEmpty() && group.data().toString() != process)
                continue;
            for (int r = 0; r < m->rowCount(group); ++r)
                if (m->index(r, 0, group).data().toString() == name)
                    return m->index(r, 0, group);
        }
        return QModelIndex();
    }
};

QString plain(QString s)
{
    return s.replace(QChar(0x2009), QLatin1Char(' '));
}

} // namespace

class tst_OverallSummaryWidget : public QObject {
    Q_OBJECT
private slots:
    void placeholderUntilIndex()
    {
        model::Session session;
        widgets::OverallSummaryWidget w({ &session });
        QCOMPARE(w.objectName(), QStringLiteral("overallSummary"));
        QVERIFY(w.view()->isShowingPlaceholder());
        widgettest::open(session, buildStore());
        QCOMPARE(w.view()->placeholderText(), QStringLiteral("Building summary…"));
        session.close();
        QVERIFY(w.view()->placeholderText().startsWith(QStringLiteral("Open a profile")));
    }

    void facts()
    {
        Fixture f;
        QVERIFY(f.open());
        QVERIFY(!f.widget.view()->isShowingPlaceholder());
        QCOMPARE(f.widget.view()->captionText(), QStringLiteral("Whole trace"));
        const QString facts = plain(f.widget.view()->factsText()).simplified();
        const analysis::TraceFacts& t = f.expected.trace;
        QVERIFY2(facts.contains(QStringLiteral("File run7.json")), qPrintable(facts));
        QVERIFY2(facts.contains(QStringLiteral("Format chrome-json-object")), qPrintable(facts));
        QVERIFY2(facts.contains(QStringLiteral("Duration 2.000 ms")), qPrintable(facts));
        QVERIFY2(
            facts.contains(
                QStringLiteral("Events %1 (%2 slices, 1 instant, 2 counter samples)").arg(t.events()).arg(t.slices)),
            qPrintable(facts));
        QVERIFY2(facts.contains(QStringLiteral("Tracks %1").arg(t.tracks)), qPrintable(facts));
        QVERIFY2(facts.contains(QStringLiteral("Processes 3")), qPrintable(facts));
        // The Device scope: NPU 0's two engines (1 ms and 150 µs busy), not the host threads;
        // until the breakdown index is built, their sum.
        QCOMPARE(f.expected.device.tracks, 2u);
        if (f.widget.summary()->device.devices.empty())
            QVERIFY2(
                facts.contains(QStringLiteral("Device busy 1.150 ms (2 engines, mean utilisation")), qPrintable(facts));
        // Then the union of the device's work, strata-cli summary's number: the DMA's copies
        // lie inside the engine's work, so NPU 0 is busy 1 ms of the 2 ms trace.
        QTRY_VERIFY_WITH_TIMEOUT(f.widget.summary()->device.devices.size() == 1, kWaitMs);
        const analysis::BreakdownIndex breakdown(*f.store);
        const analysis::TraceSummary cli
            = analysis::SummaryCalculator::compute(*f.store, *f.index, f.store->extent(), &breakdown);
        QCOMPARE(f.widget.summary()->device.busyNs, cli.device.busyNs);
        QCOMPARE(cli.device.busyNs, TimeNs(1000000));
        const QString unionFacts = plain(f.widget.view()->factsText()).simplified();
        QVERIFY2(
            unionFacts.contains(QStringLiteral("Device busy 1.000 ms (50.00 % of the window, union of 2 engines)")),
            qPrintable(unionFacts));
        // Under the facts, the device's breakdown line, strata-cli summary's line for it.
        const widgets::DeviceBreakdownLabel* line = f.widget.view()->breakdownLabel();
        QVERIFY(!line->isHidden());
        QCOMPARE(line->plainText(),
            QString::fromStdString(analysis::BreakdownShares::line(cli.device.devices[0].breakdown)));
        QVERIFY(line->plainText().startsWith(QStringLiteral("compute ")));
        QVERIFY(line->toolTip().contains(QStringLiteral("shares of its span in the window")));
        QCOMPARE(f.widget.summary()->window.start, f.store->extent().start);
        QCOMPARE(f.widget.summary()->window.end, f.store->extent().end);
    }

    // Host threads read as context beside the device engines: muted names, roles in tooltips.
    void hostRowsMuted()
    {
        Fixture f;
        QVERIFY(f.open());
        const QModelIndex engine = f.trackRow("Neural Engine");
        const QModelIndex host = f.trackRow("worker");
        QVERIFY(engine.isValid() && host.isValid());
        QVERIFY(!engine.data(Qt::ForegroundRole).isValid());
        QCOMPARE(host.data(Qt::ForegroundRole).value<QColor>(),
            QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
        QVERIFY(engine.data(Qt::ToolTipRole).toString().contains("device: its busy time is device time"));
        QVERIFY(host.data(Qt::ToolTipRole).toString().contains("host"));
    }

    // Without device tracks the Device scope is every thread, and the facts say so.
    void deviceScopeFallback()
    {
        widgettest::Builder s;
        s.X(s.thread(4242, "python3", 4242, "MainThread"), "step", "cpu_op", 0, 1000);
        model::Session session;
        widgets::OverallSummaryWidget widget({ &session });
        QSignalSpy spy(&widget, &widgets::OverallSummaryWidget::summaryUpdated);
        widgettest::open(session, store::StoreFinalizer::finalize(s.b));
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(QString::fromStdString(widget.summary()->device.fallback), QStringLiteral("no device tracks"));
        const QString facts = plain(widget.view()->factsText()).simplified();
        QVERIFY2(facts.contains(QStringLiteral("Device no device tracks (the Device scope is every thread)")),
            qPrintable(facts));
    }

    // The profile's own facts (EventStore metadata: a Neuron summary, a trace's otherData)
    // are listed under the summary, in the store's order; no metadata, no list.
    void profileFacts_data()
    {
        QTest::addColumn<QStringList>("pairs"); // key, value, key, value, ...
        QTest::newRow("none") << QStringList();
        QTest::newRow("one") << QStringList { QStringLiteral("total_time"), QStringLiteral("5.542 ms") };
        QTest::newRow("several, kept in order") << QStringList { QStringLiteral("mfu"), QStringLiteral("41.5"),
            QStringLiteral("device"), QStringLiteral("trn1"), QStringLiteral("a_last"), QStringLiteral("") };
    }

    void profileFacts()
    {
        QFETCH(QStringList, pairs);
        store::StoreBuilder b;
        const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
        b.completeSlice(t, 0, 10, b.type(b.intern("op"), b.intern("cat")), store::ArgSetId());
        for (int i = 0; i + 1 < pairs.size(); i += 2)
            b.addMetadata(pairs[i].toStdString(), pairs[i + 1].toStdString());
        model::Session session;
        widgets::OverallSummaryWidget w({ &session });
        w.show();
        widgettest::open(
            session, store::StoreFinalizer::finalize(b), QStringLiteral("/tmp/x.json"), QStringLiteral("test"));
        QTreeWidget* facts = w.factsView();
        QVERIFY(facts);
        QCOMPARE(facts->topLevelItemCount(), int(pairs.size() / 2));
        QCOMPARE(facts->isVisible(), !pairs.isEmpty());
        for (int i = 0; i < facts->topLevelItemCount(); ++i) {
            QCOMPARE(facts->topLevelItem(i)->text(0), pairs[2 * i]);
            QCOMPARE(facts->topLevelItem(i)->text(1), pairs[2 * i + 1]);
        }
        session.close();
        QCOMPARE(facts->topLevelItemCount(), 0);
        QVERIFY(!facts->isVisible());
    }

    void trackRows_data()
    {
        QTest::addColumn<QString>("process");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("busy");
        QTest::addColumn<QString>("util");
        QTest::addColumn<QString>("avg");
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("bandwidth");
        QTest::addColumn<QString>("flops");
        QTest::addColumn<QString>("hfu");
        // clang-format off
        QTest::newRow("compute engine") << "NPU 0 (1)" << "Neural Engine" << "2" << "1.000 ms" << "50.00 %" << "500.000 µs" << "" << "" << "5.00 GFLOP" << "50.0 %";
        QTest::newRow("DMA queue") << "NPU 0 (1)" << "Task DMA" << "2" << "150.000 µs" << "7.50 %" << "75.000 µs" << "10.0 MB" << "66.67 GB/s" << "" << "";
        QTest::newRow("host thread") << "python3 (4242)" << "MainThread" << "2" << "2.000 ms" << "100.00 %" << "1.003 ms" << "" << "" << "" << "";
        QTest::newRow("idle thread") << "python3 (4242)" << "worker" << "0" << "0 ns" << "0.00 %" << "" << "" << "" << "" << "";
        QTest::newRow("same name, other process") << "python3 (4343)" << "MainThread" << "1" << "300.000 µs" << "15.00 %" << "300.000 µs" << "" << "" << "" << "";
        // clang-format on
    }

    void trackRows()
    {
        QFETCH(QString, process);
        QFETCH(QString, name);
        Fixture f;
        QVERIFY(f.open());
        const QModelIndex row = f.trackRow(name, process);
        QVERIFY2(row.isValid(), qPrintable(name));
        SummaryTrackModel* m = f.widget.view()->trackModel();
        auto text = [&](int c) { return plain(m->index(row.row(), c, row.parent()).data().toString()); };
        QTEST(text(SummaryTrackModel::Events), "events");
        QTEST(text(SummaryTrackModel::Busy), "busy");
        QTEST(text(SummaryTrackModel::Util), "util");
        QTEST(text(SummaryTrackModel::AvgDuration), "avg");
        QTEST(text(SummaryTrackModel::Bytes), "bytes");
        QTEST(text(SummaryTrackModel::Bandwidth), "bandwidth");
        QTEST(text(SummaryTrackModel::Flops), "flops");
        QTEST(text(SummaryTrackModel::Hfu), "hfu");

        // The exact values are compute()'s for the whole trace.
        const int at = m->summaryRow(row);
        QVERIFY(at >= 0);
        const analysis::TrackSummaryRow& e = f.expected.tracks[size_t(at)];
        QCOMPARE(QString::fromStdString(e.name), name);
        auto value = [&](int c) { return m->index(row.row(), c, row.parent()).data(SummaryGroupModel::ValueRole); };
        QCOMPARE(value(SummaryTrackModel::Events).toULongLong(), qulonglong(e.events));
        QCOMPARE(value(SummaryTrackModel::Busy).toLongLong(), qlonglong(e.busyNs));
        QCOMPARE(value(SummaryTrackModel::Util).toDouble(), e.utilization);
        QCOMPARE(value(SummaryTrackModel::AvgDuration).toDouble(), e.avgDurNs);
        QCOMPARE(value(SummaryTrackModel::Bytes).isValid(), e.bytes.has_value());
        if (e.bytes)
            QCOMPARE(value(SummaryTrackModel::Bytes).toDouble(), *e.bytes);
        QCOMPARE(value(SummaryTrackModel::Flops).isValid(), e.flops.has_value());
        if (e.flops)
            QCOMPARE(value(SummaryTrackModel::Flops).toDouble(), *e.flops);
        // The util bar is drawn from the same number.
        QCOMPARE(
            m->index(row.row(), SummaryTrackModel::Util, row.parent()).data(SummaryGroupModel::PercentRole).toDouble(),
            e.utilization * 100.0);
    }

    void everyEngineListedOnceUnderItsProcess()
    {
        Fixture f;
        QVERIFY(f.open());
        SummaryTrackModel* m = f.widget.view()->trackModel();
        QCOMPARE(m->rowCount(), 3); // NPU 0, python3 (4242), python3 (4343)
        std::vector<int> seen;
        for (int g = 0; g < m->rowCount(); ++g) {
            const QModelIndex group = m->index(g, 0);
            QVERIFY(m->isProcessRow(group));
            for (int r = 0; r < m->rowCount(group); ++r) {
                const int at = m->summaryRow(m->index(r, 0, group));
                QCOMPARE(group.data().toString(), QString::fromStdString(f.expected.tracks[size_t(at)].processLabel));
                seen.push_back(at);
            }
        }
        std::sort(seen.begin(), seen.end());
        QCOMPARE(seen.size(), f.expected.tracks.size());
        QVERIFY(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
        // The process row's tooltip adds up what adds up.
        const QString tip = plain(m->index(0, SummaryTrackModel::Engine).data(Qt::ToolTipRole).toString());
        QVERIFY2(tip.contains(QStringLiteral("2 engines · 4 events · 10.0 MB · 5.00 GFLOP")), qPrintable(tip));
    }

    void emptyMetricColumnsHidden_data()
    {
        QTest::addColumn<bool>("withMetrics");
        QTest::newRow("metrics") << true;
        QTest::newRow("no metric args") << false;
    }

    void emptyMetricColumnsHidden()
    {
        QFETCH(bool, withMetrics);
        Fixture f(withMetrics);
        QVERIFY(f.open());
        QTreeView* v = f.widget.view()->trackView();
        QCOMPARE(v->isColumnHidden(SummaryTrackModel::Bytes), !withMetrics);
        QCOMPARE(v->isColumnHidden(SummaryTrackModel::Bandwidth), !withMetrics);
        QCOMPARE(v->isColumnHidden(SummaryTrackModel::Flops), !withMetrics);
        QCOMPARE(v->isColumnHidden(SummaryTrackModel::Hfu), !withMetrics);
        QVERIFY(v->isColumnHidden(SummaryTrackModel::Mfu)); // never carried
        for (int c = SummaryTrackModel::Engine; c <= SummaryTrackModel::AvgDuration; ++c)
            QVERIFY(!v->isColumnHidden(c));
    }

    void counters()
    {
        Fixture f;
        QVERIFY(f.open());
        QAbstractItemModel* m = f.widget.view()->counterView()->model();
        QCOMPARE(m->rowCount(), 1);
        const QModelIndex group = m->index(0, 0);
        QCOMPARE(group.data().toString(), QStringLiteral("NPU 0 (1)"));
        QCOMPARE(m->rowCount(group), 1);
        QCOMPARE(m->index(0, 0, group).data().toString(), QStringLiteral("HBM used"));
        QCOMPARE(m->index(0, 2, group).data().toString(), QStringLiteral("1000 M")); // as the timeline labels counters
        QCOMPARE(m->index(0, 3, group).data().toString(), QStringLiteral("2000 M")); // each held for 1 ms
        QCOMPARE(m->index(0, 4, group).data().toString(), QStringLiteral("3000 M"));
        QCOMPARE(m->index(0, 3, group).data(SummaryGroupModel::ValueRole).toDouble(), *f.expected.counters[0].mean);
    }

    void diagnostics()
    {
        Fixture f;
        QVERIFY(f.open());
        QTreeWidget* d = f.widget.view()->diagnosticsView();
        QVERIFY(!d->isHidden());
        QCOMPARE(d->topLevelItemCount(), 2);
        QTreeWidgetItem* bad = d->topLevelItem(0);
        QCOMPARE(bad->text(0), QStringLiteral("bad_timestamp"));
        QCOMPARE(bad->text(1), QStringLiteral("2"));
        QCOMPARE(bad->childCount(), 2);
        QCOMPARE(bad->child(0)->text(0), QStringLiteral("byte 1234: \"ts\" is not a number"));
        QCOMPARE(bad->child(1)->text(0), QStringLiteral("byte 5678: no \"ts\""));
        QCOMPARE(d->topLevelItem(1)->text(0), QStringLiteral("unmatched_end"));
        QCOMPARE(d->topLevelItem(1)->text(1), QStringLiteral("3"));
        QCOMPARE(d->topLevelItem(1)->childCount(), 0);
    }

    // A cached snapshot refused on the way to the store is listed with the diagnostics, even
    // for a profile the importer had nothing to say about.
    void loadNotesJoinTheDiagnostics_data()
    {
        QTest::addColumn<QStringList>("notes");
        QTest::newRow("none") << QStringList {};
        QTest::newRow("a refused snapshot") << QStringList { QStringLiteral("the cached snapshot was refused") };
    }

    void loadNotesJoinTheDiagnostics()
    {
        QFETCH(QStringList, notes);
        Fixture f;
        QVERIFY(f.open(notes)); // the session's LoadInfo brings them
        QTreeWidget* d = f.widget.view()->diagnosticsView();
        QCOMPARE(d->topLevelItemCount(), notes.isEmpty() ? 2 : 3); // after the importer's two kinds
        if (notes.isEmpty())
            return;
        QTreeWidgetItem* cache = d->topLevelItem(2);
        QCOMPARE(cache->text(0), QStringLiteral("snapshot cache"));
        QCOMPARE(cache->childCount(), 1);
        QCOMPARE(cache->child(0)->text(0), notes.first());
        f.widget.setLoadNotes({});
        QCOMPARE(d->topLevelItemCount(), 2);
    }

    void chartHasOneBarPerEngineBusiestFirst()
    {
        Fixture f;
        QVERIFY(f.open());
        widgets::SummaryBusyChart* chart = f.widget.chart();
        QCOMPARE(size_t(chart->barCount()), f.expected.tracks.size());
        // Sorted: busiest on top; the axis lists categories bottom-up.
        for (size_t i = 1; i < chart->busy().size(); ++i)
            QVERIFY(chart->busy()[i - 1] >= chart->busy()[i]);
        QCOMPARE(chart->labels().first(), QStringLiteral("MainThread · 4242"));
        QVERIFY(chart->labels().contains(QStringLiteral("MainThread · 4343"))); // distinct labels
        QStringList bottomUp = chart->categoryAxis()->categories();
        std::reverse(bottomUp.begin(), bottomUp.end());
        QCOMPARE(bottomUp, chart->shownLabels());
        // The axis elides long names to the chart's width, keeping them distinct.
        chart->setParent(nullptr); // sized by hand, not by the dock's layout
        chart->show();
        QVERIFY(QTest::qWaitForWindowExposed(chart));
        chart->resize(900, 400);
        QCOMPARE(chart->shownLabels(), chart->labels());
        chart->resize(160, 300);
        const QStringList shown = chart->shownLabels();
        QCOMPARE(shown.size(), chart->barCount());
        QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), chart->barCount());
        QVERIFY(shown != chart->labels());
        chart->setParent(&f.widget); // owned again
        // One bar per category: busy time in ms, in the compute, communication or transfer set.
        const QList<QBarSet*> sets = chart->series()->barSets();
        QCOMPARE(sets.size(), 3);
        for (int k = 0; k < chart->barCount(); ++k) {
            const int cat = chart->barCount() - 1 - k;
            const analysis::TrackSummaryRow& r = f.expected.tracks[chart->rows()[size_t(k)]];
            const int set = widgets::SummaryBusyChart::setOf(r.engine);
            for (int i = 0; i < 3; ++i)
                QCOMPARE(sets[i]->at(cat), i == set ? double(r.busyNs) / 1e6 : 0.0);
            QCOMPARE(chart->busy()[size_t(k)], r.busyNs);
        }
    }

    // The panes follow the dock's shape; the tables keep their rows whatever the arrangement.
    void arrangementFollowsShape_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("arrangement");
        QTest::newRow("across the bottom") << 1600 << 360 << int(widgets::SummaryView::Arrangement::Row);
        QTest::newRow("a tab of the bottom area") << 700 << 360 << int(widgets::SummaryView::Arrangement::Tabs);
        QTest::newRow("tall side dock") << 460 << 900 << int(widgets::SummaryView::Arrangement::Column);
        QTest::newRow("large floating") << 1000 << 800 << int(widgets::SummaryView::Arrangement::Stacked);
    }

    void arrangementFollowsShape()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, arrangement);
        Fixture f;
        QVERIFY(f.open());
        f.widget.resize(width, height);
        f.widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.widget));
        QCOMPARE(int(f.widget.view()->arrangement()), arrangement);
        const bool tabs = arrangement == int(widgets::SummaryView::Arrangement::Tabs);
        QCOMPARE(f.widget.view()->tabs()->isVisible(), tabs);
        QCOMPARE(f.widget.view()->tabs()->count(), tabs ? 4 : 0); // engines, chart, counters, diagnostics
        QCOMPARE(f.widget.chart()->isVisibleTo(&f.widget), !tabs);
        QVERIFY(f.widget.view()->trackView()->isVisibleTo(&f.widget));
        QCOMPARE(f.widget.view()->trackModel()->rowCount(), 3);
    }

    void newProfileResetsAndRecomputes()
    {
        Fixture f;
        QVERIFY(f.open());
        const auto other = buildStore(false);
        QSignalSpy spy(&f.widget, &widgets::OverallSummaryWidget::summaryUpdated);
        widgettest::open(f.session, other, QStringLiteral("/tmp/b.json"), QStringLiteral("chrome-json-array"));
        QVERIFY(f.widget.view()->isShowingPlaceholder());
        QCOMPARE(f.widget.chart()->barCount(), 0);
        QVERIFY(spy.wait(kWaitMs));
        QVERIFY(plain(f.widget.view()->factsText()).contains(QStringLiteral("b.json")));
        QVERIFY(f.widget.view()->trackView()->isColumnHidden(SummaryTrackModel::Bytes));
    }

    // Comparing: the whole traces of A and B side by side, on by default; off shows A alone.
    void compareWholeTraces()
    {
        comparetest::Pair pair;
        widgets::OverallSummaryWidget w(widgets::DockContext::of(&pair.comparison));
        QVERIFY(w.compareStack());
        pair.open();
        QVERIFY(w.compareStack()->comparing());
        widgets::CompareSummaryTable* table = w.compareStack()->table();
        QTRY_VERIFY_WITH_TIMEOUT(!table->isBusy() && table->model()->rowCount() == 6, kWaitMs);
        QCOMPARE(table->captionText(), QStringLiteral("Whole trace"));
        QCOMPARE(table->shownBWindow().end, pair.comparison.b()->store()->extent().end);
        // Each side's breakdown line per device, named by its side, once its index is built.
        const auto& result = table->model()->result();
        QTRY_VERIFY_WITH_TIMEOUT(
            !table->isBusy() && !result->a->device.devices.empty() && !result->b->device.devices.empty(), kWaitMs);
        for (const auto& [name, summary] : { std::pair { "A", result->a }, std::pair { "B", result->b } }) {
            const auto* line
                = table->findChild<widgets::DeviceBreakdownLabel*>(QStringLiteral("compareBreakdown") + name);
            QVERIFY(line);
            QCOMPARE(line->isHidden(), summary->device.devices.empty());
            if (summary->device.devices.size() == 1)
                QCOMPARE(line->plainText(),
                    QString(name) + ": "
                        + QString::fromStdString(
                            analysis::BreakdownShares::line(summary->device.devices[0].breakdown)));
        }
        QVERIFY(table->isVisibleTo(&w) && !w.view()->isVisibleTo(&w));
        w.compareStack()->setComparing(false);
        QVERIFY(w.view()->isVisibleTo(&w) && !table->isVisibleTo(&w));
    }
};

QTEST_MAIN(tst_OverallSummaryWidget)
#include "tst_overallsummarywidget.moc"
