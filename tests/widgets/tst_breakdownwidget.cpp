// The Time Breakdown dock: on hand-built stores its numbers are BreakdownCalculator's for the
// whole trace and for a visible range, in its bars and its table; a profile without device
// work says so; a click on a segment of a device's or an engine's bar selects its longest
// stretch on the timeline, the next click the next longest, and brings it into view; its
// CSV and JSON exports are strata-cli breakdown's. On the sample and a corpus trace its JSON
// is byte for byte what strata-cli breakdown --json prints for the same file and window.
#include <support/breakdownstore.h>
#include <support/storetestutil.h>
#include <support/widgettestutil.h>

#include "breakdown/breakdownbars.h"
#include "breakdown/breakdowntable.h"
#include "breakdown/breakdownwidget.h"
#include <common/timescope.h>
#include <common/unitformat.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <profileloader.h>
#include <report/breakdownreport.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/storefinalizer.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <support/sourcedir.h>

using namespace strata;
using store::TimeNs;
using store::TimeRange;
using widgets::BreakdownTable;
using widgets::BreakdownWidget;
using widgets::TimeScope;
using Segment = analysis::BreakdownSegment;

namespace {

const QString kNccl
    = strata::test::sourcePath("/../shared/corpus/real/facebookresearch__HolisticTraceAnalysis/nccl_data.json.gz");
const QString kSample = strata::test::sourcePath("/resources/samples/sample_profile.json");

std::shared_ptr<const store::EventStore> hostOnlyStore()
{
    storetest::Builder b;
    const uint32_t main = b.thread(1, "python", 1, "main");
    b.X(main, "aten::conv2d", "cpu_op", 0, 100);
    b.X(main, "train_step", "", 100, 100);
    return store::StoreFinalizer::finalize(b.b);
}

bool same(TimeRange a, TimeRange b)
{
    return a.start == b.start && a.end == b.end;
}

void compareTimes(const analysis::BreakdownTimes& got, const analysis::BreakdownTimes& want)
{
    QCOMPARE(got.spanNs, want.spanNs);
    QCOMPARE(got.idleNs, want.idleNs);
    QCOMPARE(got.computeNs, want.computeNs);
    QCOMPARE(got.nonComputeNs, want.nonComputeNs);
    QCOMPARE(got.communicationNs, want.communicationNs);
    QCOMPARE(got.memoryNs, want.memoryNs);
    QCOMPARE(got.otherNs, want.otherNs);
    QCOMPARE(got.commOverlapNs, want.commOverlapNs);
    QCOMPARE(got.commExposedNs, want.commExposedNs);
    QCOMPARE(got.idleCauses.hostWaitNs, want.idleCauses.hostWaitNs);
    QCOMPARE(got.idleCauses.kernelWaitNs, want.idleCauses.kernelWaitNs);
    QCOMPARE(got.idleCauses.otherNs, want.idleCauses.otherNs);
}

} // namespace

class tst_BreakdownWidget : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { m_f.reset(); }

    void matchesCalculator_data()
    {
        QTest::addColumn<bool>("whole");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("whole trace") << true << 0LL << 0LL;
        QTest::newRow("visible range cutting slices") << false << 45LL << 305LL;
        QTest::newRow("visible range, device 0 only") << false << 0LL << 260LL;
    }

    // The dock's breakdown, bars and table carry the calculator's numbers for its window.
    void matchesCalculator()
    {
        QFETCH(bool, whole);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const auto store = breakdowntest::kinetoStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        QCOMPARE(m_f.widget->placeholderText(), QStringLiteral("Building the time breakdown…"));
        QVERIFY(spy.wait(widgettest::kWaitMs));
        TimeRange window = store->extent();
        if (!whole) {
            window = { start, end };
            m_f.widget->scope()->setMode(TimeScope::Mode::VisibleRange);
            m_f.viewport->setVisible(window);
            QTRY_VERIFY_WITH_TIMEOUT(
                !m_f.widget->isBusy() && same(m_f.widget->breakdown()->window, window), widgettest::kWaitMs);
        }
        const auto index = m_f.session->analyses()->get<analysis::BreakdownIndex>();
        QVERIFY(index);
        const analysis::RankBreakdown want = analysis::BreakdownCalculator::compute(*store, *index, window);
        const auto got = m_f.widget->breakdown();
        QVERIFY(got);
        QVERIFY(same(got->window, want.window));
        compareTimes(got->times, want.times);
        QCOMPARE(got->devices.size(), want.devices.size());
        for (size_t d = 0; d < want.devices.size(); ++d) {
            compareTimes(got->devices[d].times, want.devices[d].times);
            QCOMPARE(got->devices[d].engines.size(), want.devices[d].engines.size());
            for (size_t e = 0; e < want.devices[d].engines.size(); ++e)
                compareTimes(got->devices[d].engines[e].times, want.devices[d].engines[e].times);
        }
        // Table: "All devices" first (two devices), then each device.
        BreakdownTable* table = m_f.widget->table();
        QCOMPARE(table->topLevelItemCount(), int(want.devices.size()) + 1);
        for (size_t d = 0; d < want.devices.size(); ++d) {
            const analysis::BreakdownTimes& t = want.devices[d].times;
            const int row = int(d) + 1;
            QCOMPARE(table->cell(row, "compute", BreakdownTable::Time), widgets::UnitFormat::duration(t.computeNs));
            QCOMPARE(table->cell(row, "communication", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.communicationNs));
            QCOMPARE(
                table->cell(row, "overlapped", BreakdownTable::Time), widgets::UnitFormat::duration(t.commOverlapNs));
            QCOMPARE(table->cell(row, "memory", BreakdownTable::Time), widgets::UnitFormat::duration(t.memoryNs));
            QCOMPARE(table->cell(row, "idle", BreakdownTable::Time), widgets::UnitFormat::duration(t.idleNs));
            QCOMPARE(table->cell(row, "host wait", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.idleCauses.hostWaitNs));
            QCOMPARE(table->cell(row, "kernel wait", BreakdownTable::Time),
                widgets::UnitFormat::duration(t.idleCauses.kernelWaitNs));
            // The bar's segments add up to the span.
            TimeNs sum = 0;
            for (const auto& s : widgets::BreakdownBars::segments(t))
                sum += s.ns;
            QCOMPARE(sum, t.spanNs);
        }
        QCOMPARE(m_f.widget->bars()->rowCount(), int(want.devices.size()));
        m_f.widget->bars()->setShowEngines(true);
        QCOMPARE(m_f.widget->bars()->rowCount(),
            int(want.devices.size() + want.devices[0].engines.size() + want.devices[1].engines.size()));
    }

    void wholeTraceByHand()
    {
        // Device 0 worked out by hand (tst_BreakdownIndex): span 310, idle 80, compute 155,
        // communication 100, memory 20, overlap 45.
        const auto store = breakdowntest::kinetoStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        QVERIFY(spy.wait(widgettest::kWaitMs));
        const analysis::BreakdownTimes& t = m_f.widget->breakdown()->devices.at(0).times;
        QCOMPARE(t.spanNs, TimeNs(310));
        QCOMPARE(t.idleNs, TimeNs(80));
        QCOMPARE(t.computeNs, TimeNs(155));
        QCOMPARE(t.communicationNs, TimeNs(100));
        QCOMPARE(t.memoryNs, TimeNs(20));
        QCOMPARE(t.commOverlapNs, TimeNs(45));
        QCOMPARE(m_f.widget->table()->cell(1, "compute", BreakdownTable::Share), QStringLiteral("50.0 %"));
    }

    void noDeviceWork()
    {
        const auto store = hostOnlyStore();
        QVERIFY(m_f.show(store->extent(), 350, 250));
        m_f.open(store);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_f.widget->placeholderText(), QStringLiteral("No device work in this profile"), widgettest::kWaitMs);
        QVERIFY(!m_f.widget->breakdown());
    }

    // Opens the hand-worked store and waits for its breakdown.
    bool openKineto()
    {
        const auto store = breakdowntest::kinetoStore();
        if (!m_f.show(store->extent(), 420, 320))
            return false;
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        m_f.open(store);
        return spy.wait(widgettest::kWaitMs);
    }

    // The bars' row of device 0 (engine -1) or of its engine whose label ends in `engine`.
    int rowOf(const QString& engine)
    {
        widgets::BreakdownBars* bars = m_f.widget->bars();
        const auto b = m_f.widget->breakdown();
        for (int r = 0; r < bars->rowCount(); ++r) {
            if (bars->deviceOfRow(r) != 0)
                continue;
            const int e = bars->engineOfRow(r);
            if (engine.isEmpty()
                    ? e < 0
                    : e >= 0 && QString::fromStdString(b->devices[0].engines[size_t(e)].label).endsWith(engine))
                return r;
        }
        return -1;
    }

    bool clickSegment(int row, Segment segment)
    {
        widgets::BreakdownBars* bars = m_f.widget->bars();
        const QRect r = bars->segmentRect(row, segment);
        if (r.isEmpty())
            return false;
        QTest::mouseClick(bars, Qt::LeftButton, {}, r.center());
        // The stretches come from the worker the first time (the dock is busy from the click
        // until they arrive), at once after.
        return QTest::qWaitFor(
            [&] { return !m_f.widget->isBusy() && !m_f.widget->stepText().isEmpty(); }, widgettest::kWaitMs);
    }

    void clickSelectsLongestThenNext_data()
    {
        QTest::addColumn<QString>("engine"); // "" for device 0's own bar
        QTest::addColumn<int>("segment");
        QTest::addColumn<QString>("stretches"); // every click's selection, longest first, then around again
        auto row = [](const char* tag, const char* engine, Segment seg, const char* stretches) {
            QTest::newRow(tag) << engine << int(seg) << stretches;
        };
        // Device 0 of breakdowntest::kinetoStore (tst_BreakdownIndex::segments).
        row("compute", "", Segment::Compute, "200-250 10-40 120-150 200-250");
        row("overlapped", "", Segment::CommOverlapped, "55-80 40-50 110-120 55-80");
        row("exposed", "", Segment::CommExposed, "80-110 300-320 50-55 80-110");
        row("memory", "", Segment::Memory, "260-280 260-280");
        row("idle", "", Segment::Idle, "150-200 280-300 250-260 150-200");
        row("engine stream 40: exposed", "40", Segment::CommExposed, "40-120 300-320 40-120");
        row("engine stream 40: idle", "40", Segment::Idle, "120-300 120-300");
        row("engine stream 7: compute", "7", Segment::Compute, "200-250 10-50 110-150 55-80");
    }

    // A click on a segment selects its longest stretch in the window; the same segment again
    // steps to the next longest, and says which of how many in the status text.
    void clickSelectsLongestThenNext()
    {
        QFETCH(QString, engine);
        QFETCH(int, segment);
        QFETCH(QString, stretches);
        QVERIFY(openKineto());
        m_f.widget->bars()->setShowEngines(true);
        const int row = rowOf(engine);
        QVERIFY(row >= 0);
        const QStringList want = stretches.split(' ');
        for (int i = 0; i < want.size(); ++i) {
            QVERIFY(clickSegment(row, Segment(segment)));
            QVERIFY(m_f.selection->hasTimeSelection());
            const TimeRange got = m_f.selection->timeSelection();
            QCOMPARE(QString("%1-%2").arg(got.start).arg(got.end), want[i]);
        }
        const int distinct = int(QSet<QString>(want.begin(), want.end()).size());
        QVERIFY2(m_f.widget->stepText().contains(QString(" of %1:").arg(distinct)), qPrintable(m_f.widget->stepText()));
        // However long, the step's text never widens the dock.
        QVERIFY(m_f.widget->minimumSizeHint().width() <= m_f.widget->width());
    }

    // A stretch out of view is brought into it; one in view leaves the view alone.
    void clickRevealsStretch()
    {
        QVERIFY(openKineto());
        m_f.viewport->setVisible({ 0, 60 });
        QVERIFY(clickSegment(rowOf(""), Segment::Idle)); // [150, 200)
        const TimeRange v = m_f.viewport->visible();
        QVERIFY2(v.start <= 150 && v.end >= 200, qPrintable(QString("%1-%2").arg(v.start).arg(v.end)));
        QVERIFY(clickSegment(rowOf(""), Segment::Idle)); // [280, 300): out of view again
        QVERIFY(m_f.viewport->visible().start <= 280 && m_f.viewport->visible().end >= 300);
        m_f.viewport->setVisible({ 0, 400 });
        QVERIFY(clickSegment(rowOf(""), Segment::Compute)); // [200, 250): in view
        QVERIFY(same(m_f.viewport->visible(), { 0, 400 }));
    }

    // With the Current Selection scope the selected stretch does not become the window: the
    // breakdown stays, and the next click steps on.
    void currentSelectionScopeKeepsTheWindow()
    {
        QVERIFY(openKineto());
        m_f.selection->setTimeSelection({ 0, 330 });
        m_f.widget->scope()->setMode(TimeScope::Mode::CurrentSelection);
        QTRY_VERIFY_WITH_TIMEOUT(
            !m_f.widget->isBusy() && same(m_f.widget->breakdown()->window, { 0, 330 }), widgettest::kWaitMs);
        QVERIFY(clickSegment(rowOf(""), Segment::Compute));
        QVERIFY(same(m_f.selection->timeSelection(), { 200, 250 }));
        QTRY_VERIFY_WITH_TIMEOUT(!m_f.widget->isBusy() && !m_f.widget->scope()->isPending(), widgettest::kWaitMs);
        QVERIFY(same(m_f.widget->breakdown()->window, { 0, 330 }));
        QVERIFY(clickSegment(rowOf(""), Segment::Compute));
        QVERIFY(same(m_f.selection->timeSelection(), { 10, 40 }));
        // A selection of the user's own is a new window.
        m_f.selection->setTimeSelection({ 0, 100 });
        QTRY_VERIFY_WITH_TIMEOUT(
            !m_f.widget->isBusy() && same(m_f.widget->breakdown()->window, { 0, 100 }), widgettest::kWaitMs);
    }

    // The exports are strata-cli breakdown's CSV and JSON of the breakdown shown.
    void exportsAreTheReports()
    {
        QVERIFY(openKineto());
        const auto b = m_f.widget->breakdown();
        const report::BreakdownReport r({ { m_f.session->filePath().toStdString(), m_f.session->store().get(), *b } });
        QCOMPARE(QString::fromStdString(m_f.widget->csv()), QString::fromStdString(r.csv()));
        QCOMPARE(QString::fromStdString(m_f.widget->json()), QString::fromStdString(r.json()));
        QVERIFY(m_f.widget->csv().rfind("rank,file,level,", 0) == 0);
    }

    // A device's idle causes are its engines' gaps summed, in a row of their own: device 0's
    // host wait 30, kernel wait 5, other 230 (its idle is 80).
    void deviceIdleCausesApart()
    {
        QVERIFY(openKineto());
        BreakdownTable* table = m_f.widget->table();
        QCOMPARE(table->cell(1, "idle", BreakdownTable::Time), widgets::UnitFormat::duration(80));
        QCOMPARE(table->cell(1, "engines idle", BreakdownTable::Time), widgets::UnitFormat::duration(265));
        QCOMPARE(table->cell(1, "host wait", BreakdownTable::Time), widgets::UnitFormat::duration(30));
        QCOMPARE(table->cell(1, "host wait", BreakdownTable::Share), QStringLiteral("11.3 %")); // of 265
        QCOMPARE(table->cell(1, "other idle", BreakdownTable::Time), widgets::UnitFormat::duration(230));
        QCOMPARE(table->cell(1, "memory alone", BreakdownTable::Time), widgets::UnitFormat::duration(20));
    }

    void equalsStrataCli_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("start"); // from the trace start; -1: the whole trace
        QTest::addColumn<qint64>("end");
        QTest::newRow("sample, whole trace") << QString(kSample) << -1LL << -1LL;
        QTest::newRow("sample, a range") << QString(kSample) << 2000000LL << 9000000LL;
        QTest::newRow("nccl corpus trace, whole") << QString(kNccl) << -1LL << -1LL;
        QTest::newRow("nccl corpus trace, a range") << QString(kNccl) << 1000000LL << 4000000LL;
    }

    // End to end: the dock's JSON for a file and window is what strata-cli breakdown --json
    // prints for them, byte for byte.
    void equalsStrataCli()
    {
        QFETCH(QString, file);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        if (!QFileInfo::exists(file))
            QSKIP("no real-trace corpus at ../shared/corpus/real");
        const QString cli
            = QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../../app/cli/strata-cli"));
        if (!QFileInfo(cli).isExecutable())
            QSKIP("strata-cli is not built next to this test");
        QStringList args { QStringLiteral("breakdown"), file, QStringLiteral("--json"), QStringLiteral("--no-cache") };
        if (start >= 0)
            args << QStringLiteral("--range") << QStringLiteral("%1:%2").arg(start).arg(end);
        QProcess p;
        p.start(cli, args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString want = QString::fromUtf8(p.readAllStandardOutput());

        const importers::LoadResult loaded = importers::ProfileLoader::load(file.toStdString());
        QVERIFY2(loaded.store, loaded.error.c_str());
        QVERIFY(m_f.show(loaded.store->extent(), 420, 320));
        QSignalSpy spy(m_f.widget.get(), &BreakdownWidget::breakdownUpdated);
        widgettest::open(*m_f.session, loaded.store, file);
        QVERIFY(spy.wait(60000));
        if (start >= 0) {
            const TimeNs origin = loaded.store->extent().start;
            const TimeRange window { origin + start, origin + end };
            m_f.widget->scope()->setMode(TimeScope::Mode::VisibleRange);
            m_f.viewport->setVisible(window);
            QTRY_VERIFY_WITH_TIMEOUT(
                !m_f.widget->isBusy() && same(m_f.widget->breakdown()->window, window), widgettest::kWaitMs);
        }
        QCOMPARE(QString::fromStdString(m_f.widget->json()), want);
    }

private:
    widgettest::DockFixture<BreakdownWidget> m_f;
};

QTEST_MAIN(tst_BreakdownWidget)
#include "tst_breakdownwidget.moc"
