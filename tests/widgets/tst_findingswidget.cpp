// The Findings dock on hand-built stores (tests/support/findingstores.h): its list is what
// the findings engine finds for the scope; a click on a finding selects its first range and
// makes it the board's current one; Next and Previous step through its ranges; the scope's
// window is the engine's; "nothing found" names the rules that ran and those that could not;
// thresholds are kept in the settings and read back. On tests/data/job_straggler and a
// corpus Kineto trace its findings are strata-cli findings --json's.
#include <support/findingstores.h>
#include <support/widgettestutil.h>

#include "findings/findingsmodel.h"
#include "findings/findingswidget.h"
#include "findings/thresholdsdialog.h"
#include <common/timescope.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/jobaligner.h>
#include <profileloader.h>
#include <report/jsonnumber.h>
#include <state/findingsboard.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/storemerger.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <support/sourcedir.h>

using namespace strata;
using analysis::Finding;
using store::TimeNs;
using store::TimeRange;
using widgets::FindingsModel;
using widgets::FindingsWidget;
using widgets::ThresholdsDialog;

namespace {

// Kernels [0, 10), [30, 40), [70, 80), [150, 160): the GPU idle 120 of 160 ns, in gaps of
// 70, 30 and 20 ns (device-idle, its ranges longest first).
findingtest::Store gaps()
{
    findingtest::Gpu g;
    for (TimeNs t : { 0, 30, 70, 150 })
        g.kernel("gemm", t, 10);
    return g.finish();
}

const Finding* findingOf(const analysis::FindingsResult& r, const std::string& id, int* row = nullptr)
{
    for (size_t i = 0; i < r.findings.size(); ++i)
        if (r.findings[i].id == id) {
            if (row)
                *row = int(i);
            return &r.findings[i];
        }
    return nullptr;
}

QString cliPath()
{
    return QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../../app/cli/strata-cli"));
}

// A job folder's store as the window opens it (tests/cli/tst_jobindexranks.cpp): a rank per
// file merged, then aligned by the collectives' ends.
std::shared_ptr<store::EventStore> openJob(const QString& folder)
{
    store::StoreMerger merger("collectives");
    const QStringList files = QDir(folder).entryList({ QStringLiteral("*.json.gz") }, QDir::Files, QDir::Name);
    for (int r = 0; r < files.size(); ++r) {
        const std::string path = QDir(folder).filePath(files[r]).toStdString();
        importers::LoadResult load = importers::ProfileLoader::load(path);
        if (!load.store)
            return nullptr;
        const std::optional<int64_t> rank = analysis::BreakdownCalculator::rankOf(*load.store);
        merger.append(rank.value_or(r), path, !rank, std::move(load.store));
    }
    std::shared_ptr<store::EventStore> merged = merger.finish();
    const std::vector<TimeNs> offsets = analysis::JobAligner::offsets(
        *merged, store::JobLayout::of(*merged), analysis::ClockAlignment::CollectiveEnds);
    store::StoreMerger::shiftRanks(*merged, offsets, "collectives");
    return merged;
}

} // namespace

class tst_FindingsWidget : public QObject {
    Q_OBJECT

    widgettest::DockFixture<FindingsWidget> m_f;
    QTemporaryDir m_settings;

    bool showStore(const findingtest::Store& s)
    {
        if (!m_f.show(s->extent(), 700, 360))
            return false;
        QSignalSpy spy(m_f.widget.get(), &FindingsWidget::findingsUpdated);
        m_f.open(s);
        return spy.wait(widgettest::kWaitMs) && !m_f.widget->isBusy();
    }
    bool clickFinding(int row)
    {
        QTreeView* view = m_f.widget->view();
        const QModelIndex at = m_f.widget->model()->findingIndex(row);
        view->scrollTo(at);
        const QRect r = view->visualRect(at);
        if (!r.isValid())
            return false;
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, r.center());
        return true;
    }
    TimeRange selected() const { return m_f.selection->timeSelection(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        QCoreApplication::setOrganizationName(QStringLiteral("strata-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_findingswidget"));
    }
    void cleanup()
    {
        m_f.reset();
        QSettings().clear();
    }

    void listsTheEnginesFindings()
    {
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        const analysis::FindingsResult want = findingtest::run(s);
        QVERIFY(!want.findings.empty());
        const auto& shown = m_f.widget->shown()->all;
        QCOMPARE(shown.findings.size(), want.findings.size());
        for (size_t i = 0; i < want.findings.size(); ++i) {
            QCOMPARE(shown.findings[i].id, want.findings[i].id);
            QCOMPARE(shown.findings[i].atStakeNs, want.findings[i].atStakeNs);
        }
        QCOMPARE(m_f.widget->model()->rowCount(), int(want.findings.size()));
        QCOMPARE(m_f.widget->placeholderText(), QString());
        // The board holds what the dock shows.
        QVERIFY(m_f.session->findings()->result());
        QCOMPARE(m_f.session->findings()->result()->findings.size(), want.findings.size());
    }

    // In a narrow dock every title reads whole: a value stands over its threshold, a title too
    // long for its column wraps and its row is as tall as the lines; every finding's row is in
    // view. In a wide one each value is on one line.
    void titlesWrapInANarrowDock_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("narrow");
        QTest::newRow("narrow") << 260 << true;
        QTest::newRow("wide") << 900 << false;
    }
    void titlesWrapInANarrowDock()
    {
        QFETCH(int, width);
        QFETCH(bool, narrow);
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        m_f.widget->resize(width, 360);
        QTreeView* view = m_f.widget->view();
        QTRY_COMPARE(view->viewport()->width() > width - 40, true);
        const FindingsModel* model = m_f.widget->model();
        QVERIFY(model->rowCount() > 0);
        const QHeaderView* h = view->header();
        const QFontMetrics fm(view->font());
        QCOMPARE(h->sectionSize(FindingsModel::Value), m_f.widget->valueWidth(!narrow));
        int wrapped = 0;
        for (int i = 0; i < model->rowCount(); ++i) {
            const QString value = model->index(i, FindingsModel::Value).data().toString();
            QVERIFY(h->sectionSize(FindingsModel::Value) >= fm.horizontalAdvance(value.section(QChar(0x2265), 1)));
            QCOMPARE(h->sectionSize(FindingsModel::Value) < fm.horizontalAdvance(value), narrow);
            const QModelIndex title = model->findingIndex(i);
            const QRect r = view->visualRect(title);
            QVERIFY(view->viewport()->rect().contains(r.adjusted(0, 0, -r.width() + 1, 0)));
            if (fm.horizontalAdvance(title.data().toString()) > h->sectionSize(FindingsModel::Title) - 2 * 14) {
                ++wrapped;
                QVERIFY2(r.height() >= 2 * fm.lineSpacing(), qPrintable(title.data().toString()));
            }
        }
        QCOMPARE(wrapped > 0, narrow);
    }

    // The columns fit the width the list has once shown: a dock tabbed behind another (the
    // default layout's Findings behind Search) gets its findings while hidden and lays its
    // list out only when its tab is raised, without being resized itself.
    void columnsFitWhenShownAfterFindingsCameHidden()
    {
        const findingtest::Store s = gaps();
        QVERIFY(m_f.show(s->extent(), 300, 360));
        m_f.widget->hide();
        m_f.widget->resize(900, 360);
        QSignalSpy updated(m_f.widget.get(), &FindingsWidget::findingsUpdated);
        m_f.open(s);
        QVERIFY(updated.wait(widgettest::kWaitMs));
        m_f.widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_f.widget.get()));
        const QTreeView* view = m_f.widget->view();
        const QHeaderView* h = view->header();
        QCOMPARE(h->sectionSize(FindingsModel::Value), m_f.widget->valueWidth(true));
        QTRY_COMPARE(h->sectionSize(FindingsModel::Title) + h->sectionSize(FindingsModel::Value)
                + h->sectionSize(FindingsModel::AtStake),
            view->viewport()->width());
    }

    // The line under the tools reads whole at any width: the list's summary, then the range
    // picked, wrapping onto more lines in a narrow dock and never widening it.
    void summaryReadsWhole_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("narrow") << 260;
        QTest::newRow("wide") << 900;
    }
    void summaryReadsWhole()
    {
        QFETCH(int, width);
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        m_f.widget->resize(width, 360);
        const QLabel* label = m_f.widget->stepLabel();
        const int n = int(m_f.widget->shown()->all.findings.size());
        QCOMPARE(label->text(), QStringLiteral("%1 findings over the whole trace").arg(n));
        int row = -1;
        QVERIFY(findingOf(m_f.widget->shown()->all, "device-idle", &row));
        QVERIFY(clickFinding(row));
        QCOMPARE(label->text(), m_f.widget->stepText());
        // Every line of it shown: as tall as its text needs at its width, inside the dock.
        QTRY_VERIFY(label->width() <= m_f.widget->width() && label->width() > width / 2);
        QTRY_VERIFY(label->height() >= label->heightForWidth(label->width()));
        const int lines = label->fontMetrics().horizontalAdvance(label->text()) / label->contentsRect().width() + 1;
        QVERIFY(label->height() >= lines * label->fontMetrics().lineSpacing());
    }

    void clickSelectsFirstRangeAndSetsCurrent()
    {
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        int row = -1;
        const Finding* idle = findingOf(m_f.widget->shown()->all, "device-idle", &row);
        QVERIFY(idle);
        QCOMPARE(idle->ranges.size(), size_t(3));
        QSignalSpy current(m_f.session->findings(), &model::FindingsBoard::currentChanged);
        QVERIFY(clickFinding(row));
        QCOMPARE(m_f.session->findings()->current(), row);
        QCOMPARE(current.count(), 1);
        QCOMPARE(selected().start, idle->ranges[0].start);
        QCOMPARE(selected().end, idle->ranges[0].end);
        QCOMPARE(selected().start, TimeNs(80)); // the longest gap
        QCOMPARE(selected().end, TimeNs(150));
        QVERIFY(m_f.widget->view()->isExpanded(m_f.widget->model()->findingIndex(row)));
        QVERIFY(m_f.widget->stepText().contains(QStringLiteral("range 1 of 3")));
        // The list stays: the selection it made is no new window, whatever the scope.
        QVERIFY(!m_f.widget->isBusy());
    }

    void nextAndPreviousStepThroughRanges()
    {
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        int row = -1;
        const Finding* idle = findingOf(m_f.widget->shown()->all, "device-idle", &row);
        QVERIFY(idle);
        m_f.widget->pick(row);
        const std::vector<analysis::FindingRange> ranges = idle->ranges;
        m_f.widget->nextRange();
        QCOMPARE(selected().start, ranges[1].start);
        m_f.widget->view()->setFocus();
        QTest::keyClick(m_f.widget->view(), Qt::Key_F8);
        QCOMPARE(selected().start, ranges[2].start);
        m_f.widget->nextRange(); // around again
        QCOMPARE(selected().start, ranges[0].start);
        QTest::keyClick(m_f.widget->view(), Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(selected().start, ranges[2].start);
        m_f.widget->previousRange();
        QCOMPARE(selected().start, ranges[1].start);
        QCOMPARE(selected().end, ranges[1].end);
        // A click on a range's row selects that one.
        QTreeView* view = m_f.widget->view();
        const QModelIndex third = m_f.widget->model()->rangeIndex(row, 2);
        view->scrollTo(third);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(third).center());
        QCOMPARE(selected().start, ranges[2].start);
        QCOMPARE(m_f.session->findings()->current(), row);
    }

    void scopeIsTheEnginesWindow_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("first two gaps") << qint64(0) << qint64(75);
        QTest::newRow("the long gap") << qint64(75) << qint64(160);
        QTest::newRow("busy only") << qint64(0) << qint64(10);
    }
    void scopeIsTheEnginesWindow()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        QSignalSpy spy(m_f.widget.get(), &FindingsWidget::findingsUpdated);
        m_f.widget->scope()->setMode(widgets::TimeScope::Mode::VisibleRange);
        m_f.viewport->setVisible({ start, end });
        QTRY_VERIFY_WITH_TIMEOUT(!spy.isEmpty() && !m_f.widget->isBusy(), widgettest::kWaitMs);
        const analysis::FindingsResult want = findingtest::run(s, {}, { start, end });
        const auto& shown = m_f.widget->shown()->all;
        QCOMPARE(shown.findings.size(), want.findings.size());
        for (size_t i = 0; i < want.findings.size(); ++i) {
            QCOMPARE(shown.findings[i].id, want.findings[i].id);
            QCOMPARE(shown.findings[i].value, want.findings[i].value);
            QCOMPARE(shown.findings[i].ranges.size(), want.findings[i].ranges.size());
        }
    }

    void nothingFoundSaysWhichRulesRan()
    {
        findingtest::Gpu g; // busy throughout, no operator hot
        g.kernel("gemm", 0, 35);
        g.kernel("relu", 35, 35);
        g.kernel("add", 70, 30);
        const findingtest::Store s = g.finish();
        QVERIFY(showStore(s));
        const analysis::FindingsResult want = findingtest::run(s);
        QVERIFY(want.findings.empty());
        QStringList ran, notRun;
        for (const analysis::RuleOutcome& o : want.rules)
            if (o.ran)
                ran << QString::fromStdString(o.id);
            else
                notRun << QString::fromStdString(o.id) + " (" + QString::fromStdString(o.whyNot) + ")";
        QVERIFY(!ran.isEmpty());
        QVERIFY(!notRun.isEmpty());
        QCOMPARE(m_f.widget->placeholderText(),
            "Nothing found over the whole trace.\n\nRules that ran: " + ran.join(", ")
                + ".\n\nCould not run: " + notRun.join("; ") + ".");
        QVERIFY(m_f.widget->placeholderText().contains(QStringLiteral("straggler (not a job: open the folder")));
    }

    void thresholdsSavedAndRestored()
    {
        const findingtest::Store s = gaps();
        QVERIFY(showStore(s));
        QVERIFY(findingOf(m_f.widget->shown()->all, "device-idle"));
        analysis::FindingThresholds t = m_f.widget->thresholds();
        QVERIFY(t.set("device-idle.idle_pct", 80)); // the GPU is idle 75 %
        QSignalSpy spy(m_f.widget.get(), &FindingsWidget::findingsUpdated);
        m_f.widget->setThresholds(t);
        QVERIFY(spy.wait(widgettest::kWaitMs));
        QVERIFY(!findingOf(m_f.widget->shown()->all, "device-idle"));
        QCOMPARE(QSettings().value(QStringLiteral("findings/thresholds/device-idle.idle_pct")).toDouble(), 80.0);
        QVERIFY(
            !QSettings().contains(QStringLiteral("findings/thresholds/hot-operator.device_pct"))); // defaults unsaved

        // A new dock reads them back.
        m_f.reset();
        QVERIFY(showStore(s));
        QCOMPARE(m_f.widget->thresholds().get("device-idle.idle_pct"), 80.0);
        QVERIFY(!findingOf(m_f.widget->shown()->all, "device-idle"));

        // The dialog shows them, and Reset puts the defaults back.
        ThresholdsDialog dialog(m_f.widget->thresholds());
        QCOMPARE(dialog.thresholds().get("device-idle.idle_pct"), 80.0);
        dialog.resetToDefaults();
        QCOMPARE(dialog.thresholds().get("device-idle.idle_pct"), 20.0);
        m_f.widget->setThresholds(dialog.thresholds());
        QVERIFY(!QSettings().contains(QStringLiteral("findings/thresholds/device-idle.idle_pct")));
    }

    void equalsStrataCli_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("job");
        QTest::newRow("job_straggler") << strata::test::sourcePath("/tests/data/job_straggler") << true;
        QTest::newRow("kineto resnet50") << strata::test::sourcePath(
            "/../shared/corpus/real/pytorch__kineto/resnet50_autograd_api_worker0.pt.trace.json.gz")
                                         << false;
    }
    void equalsStrataCli()
    {
        QFETCH(QString, input);
        QFETCH(bool, job);
        if (!QFileInfo::exists(input))
            QSKIP("no real-trace corpus at ../shared/corpus/real");
        if (!QFileInfo(cliPath()).isExecutable())
            QSKIP("strata-cli is not built next to this test");
        QStringList args { QStringLiteral("findings"), input, QStringLiteral("--json"), QStringLiteral("--no-cache") };
        if (job)
            args << QStringLiteral("--align") << QStringLiteral("collectives");
        QProcess p;
        p.start(cliPath(), args);
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray cliOut = p.readAllStandardOutput();
        const QJsonObject want = QJsonDocument::fromJson(cliOut).object();

        std::shared_ptr<const store::EventStore> s;
        if (job) {
            s = openJob(input);
        } else {
            const importers::LoadResult loaded = importers::ProfileLoader::load(input.toStdString());
            s = loaded.store;
        }
        QVERIFY(s);
        QVERIFY(m_f.show(s->extent(), 700, 360));
        QSignalSpy spy(m_f.widget.get(), &FindingsWidget::findingsUpdated);
        widgettest::open(*m_f.session, s, input);
        QVERIFY(spy.wait(120000));
        if (!job) // one file: the JSON byte for byte
            QCOMPARE(QString::fromStdString(m_f.widget->json()), QString::fromUtf8(cliOut));

        const auto& shown = *m_f.widget->shown();
        const QJsonArray findings = want["findings"].toArray();
        QVERIFY(!findings.isEmpty());
        QCOMPARE(size_t(findings.size()), shown.all.findings.size());
        for (int i = 0; i < findings.size(); ++i) {
            const QJsonObject w = findings[i].toObject();
            const Finding& f = shown.all.findings[size_t(i)];
            const QString at = QStringLiteral("finding %1 (%2)").arg(i).arg(w["id"].toString());
            QVERIFY2(w["id"].toString() == QString::fromStdString(f.id), qPrintable(at));
            QVERIFY2(w["title"].toString() == QString::fromStdString(f.title), qPrintable(at));
            QVERIFY2(w["severity"].toString() == QString(analysis::findingSeverityName(f.severity)), qPrintable(at));
            QVERIFY2(w["value"].toDouble() == report::JsonNumber::round6(f.value), qPrintable(at));
            QVERIFY2(w["threshold"].toDouble() == report::JsonNumber::round6(f.threshold), qPrintable(at));
            QVERIFY2(w["at_stake_ns"].toVariant().toLongLong() == f.atStakeNs, qPrintable(at));
            QCOMPARE(QString::fromStdString(f.cause), w["cause"].toString());
            QVERIFY2(w["action"].toString() == QString::fromStdString(f.action), qPrintable(at));
            if (job)
                QVERIFY2(w["rank"].toVariant().toLongLong() == f.rank, qPrintable(at));
            const QJsonArray ranges = w["ranges"].toArray();
            QVERIFY2(size_t(ranges.size()) == f.ranges.size(), qPrintable(at));
            for (int k = 0; k < ranges.size(); ++k) {
                const analysis::FindingRange& r = f.ranges[size_t(k)];
                // Relative to the rank's own start, as the CLI counts them.
                TimeNs origin = s->extent().start;
                for (const auto& rank : shown.ranks)
                    if (rank.rank == r.rank)
                        origin = rank.extent.start;
                const QJsonObject wr = ranges[k].toObject();
                QVERIFY2(wr["start_ns"].toVariant().toLongLong() == r.start - origin, qPrintable(at));
                QVERIFY2(wr["end_ns"].toVariant().toLongLong() == r.end - origin, qPrintable(at));
            }
        }
        if (job) // the straggler, rank 1, among them
            QVERIFY(findingOf(shown.all, "straggler"));
    }
};

QTEST_MAIN(tst_FindingsWidget)
#include "tst_findingswidget.moc"
