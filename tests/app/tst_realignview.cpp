// RealignView: a job's view taken from the session on one alignment and put on the session
// holding the same job on another (the ranks' times moved by other offsets): the visible
// range and the time selection move with the selected slice's rank (else stay, in the first
// rank's times), the selected slice is found again by its rank, track, depth and recorded
// start, and the hidden tracks and collapsed process groups are the same ones. A profile
// that is not a job keeps nothing; a view put on another job leaves it as it opened. Through
// the window: tests/data/job_straggler opened, then asked for another alignment (the Ranks
// dock's Clocks box) keeps the view and the timeline's scroll position.
#include "cachehome.h"
#include "mainwindowtestutil.h"
#include <support/jobfolder.h>
#include <support/jobteststore.h>

#include <loading/realignview.h>
#include <window/mainwindow.h>

#include <timeline/timelinewidget.h>

#include <state/selection.h>
#include <state/session.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/storemerger.h>

#include <QtTest>

using namespace strata;
using store::TimeNs;

namespace {

using Offsets = QList<qlonglong>;

// The 3-rank job of jobtest::plantedStraggler with its ranks' times moved by `offsets`, as
// the loader puts a job on an alignment (StoreMerger::shiftRanks).
std::shared_ptr<const store::EventStore> jobOn(const Offsets& offsets)
{
    auto s = std::const_pointer_cast<store::EventStore>(jobtest::merged(jobtest::plantedStraggler, 3));
    std::vector<TimeNs> o(offsets.begin(), offsets.end());
    store::StoreMerger::shiftRanks(*s, o, o == std::vector<TimeNs>(3, 0) ? "recorded" : "collectives");
    return s;
}

// The `occurrence`-th slice named `name` of rank `rank` (in row order); invalid when none.
store::SliceRow sliceOf(const store::EventStore& s, int rank, const char* name, int occurrence)
{
    const store::JobLayout layout = store::JobLayout::of(s);
    for (uint32_t i = 0; i < s.sliceCount(); ++i) {
        const store::SliceRow row(i);
        if (s.str(s.sliceName(row)) == name && layout.rankIndexOfTrack(s.sliceTrack(row)) == rank && occurrence-- == 0)
            return row;
    }
    return {};
}

void open(model::Session& session, std::shared_ptr<const store::EventStore> s)
{
    session.open(std::move(s), QStringLiteral("/job"), model::LoadInfo());
}

} // namespace

class tst_RealignView : public QObject {
    Q_OBJECT
private slots:
    void keepsTheView_data()
    {
        QTest::addColumn<Offsets>("from");
        QTest::addColumn<Offsets>("to");
        QTest::addColumn<int>("rank"); // the selected slice's rank; -1: nothing selected
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("occurrence");
        QTest::addColumn<bool>("sliceLast"); // the slice picked after the time selection
        QTest::addColumn<qlonglong>("shift"); // how far the visible range and time selection move
        const Offsets recorded { 0, 0, 0 }, moved { 0, 30, -50 };
        QTest::newRow("nothing selected: the first rank's times") << recorded << moved << -1 << "" << 0 << false << 0LL;
        QTest::newRow("rank 2's all-reduce: moves with it")
            << recorded << moved << 2 << "ncclKernel_AllReduce" << 1 << true << 50LL;
        QTest::newRow("rank 1's gemm, back to recorded") << moved << recorded << 1 << "gemm" << 1 << false << 30LL;
        QTest::newRow("rank 0's step: stays") << moved << recorded << 0 << "ProfilerStep#2" << 0 << true << 0LL;
    }
    void keepsTheView()
    {
        QFETCH(Offsets, from);
        QFETCH(Offsets, to);
        QFETCH(int, rank);
        QFETCH(QString, name);
        QFETCH(int, occurrence);
        QFETCH(bool, sliceLast);
        QFETCH(qlonglong, shift);
        model::Session session;
        const std::shared_ptr<const store::EventStore> before = jobOn(from);
        open(session, before);
        const store::JobLayout layout = store::JobLayout::of(*before);
        session.viewport()->setVisible({ 300, 900 });
        store::SliceRow picked;
        if (rank >= 0) {
            picked = sliceOf(*before, rank, name.toUtf8().constData(), occurrence);
            QVERIFY(picked.valid());
        }
        if (!sliceLast)
            session.selection()->setCurrent(model::EventRef::slice(picked));
        session.selection()->setTimeSelection({ 400, 500 });
        if (sliceLast)
            session.selection()->setCurrent(model::EventRef::slice(picked));
        // Rank 1's second stream and rank 2's host process.
        const store::TrackId hidden(layout.ranks()[1].trackBegin + layout.ranks()[1].trackCount - 1);
        const store::ProcessId collapsed(layout.ranks()[2].processBegin);
        session.trackFilter()->setHidden(hidden, true);
        session.trackFilter()->setCollapsed(collapsed, true);
        const std::optional<app::RealignView> view = app::RealignView::capture(session, 120);
        QVERIFY(view);
        QCOMPARE(view->scrollY(), 120);

        const std::shared_ptr<const store::EventStore> after = jobOn(to);
        open(session, after);
        QVERIFY(!session.trackFilter()->isHidden(hidden)); // the open reset it
        view->apply(session);
        QCOMPARE(session.viewport()->visible().start, TimeNs(300 + shift));
        QCOMPARE(session.viewport()->visible().end, TimeNs(900 + shift));
        QVERIFY(session.selection()->hasTimeSelection());
        QCOMPARE(session.selection()->timeSelection().start, TimeNs(400 + shift));
        QCOMPARE(session.selection()->timeSelection().end, TimeNs(500 + shift));
        QVERIFY(session.trackFilter()->isHidden(hidden));
        QVERIFY(session.trackFilter()->isCollapsed(collapsed));
        QCOMPARE(session.trackFilter()->isHidden(store::TrackId(hidden.v - 1)), false);
        const model::EventRef current = session.selection()->current();
        if (rank < 0) {
            QVERIFY(!current.valid());
            return;
        }
        // The same slice, on the new clocks.
        const store::SliceRow want = sliceOf(*after, rank, name.toUtf8().constData(), occurrence);
        QCOMPARE(current, model::EventRef::slice(want));
        QCOMPARE(after->sliceTs(want) + to[rank], before->sliceTs(picked) + from[rank]);
        QCOMPARE(session.selection()->currentIsLatest(), sliceLast);
    }

    void theWindowKeepsTheViewOnRealign()
    {
        QStandardPaths::setTestModeEnabled(true);
        const apptest::CacheHome home;
        app::MainWindow w;
        w.setPersistent(false);
        w.resize(1000, 420);
        w.show();
        QCOMPARE(mainwindowtest::load(w, jobfolder::kJob).value(0).toBool(), true);
        model::Session* session = w.session();
        QTRY_VERIFY_WITH_TIMEOUT(session->analyses()->complete(), mainwindowtest::kLoadTimeoutMs);
        const std::shared_ptr<const store::EventStore> before = session->store();
        const store::JobLayout layout = store::JobLayout::of(*before);
        QCOMPARE(QString::fromStdString(layout.alignment()), QStringLiteral("collectives")); // two hosts
        // A slice of rank 1, in view; a track of rank 3 hidden; the timeline scrolled down.
        const store::SliceRow picked = sliceOf(*before, 1, "ProfilerStep#11", 0);
        QVERIFY(picked.valid());
        session->viewport()->setVisible({ before->sliceTs(picked) - 1000, before->sliceEnd(picked) + 1000 });
        session->selection()->setCurrent(model::EventRef::slice(picked));
        const store::TrackId hidden(layout.ranks()[3].trackBegin + 1);
        session->trackFilter()->setHidden(hidden, true);
        w.timeline()->setScrollY(1 << 20);
        const int bottom = w.timeline()->scrollY();
        QVERIFY2(bottom > 40, "the job's tracks are taller than the window");
        w.timeline()->setScrollY(bottom / 2);
        const store::TimeRange visible = session->viewport()->visible();

        QSignalSpy finished(&w, &app::MainWindow::loadFinished);
        session->requestAlignment(QStringLiteral("recorded"));
        QVERIFY(finished.wait(mainwindowtest::kLoadTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(session->analyses()->complete(), mainwindowtest::kLoadTimeoutMs);
        const std::shared_ptr<const store::EventStore> after = session->store();
        QVERIFY(after != before);
        const store::JobLayout now = store::JobLayout::of(*after);
        QCOMPARE(QString::fromStdString(now.alignment()), QStringLiteral("recorded"));
        const TimeNs shift = layout.ranks()[1].offsetNs - now.ranks()[1].offsetNs;
        QVERIFY(shift != 0); // rank 1 moved: the view moved with it
        QCOMPARE(session->viewport()->visible().start, visible.start + shift);
        QCOMPARE(session->viewport()->visible().end, visible.end + shift);
        const store::SliceRow want = sliceOf(*after, 1, "ProfilerStep#11", 0);
        QCOMPARE(session->selection()->current(), model::EventRef::slice(want));
        QVERIFY(session->trackFilter()->isHidden(hidden));
        QCOMPARE(w.timeline()->scrollY(), bottom / 2);
    }

    void notAJobKeepsNothing()
    {
        model::Session session;
        QVERIFY(!app::RealignView::capture(session, 0)); // nothing open
        open(session, jobtest::single(jobtest::plantedStraggler, 0));
        QVERIFY(!app::RealignView::capture(session, 0));
    }

    void anotherJobIsLeftAsOpened()
    {
        model::Session session;
        open(session, jobOn({ 0, 0, 0 }));
        session.viewport()->setVisible({ 300, 900 });
        session.trackFilter()->setHidden(store::TrackId(1), true);
        const std::optional<app::RealignView> view = app::RealignView::capture(session, 0);
        QVERIFY(view);
        open(session, jobtest::merged(jobtest::plantedStraggler, 2));
        const store::TimeRange opened = session.viewport()->visible();
        view->apply(session);
        QCOMPARE(session.viewport()->visible().start, opened.start);
        QCOMPARE(session.viewport()->visible().end, opened.end);
        QVERIFY(!session.trackFilter()->isHidden(store::TrackId(1)));
    }
};

QTEST_MAIN(tst_RealignView)
#include "tst_realignview.moc"
