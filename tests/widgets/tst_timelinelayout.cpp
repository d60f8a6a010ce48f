#include <support/collectivejob.h>

#include <state/trackfilter.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <timeline/timelinelayout.h>

#include <QtTest>

using namespace strata;
using store::TrackKind;
using widgets::LayoutRow;
using widgets::TimelineLayout;

// pid 1: thread 1 (3 levels, one thread instant), thread 2 (with an overflow lane),
//        counter "c", a process instant; pid 2: thread 1; a global instant.
class tst_TimelineLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void rows();
    void collapseAndHide_data();
    void collapseAndHide();
    void lookups();
    void overlapLanes_data();
    void overlapLanes();
    void nestedTracksIndent_data();
    void nestedTracksIndent();
    void rankStarts_data();
    void rankStarts();
    void revealRow_data();
    void revealRow();
    void revealRowOfALaterTrack();

private:
    std::shared_ptr<const store::EventStore> m_store;
};

void tst_TimelineLayout::initTestCase()
{
    store::StoreBuilder b;
    auto ty = [&](const char* n) { return b.type(b.intern(n), b.intern("c")); };
    const store::ProcessId p1 = b.process(store::IdValue::number(1)), p2 = b.process(store::IdValue::number(2));
    const uint32_t t11 = b.thread(p1, store::IdValue::number(1)), t12 = b.thread(p1, store::IdValue::number(2)),
                   t21 = b.thread(p2, store::IdValue::number(1));
    b.completeSlice(t11, 0, 100, ty("a"), {});
    b.completeSlice(t11, 10, 50, ty("b"), {});
    b.completeSlice(t11, 20, 10, ty("c"), {});
    b.threadInstant(t11, 5, ty("i"), {});
    b.completeSlice(t12, 0, 50, ty("d"), {});
    b.completeSlice(t12, 40, 50, ty("e"), {}); // partial overlap → overflow lane
    b.counter(p1, b.intern("c"), 0, 1);
    b.counter(p1, b.intern("c"), 50, 2);
    b.processInstant(p1, 30, ty("pi"), {});
    b.completeSlice(t21, 0, 10, ty("f"), {});
    b.globalInstant(60, ty("g"), {});
    m_store = store::StoreFinalizer::finalize(b);
    QVERIFY(m_store);
}

void tst_TimelineLayout::rows()
{
    TimelineLayout l;
    l.build(m_store.get(), nullptr);
    const std::vector<LayoutRow>& rows = l.rows();
    QVERIFY(!rows.empty());
    // The global instant track comes first, with no header; every process has a header
    // before its tracks; rows are stacked without gaps.
    QCOMPARE(rows[0].kind, LayoutRow::Kind::Track);
    QCOMPARE(m_store->track(rows[0].track).kind, TrackKind::GlobalInstants);
    int y = 0;
    store::ProcessId current;
    QSet<int> kinds;
    for (const LayoutRow& r : rows) {
        if (r.kind == LayoutRow::Kind::Track)
            kinds.insert(int(m_store->track(r.track).kind));
        QCOMPARE(r.y, y);
        y += r.height;
        if (r.kind == LayoutRow::Kind::Process) {
            current = r.process;
            continue;
        }
        const store::TrackInfo& t = m_store->track(r.track);
        if (t.process.valid())
            QCOMPARE(t.process, current);
        if (t.kind == TrackKind::Thread || t.kind == TrackKind::Overflow) {
            QCOMPARE(r.levels, t.levelCount);
            QCOMPARE(r.height,
                r.instantStrip + 2 * TimelineLayout::kTrackPad
                    + int(std::max(1u, t.levelCount)) * TimelineLayout::kRowPitch);
            QCOMPARE(r.instantStrip, t.instants.empty() ? 0 : TimelineLayout::kInstantStrip);
        }
        if (t.kind == TrackKind::Overflow) {
            QCOMPARE(r.indent, 1);
            QCOMPARE(l.rowOfTrack(t.parent), l.rowOfTrack(r.track) - 1); // right under its thread
        }
        if (t.kind == TrackKind::Counter)
            QCOMPARE(r.height, TimelineLayout::kCounterHeight);
    }
    QCOMPARE(l.contentHeight(), y);
    for (TrackKind k : { TrackKind::Thread, TrackKind::Overflow, TrackKind::Counter, TrackKind::ProcessInstants,
             TrackKind::GlobalInstants })
        QVERIFY(kinds.contains(int(k)));
}

void tst_TimelineLayout::collapseAndHide_data()
{
    QTest::addColumn<bool>("collapse");
    QTest::newRow("collapse process 1") << true;
    QTest::newRow("hide its first thread") << false;
}

void tst_TimelineLayout::collapseAndHide()
{
    QFETCH(bool, collapse);
    TimelineLayout full;
    full.build(m_store.get(), nullptr);
    model::TrackFilter filter;
    const store::ProcessId p1 = full.rows()[1].process;
    const store::TrackId firstThread = full.rows()[2].track;
    if (collapse)
        filter.setCollapsed(p1, true);
    else
        filter.setHidden(firstThread, true);
    TimelineLayout l;
    l.build(m_store.get(), &filter);
    QCOMPARE(l.rowOfTrack(firstThread), -1);
    const int header = l.rowOfProcess(p1);
    QVERIFY(header >= 0);
    QCOMPARE(l.rows()[header].collapsed, collapse);
    if (collapse) {
        QCOMPARE(l.rows()[header].trackCount, full.rows()[1].trackCount);
        QCOMPARE(l.rows()[header + 1].kind, LayoutRow::Kind::Process); // the next process follows
    }
    QVERIFY(l.contentHeight() < full.contentHeight());
}

void tst_TimelineLayout::lookups()
{
    TimelineLayout l;
    l.build(m_store.get(), nullptr);
    for (int i = 0; i < int(l.rows().size()); ++i) {
        const LayoutRow& r = l.rows()[i];
        QCOMPARE(l.rowAt(r.y), i);
        QCOMPARE(l.rowAt(r.y + r.height - 1), i);
        const auto [first, last] = l.rowsIn(r.y + 1, r.y + 2);
        QCOMPARE(first, i);
        QCOMPARE(last, i + 1);
    }
    QCOMPARE(l.rowAt(-1), -1);
    QCOMPARE(l.rowAt(l.contentHeight()), -1);
    const LayoutRow& thread = l.rows()[l.rowOfTrack(m_store->sliceTrack(store::SliceRow(0)))];
    QCOMPARE(TimelineLayout::depthAt(thread, thread.y), -1); // the instant strip
    QCOMPARE(TimelineLayout::depthAt(thread, TimelineLayout::sliceTop(thread, 2) + 3), 2);
}

void tst_TimelineLayout::overlapLanes_data()
{
    QTest::addColumn<bool>("collapse");
    QTest::newRow("expanded") << false;
    QTest::newRow("collapsed: the lane stays") << true;
}

// A lane row right under the header of each process given one, the rows below moved down by
// its height; none for the others.
void tst_TimelineLayout::overlapLanes()
{
    QFETCH(bool, collapse);
    model::TrackFilter filter;
    TimelineLayout plain;
    plain.build(m_store.get(), &filter);
    const store::ProcessId p1 = plain.rows()[1].process; // as collapseAndHide
    store::ProcessId p2;
    for (const LayoutRow& r : plain.rows())
        if (r.kind == LayoutRow::Kind::Process && r.process != p1)
            p2 = r.process;
    QVERIFY(p2.valid());
    if (collapse) {
        filter.setCollapsed(p1, true);
        plain.build(m_store.get(), &filter);
    }
    std::vector<uint8_t> lanes(m_store->processCount(), 0);
    lanes[p1.v] = 1;
    TimelineLayout l;
    l.build(m_store.get(), &filter, lanes);
    const int header = l.rowOfProcess(p1);
    QCOMPARE(l.rowOfLane(p1), header + 1);
    const LayoutRow& lane = l.rows()[size_t(header) + 1];
    QCOMPARE(lane.kind, LayoutRow::Kind::Lane);
    QCOMPARE(lane.process, p1);
    QCOMPARE(lane.y, l.rows()[size_t(header)].y + TimelineLayout::kHeaderHeight);
    QCOMPARE(lane.height, TimelineLayout::kLaneHeight);
    QCOMPARE(l.rowOfLane(p2), -1);
    QCOMPARE(l.contentHeight(), plain.contentHeight() + TimelineLayout::kLaneHeight);
    QCOMPARE(l.rowAt(lane.y + 1), header + 1);
    if (!collapse) {
        const store::TrackId first = l.rows()[size_t(header) + 2].track;
        QCOMPARE(l.rows()[size_t(l.rowOfTrack(first))].y,
            plain.rows()[size_t(plain.rowOfTrack(first))].y + TimelineLayout::kLaneHeight);
    }
}

void tst_TimelineLayout::nestedTracksIndent_data()
{
    QTest::addColumn<QString>("name"); // a counter track's name, as the Perfetto importer writes it
    QTest::addColumn<int>("indent");
    QTest::newRow("top level") << "Memory" << 0;
    QTest::newRow("a slash is no nesting") << "read/write bytes" << 0;
    QTest::newRow("one level") << "GPU 0 / Frequency" << 1;
    QTest::newRow("two levels") << "GPU 0 / Queue 0 / Jobs" << 2;
    QTest::newRow("deeper stops at the limit") << "a / b / c / d / e / f" << TimelineLayout::kMaxIndent;
}

void tst_TimelineLayout::nestedTracksIndent()
{
    QFETCH(QString, name);
    QFETCH(int, indent);
    QCOMPARE(TimelineLayout::nestingDepth(name.toStdString()), indent);
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    b.counter(p, b.intern(name.toStdString()), 0, 1);
    b.counter(p, b.intern(name.toStdString()), 10, 2);
    const auto s = store::StoreFinalizer::finalize(b);
    QVERIFY(s);
    TimelineLayout l;
    l.build(s.get(), nullptr);
    int counters = 0;
    for (const LayoutRow& r : l.rows()) {
        if (r.kind == LayoutRow::Kind::Track && s->track(r.track).kind == TrackKind::Counter) {
            QCOMPARE(r.indent, indent);
            ++counters;
        }
    }
    QCOMPARE(counters, 1);
}

QTEST_MAIN(tst_TimelineLayout)
#include "tst_timelinelayout.moc"

// A job of 3 ranks (tests/support/collectivejob.h): processes 2r and 2r+1 are rank r's.
void tst_TimelineLayout::rankStarts_data()
{
    QTest::addColumn<QString>("filter");
    QTest::newRow("every process shown") << "";
    QTest::newRow("rank 1's first process collapsed") << "collapse 2";
    QTest::newRow("rank 1's first process hidden") << "hide 2";
}

void tst_TimelineLayout::rankStarts()
{
    QFETCH(QString, filter);
    const auto job = collectivejob::make(3, 2).store;
    const std::vector<int> ranks = TimelineLayout::processRanks(*job);
    QCOMPARE(ranks, (std::vector<int> { 0, 0, 1, 1, 2, 2 }));
    QVERIFY(TimelineLayout::processRanks(*m_store).empty()); // not a job
    model::TrackFilter f;
    if (filter == "collapse 2")
        f.setCollapsed(store::ProcessId(2), true);
    for (uint32_t t = 0; filter == "hide 2" && t < job->trackCount(); ++t)
        f.setHidden(store::TrackId(t), job->track(store::TrackId(t)).process == store::ProcessId(2));
    TimelineLayout l;
    l.build(job.get(), &f, {}, ranks);
    std::vector<uint32_t> starts; // the processes whose header starts a rank
    for (const LayoutRow& r : l.rows()) {
        QVERIFY(!r.rankStart || r.kind == LayoutRow::Kind::Process);
        if (r.rankStart)
            starts.push_back(r.process.v);
    }
    // Above the first shown process of ranks 1 and 2, never above rank 0's.
    QCOMPARE(starts, (std::vector<uint32_t> { filter == "hide 2" ? 3u : 2u, 4u }));
    l.build(job.get(), &f); // no ranks given: no lines
    for (const LayoutRow& r : l.rows())
        QVERIFY(!r.rankStart);
}

void tst_TimelineLayout::revealRow_data()
{
    QTest::addColumn<bool>("lanes");
    QTest::addColumn<bool>("collapsed");
    QTest::newRow("first track: its header") << false << false;
    QTest::newRow("first track under the overlap lane: its header") << true << false;
    QTest::newRow("collapsed: the header") << false << true;
}

void tst_TimelineLayout::revealRow()
{
    QFETCH(bool, lanes);
    QFETCH(bool, collapsed);
    const auto job = collectivejob::make(3, 2).store;
    model::TrackFilter f;
    const store::ProcessId gpu(3); // rank 1's device
    f.setCollapsed(gpu, collapsed);
    std::vector<uint8_t> lane(job->processCount(), 0);
    lane[gpu.v] = 1;
    TimelineLayout l;
    l.build(job.get(), &f, lanes ? lane : std::vector<uint8_t>());
    store::TrackId first;
    for (uint32_t t = 0; t < job->trackCount() && !first.valid(); ++t)
        if (job->track(store::TrackId(t)).process == gpu)
            first = store::TrackId(t);
    QVERIFY(first.valid());
    QCOMPARE(l.revealRow(*job, first), l.rowOfProcess(gpu));
    QCOMPARE(l.revealRow(*job, store::TrackId(job->trackCount())), -1);
}

void tst_TimelineLayout::revealRowOfALaterTrack()
{
    // pid 1's first thread shows its header, above the process's instants; its second
    // thread goes to the top itself, and a hidden one shows the header.
    TimelineLayout l;
    l.build(m_store.get(), nullptr);
    std::vector<store::TrackId> threads;
    for (uint32_t t = 0; t < m_store->trackCount(); ++t)
        if (m_store->track(store::TrackId(t)).kind == TrackKind::Thread)
            threads.push_back(store::TrackId(t));
    QVERIFY(threads.size() >= 2);
    QCOMPARE(l.revealRow(*m_store, threads[1]), l.rowOfTrack(threads[1]));
    QCOMPARE(l.revealRow(*m_store, threads[0]), l.rowOfProcess(m_store->track(threads[0]).process));
    model::TrackFilter f;
    f.setHidden(threads[1], true);
    l.build(m_store.get(), &f);
    QCOMPARE(l.revealRow(*m_store, threads[1]), l.rowOfProcess(m_store->track(threads[1]).process));
}
