// The Ranks dock on hand-made stores (tests/support/jobteststore.h): a profile that is not a
// job shows only how to open one; a job shows its rank table, collectives and the straggler's
// evidence; a click on a rank asks the timeline for that rank's first device track; a click
// on a collective highlights its kernel on every rank and selects its time; the alignment
// picker shows the job's alignment and asks for another; the clocks' notice bar shows over the
// table when the ranks' clocks look offset (support/clockjob.h: 8 ranks, hosts' clocks 0, 200
// or 1500.25 µs apart), its button asks for the alignment by collective ends, and a job aligned
// (or on one host) shows none.
#include <analysis/collectives/clockoffsetcheck.h>
#include <support/clockjob.h>
#include <support/jobteststore.h>
#include <support/widgettestutil.h>

#include "ranks/collectivetablemodel.h"
#include "ranks/rankswidget.h"
#include "ranks/ranktablemodel.h"
#include <common/noticebar.h>
#include <common/unitformat.h>

#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace strata;
using widgets::CollectiveTableModel;
using widgets::RanksWidget;
using widgets::RankTableModel;

namespace {

const QString kNotAJob = QStringLiteral("Open a folder of per-rank traces (File > Open Folder…) to compare ranks.");

// Clicks the row of `view` whose source row (the model's) is `sourceRow`.
void clickRow(QTableView* view, int sourceRow, int column)
{
    const auto* proxy = static_cast<const QSortFilterProxyModel*>(view->model());
    const QModelIndex at = proxy->mapFromSource(proxy->sourceModel()->index(sourceRow, column));
    view->scrollTo(at);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(at).center());
}

} // namespace

class tst_RanksWidget : public QObject {
    Q_OBJECT

    widgettest::DockFixture<RanksWidget> m_dock;

    // The dock over a job of three ranks (rank 2 the straggler), analysed.
    bool showJob(const std::string& alignment = "recorded")
    {
        if (!m_dock.show({ 0, 2000 }, 900, 400))
            return false;
        m_dock.open(jobtest::merged(jobtest::plantedStraggler, 3, alignment));
        return widgettest::waitForAnalyses(*m_dock.session) && m_dock.widget->job();
    }

private slots:
    void cleanup() { m_dock.reset(); }

    void notAJobSaysHowToOpenOne()
    {
        QVERIFY(m_dock.show({ 0, 2000 }, 900, 400));
        QCOMPARE(m_dock.widget->placeholderText(), kNotAJob); // nothing open
        m_dock.open(jobtest::single(jobtest::plantedStraggler, 0));
        QVERIFY(widgettest::waitForAnalyses(*m_dock.session));
        QCOMPARE(m_dock.widget->placeholderText(), kNotAJob);
        QVERIFY(!m_dock.widget->job());
        QCOMPARE(m_dock.widget->rankModel()->rowCount(), 0);
        QVERIFY(!m_dock.widget->rankView()->isVisible());
    }

    void showsTheJob()
    {
        QVERIFY(showJob());
        QCOMPARE(m_dock.widget->placeholderText(), QString());
        QCOMPARE(m_dock.widget->rankModel()->rowCount(), 3);
        QCOMPARE(m_dock.widget->collectiveModel()->rowCount(), 2);
        QCOMPARE(m_dock.widget->evidenceText(),
            QString("Rank 2 arrived last at 2 of 2 collectives; the others waited %1 in all. Holistic Trace "
                    "Analysis names no rank.")
                .arg(widgets::UnitFormat::duration(200)));
        QCOMPARE(m_dock.widget->tabs()->tabText(0), QString("Ranks (3)"));
        QCOMPARE(m_dock.widget->tabs()->tabText(1), QString("Collectives (2)"));
        // Closing the profile leaves nothing of the job.
        m_dock.session->close();
        QCOMPARE(m_dock.widget->placeholderText(), kNotAJob);
        QVERIFY(!m_dock.widget->job());
    }

    // The JSON export: the job's ranks, collectives and straggler as strata-cli ranks --json
    // writes them (tst_jobindexranks compares the bytes with strata-cli's on a real job);
    // nothing without a job.
    void exportsTheJobAsJson()
    {
        QVERIFY(m_dock.show({ 0, 2000 }, 900, 400));
        QCOMPARE(m_dock.widget->ranksJson(), std::string());
        QVERIFY(showJob("collectives"));
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(m_dock.widget->ranksJson())).object();
        QCOMPARE(o["alignment"].toString(), QString("collectives"));
        QCOMPARE(o["ranks"].toArray().size(), 3);
        QCOMPARE(o["collectives"].toArray().size(), 2);
        QCOMPARE(o["straggler"].toObject()["rank"].toInt(), 2);
        for (int r = 0; r < 3; ++r)
            QCOMPARE(o["ranks"].toArray()[r].toObject()["rank"].toInt(), r);
    }

    void clickOnRankRevealsItsTrack_data()
    {
        QTest::addColumn<int>("row");
        QTest::newRow("rank 0") << 0;
        QTest::newRow("rank 2") << 2;
    }
    void clickOnRankRevealsItsTrack()
    {
        QFETCH(int, row);
        QVERIFY(showJob());
        std::vector<store::TrackId> asked;
        connect(m_dock.session.get(), &model::Session::trackRevealRequested, this,
            [&asked](store::TrackId t) { asked.push_back(t); });
        clickRow(m_dock.widget->rankView(), row, RankTableModel::Wait);
        QCOMPARE(asked.size(), size_t(1));
        const store::EventStore& s = *m_dock.session->store();
        QCOMPARE(store::JobLayout::of(s).rankIndexOfTrack(asked[0]), row);
        QCOMPARE(s.trackLabel(asked[0]), std::string("stream 7")); // its first device track
    }

    void clickOnCollectiveHighlightsEveryRank()
    {
        QVERIFY(showJob());
        m_dock.viewport->setVisible({ 1500, 2000 });
        m_dock.widget->tabs()->setCurrentIndex(1);
        clickRow(m_dock.widget->collectiveView(), 0, CollectiveTableModel::Skew);
        model::Selection* sel = m_dock.selection;
        QVERIFY(sel->highlighted());
        QCOMPARE(sel->highlighted()->size(), size_t(3));
        const store::EventStore& s = *m_dock.session->store();
        const store::JobLayout layout = store::JobLayout::of(s);
        std::vector<int> ranks;
        for (store::SliceRow r : *sel->highlighted()) {
            QCOMPARE(s.str(s.sliceName(r)), std::string_view("ncclKernel_AllReduce"));
            ranks.push_back(layout.rankIndexOfTrack(s.sliceTrack(r)));
        }
        QCOMPARE(ranks, (std::vector<int> { 0, 1, 2 }));
        QCOMPARE(sel->highlightLabel(), QString("AllReduce #0 on 3 ranks"));
        QVERIFY(sel->hasTimeSelection());
        QCOMPARE(sel->timeSelection().start, store::TimeNs(400)); // first arrival
        QCOMPARE(sel->timeSelection().end, store::TimeNs(800)); // last end
        // It was out of view: now it is all there.
        QVERIFY(m_dock.viewport->visible().start <= 400 && m_dock.viewport->visible().end >= 800);
        // In view already: the view stays.
        m_dock.viewport->setVisible({ 0, 2000 });
        clickRow(m_dock.widget->collectiveView(), 1, CollectiveTableModel::Skew);
        QCOMPARE(sel->timeSelection().start, store::TimeNs(1400));
        QCOMPARE(m_dock.viewport->visible().start, store::TimeNs(0));
        QCOMPARE(m_dock.viewport->visible().end, store::TimeNs(2000));
    }

    void pickerShowsAndAsks_data()
    {
        QTest::addColumn<QString>("opened");
        QTest::addColumn<int>("choice");
        QTest::addColumn<QString>("asked"); // "" : nothing asked
        QTest::newRow("recorded, ask collectives") << "recorded" << 1 << "collectives";
        QTest::newRow("collectives, ask first step") << "collectives" << 2 << "first-step";
        QTest::newRow("first step, ask recorded") << "first-step" << 0 << "recorded";
        QTest::newRow("the same: nothing") << "collectives" << 1 << "";
    }
    void pickerShowsAndAsks()
    {
        QFETCH(QString, opened);
        QFETCH(int, choice);
        QFETCH(QString, asked);
        QVERIFY(showJob(opened.toStdString()));
        QComboBox* box = m_dock.widget->alignmentBox();
        QCOMPARE(box->currentData().toString(), opened);
        QSignalSpy spy(m_dock.session.get(), &model::Session::alignmentRequested);
        box->setCurrentIndex(choice);
        emit box->activated(choice);
        if (asked.isEmpty()) {
            QCOMPARE(spy.count(), 0);
        } else {
            QCOMPARE(spy.count(), 1);
            QCOMPARE(spy.at(0).at(0).toString(), asked);
        }
    }

    void clockNoticeBar_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<qint64>("offsetNs");
        QTest::addColumn<QString>("alignment"); // as the job was opened
        QTest::addColumn<QString>("ranks"); // in the notice; empty: no notice
        QTest::newRow("2 hosts 1500.25 µs apart, as recorded") << 2 << qint64(1500250) << "recorded"
                                                               << "ranks 4–7";
        QTest::newRow("2 hosts 200 µs apart, as recorded") << 2 << qint64(200000) << "recorded"
                                                           << "ranks 4–7";
        QTest::newRow("8 hosts 200 µs apart, as recorded") << 8 << qint64(200000) << "recorded"
                                                           << "ranks 1–7";
        QTest::newRow("1 host") << 1 << qint64(1500250) << "recorded" << QString();
        QTest::newRow("2 hosts, no offset") << 2 << qint64(0) << "recorded" << QString();
        // What the window opens when asked for collective ends: the ranks shifted onto one clock.
        QTest::newRow("aligned by collective ends") << 2 << qint64(0) << "collectives" << QString();
    }
    void clockNoticeBar()
    {
        QFETCH(int, hosts);
        QFETCH(qint64, offsetNs);
        QFETCH(QString, alignment);
        QFETCH(QString, ranks);
        const clockjob::Shape shape = clockjob::shapeOf(hosts, offsetNs);
        QVERIFY(m_dock.show({ 0, 5000000 }, 900, 400));
        QSignalSpy raise(m_dock.widget.get(), &RanksWidget::raiseRequested);
        std::vector<store::TimeNs> offsets;
        if (alignment == "collectives")
            for (int r = 0; r < shape.ranks; ++r)
                offsets.push_back(r >= 4 ? 1500250 : 0);
        m_dock.open(jobtest::merged(clockjob::fill(shape), shape.ranks, alignment.toStdString(), offsets));
        QVERIFY(widgettest::waitForAnalyses(*m_dock.session) && m_dock.widget->job());
        widgets::NoticeBar* bar = m_dock.widget->clockNoticeBar();
        QCOMPARE(bar->isVisible(), !ranks.isEmpty());
        QCOMPARE(raise.count(), ranks.isEmpty() ? 0 : 1);
        if (ranks.isEmpty()) {
            QVERIFY(bar->text().isEmpty());
            return;
        }
        // Over the table, the ranks named with their offset, the button there to press.
        QVERIFY(bar->geometry().bottom() <= m_dock.widget->tabs()->mapTo(m_dock.widget.get(), QPoint(0, 0)).y());
        const QString text = bar->text();
        QVERIFY2(text.startsWith("Clocks look offset: "), qPrintable(text));
        QVERIFY2(QString(text).remove(QChar(0x2060)).contains(ranks + " end every collective"), qPrintable(text));
        // Its offset as estimated (within 1 µs of the planted one); on 8 hosts, each its own
        // clock, one sentence with the range of their offsets.
        const analysis::ClockOffsetHint& hint = m_dock.widget->job()->analysis().clockHint;
        const analysis::ClockOffsetGroup group = analysis::ClockOffsetCheck::groups(hint).front();
        QVERIFY(std::abs(group.minNs - offsetNs) < 1000);
        const QString offset = group.shared
            ? widgets::UnitFormat::duration(group.offsetNs)
            : QString("between %1 after and %2")
                  .arg(widgets::UnitFormat::duration(group.minNs), widgets::UnitFormat::duration(group.maxNs));
        QVERIFY2(text.contains(offset + " after rank 0's"), qPrintable(text));
        QVERIFY(text.contains(widgets::UnitFormat::duration(hint.alignedWaitNs)));
        QPushButton* button = bar->button();
        QVERIFY(button->isVisible() && button->isEnabled());
        QCOMPARE(button->text(), QString("Align by collective ends"));
        QSignalSpy asked(m_dock.session.get(), &model::Session::alignmentRequested);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(0).toString(), QString("collectives"));
        QVERIFY(!button->isEnabled()); // the job opens again: one request
        // Closing the profile takes the notice away.
        m_dock.session->close();
        QVERIFY(!bar->isVisible());
    }
};

QTEST_MAIN(tst_RanksWidget)
#include "tst_rankswidget.moc"
