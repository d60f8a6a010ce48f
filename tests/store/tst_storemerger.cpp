// StoreMerger: a job's ranks appended into one store. Every rank's content in the merged
// store equals its source (per track, memory space and access), its processes and tracks are
// one block in rank order (JobLayout), strings and types are shared, the global instants of
// all ranks are one sorted track, and shiftRanks moves each rank by its offset keeping every
// order the store promises; each rank's extent is its source's, moved by its offset.
#include <support/jobteststore.h>

#include <store/storemerger.h>
#include <store/timemath.h>

#include <QtTest>

#include <map>

using namespace strata::store;
using namespace jobtest;
using storetest::qs;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<qint64>)

namespace {

// Every order a store promises, as the first broken one ("" when all hold): levels by start
// and end, parents in the level above and around their children, instants per track,
// counter samples, flows by (from, to) and the index by to, memory rows by (space, start),
// and the extent around every time.
QString brokenOrder(const EventStore& s)
{
    const TimeRange e = s.extent();
    auto inExtent = [&](TimeNs a, TimeNs b) { return a >= e.start && b <= e.end; };
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const TrackId id(t);
        for (uint32_t d = 0; d < s.levelCount(id); ++d) {
            const RowRange lv = s.level(id, d);
            for (uint32_t i = lv.begin; i < lv.end; ++i) {
                const SliceRow r(i);
                if (!inExtent(s.sliceTs(r), s.sliceEnd(r)))
                    return QString("slice %1 outside the extent").arg(i);
                if (i > lv.begin
                    && (s.sliceTs(r) < s.sliceTs(SliceRow(i - 1)) || s.sliceEnd(r) < s.sliceEnd(SliceRow(i - 1))))
                    return QString("level %1/%2 unsorted").arg(t).arg(d);
                const SliceRow p = s.sliceParent(r);
                if (d > 0 && (!p.valid() || s.sliceTs(p) > s.sliceTs(r) || s.sliceEnd(p) < s.sliceEnd(r)))
                    return QString("slice %1 outside its parent").arg(i);
            }
        }
        const RowRange in = s.track(id).instants;
        for (uint32_t i = in.begin; i < in.end; ++i) {
            if (!inExtent(s.instantTs(InstantRow(i)), s.instantTs(InstantRow(i))))
                return QString("instant %1 outside the extent").arg(i);
            if (i > in.begin && s.instantTs(InstantRow(i)) < s.instantTs(InstantRow(i - 1)))
                return QString("instants of track %1 unsorted").arg(t);
        }
    }
    for (uint32_t c = 0; c < s.counterCount(); ++c) {
        const RowRange r = s.counter(CounterId(c)).samples;
        for (uint32_t i = r.begin; i < r.end; ++i)
            if (!inExtent(s.counterTs(i), s.counterTs(i)) || (i > r.begin && s.counterTs(i) < s.counterTs(i - 1)))
                return QString("counter %1 unsorted or outside the extent").arg(c);
    }
    for (uint32_t f = 1; f < s.flowCount(); ++f) {
        const FlowEdge &a = s.flow(FlowId(f - 1)), &b = s.flow(FlowId(f));
        if (b.from < a.from || (b.from == a.from && b.to < a.to))
            return "flows unsorted";
    }
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        for (FlowId f : s.flowsIn(SliceRow(r)))
            if (s.flow(f).to != SliceRow(r))
                return "the flow index by destination is wrong";
    const MemoryAccessTable& m = s.memoryAccesses();
    for (uint32_t i = 0; i < m.size(); ++i) {
        if (!inExtent(m.start(i), m.end(i)))
            return QString("access %1 outside the extent").arg(i);
        if (i > 0
            && (m.spaceOf(i).v < m.spaceOf(i - 1).v
                || (m.spaceOf(i) == m.spaceOf(i - 1) && m.start(i) < m.start(i - 1))))
            return QString("access %1 unsorted").arg(i);
        if (m.slice(i).valid() && m.accessesOf(m.slice(i)).empty())
            return QString("access %1 missing from the slice index").arg(i);
    }
    return QString();
}

// The global track's instants: "ts:name:rank" by row.
QString globalText(const EventStore& s)
{
    QStringList out;
    if (s.trackCount() == 0 || s.track(TrackId(0)).kind != TrackKind::GlobalInstants)
        return "none";
    const RowRange r = s.track(TrackId(0)).instants;
    for (uint32_t i = r.begin; i < r.end; ++i)
        out << QString("%1:%2:%3")
                   .arg(s.instantTs(InstantRow(i)))
                   .arg(qs(s.str(s.types().get(s.instantType(InstantRow(i))).name)))
                   .arg(argsText(s, s.instantArgs(InstantRow(i))));
    return out.join(' ');
}

// A rank whose slice "S<i>" on one thread carries set i of argSetMenu() for each i of
// `sets`; `shifted` interns other strings first, so the rank's string ids differ from an
// unshifted rank's.
Store argRank(const std::vector<int>& sets, bool shifted)
{
    storetest::Builder b;
    if (shifted)
        for (const char* s : { "y", "s", "zz", "big" })
            b.b.intern(s);
    const uint32_t t = b.thread(1, "p", 1, "t");
    for (size_t i = 0; i < sets.size(); ++i) {
        const std::string name = "S" + std::to_string(sets[i]);
        const int64_t wide = int64_t(1) << 40;
        ArgSetId a;
        switch (sets[i]) {
        case 0: a = b.args({ { "k", 1 }, { "s", "x" } }); break;
        case 1: a = b.args({ { "big", wide }, { "s", "y" } }); break;
        case 2: a = b.args({ { "d", 0.5 } }); break;
        case 3: a = b.args({ { "k", 2 }, { "s", "y" } }); break;
        case 4: a = b.args({ { "k", 1 }, { "s", "y" } }); break;
        default: a = b.args({ { "k", wide }, { "s", "x" } }); break;
        }
        b.X(t, name.c_str(), TimeNs(100 * i), 10, a);
    }
    return StoreFinalizer::finalize(b.b);
}

} // namespace

class tst_StoreMerger : public QObject {
    Q_OBJECT

private slots:
    // Each rank of a job, wherever it lies, reads in the merged store as it read alone.
    void rankContentEqualsSource_data()
    {
        QTest::addColumn<std::vector<int>>("kinds");
        QTest::newRow("rich, heights, empty, gpu") << std::vector<int> { 0, 1, 2, 3 };
        QTest::newRow("gpu first, rich twice") << std::vector<int> { 3, 0, 0 };
        QTest::newRow("empty first") << std::vector<int> { 2, 1, 0 };
        QTest::newRow("one rank") << std::vector<int> { 0 };
    }
    void rankContentEqualsSource()
    {
        QFETCH(std::vector<int>, kinds);
        const std::unique_ptr<EventStore> job = mergeRanks(kinds);
        std::string why;
        const JobLayout layout = JobLayout::of(*job, &why);
        QVERIFY2(layout.isJob(), why.c_str());
        QCOMPARE(layout.ranks().size(), kinds.size());
        for (size_t i = 0; i < kinds.size(); ++i) {
            const Store source = rankStore(kinds[i]);
            const JobRank& r = layout.ranks()[i];
            QCOMPARE(r.rank, int64_t(i));
            QCOMPARE(r.file, "rank" + std::to_string(i) + ".json");
            QCOMPARE(r.offsetNs, TimeNs(0));
            QCOMPARE(size_t(r.processCount), source->processCount());
            QCOMPARE(mergedRankText(*job, r), sourceText(*source));
        }
        QCOMPARE(brokenOrder(*job), QString());
    }

    // Blocks follow each other in rank order; the global track (when any rank has global
    // instants) is TrackId 0 and belongs to no rank.
    void blocks_data()
    {
        QTest::addColumn<std::vector<int>>("kinds");
        QTest::addColumn<QString>("expected"); // "processes tracks" per rank
        QTest::newRow("global track first") << std::vector<int> { 0, 1, 2, 3 } << "0+1 1+6|1+1 7+1|2+0 8+0|2+1 8+1";
        QTest::newRow("no global instants") << std::vector<int> { 3, 2, 3 } << "0+1 0+1|1+0 1+0|1+1 1+1";
    }
    void blocks()
    {
        QFETCH(std::vector<int>, kinds);
        QFETCH(QString, expected);
        const std::unique_ptr<EventStore> job = mergeRanks(kinds);
        const JobLayout layout = JobLayout::of(*job);
        QStringList got;
        for (const JobRank& r : layout.ranks())
            got << QString("%1+%2 %3+%4").arg(r.processBegin).arg(r.processCount).arg(r.trackBegin).arg(r.trackCount);
        QCOMPARE(got.join('|'), expected);
        for (uint32_t t = 0; t < job->trackCount(); ++t) {
            const bool global = job->track(TrackId(t)).kind == TrackKind::GlobalInstants;
            QCOMPARE(global, t == 0 && expected.startsWith("0+1 1+"));
            QCOMPARE(layout.rankIndexOfTrack(TrackId(t)) < 0, global);
        }
        const size_t last = layout.ranks().size() - 1;
        QCOMPARE(size_t(layout.ranks()[last].trackBegin + layout.ranks()[last].trackCount), job->trackCount());
    }

    // "rank R · NAME": the process name, else "Process PID" (a string pid as it is); pids
    // are kept, so two ranks may show the same one.
    void processNames()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 1, 3 });
        QStringList names, pids;
        for (uint32_t p = 0; p < job->processCount(); ++p) {
            names << qs(job->str(job->process(ProcessId(p)).name));
            pids << storetest::idText(*job, job->process(ProcessId(p)).pid);
        }
        const QString dot = QString::fromUtf8(" \u00b7 ");
        QCOMPARE(names,
            QStringList({ "rank 0" + dot + "trainer", "rank 1" + dot + "Process 100", "rank 2" + dot + "gpu0" }));
        QCOMPARE(pids, QStringList({ "100", "100", "gpu0" }));
        QCOMPARE(job->processLabel(ProcessId(0)), "rank 0" + dot.toStdString() + "trainer (100)");
    }

    // Each rank's metadata under "rank R · ", then the layout's entries.
    void metadata()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 1, 2 });
        QStringList keys;
        for (const auto& [k, v] : job->metadata())
            keys << qs(k) + "=" + qs(v).section(';', 0, 0);
        const QString dot = QString::fromUtf8(" \u00b7 ");
        QCOMPARE(keys,
            QStringList(
                { "rank 0" + dot + "model=resnet", "rank 1" + dot + "model=resnet", "strata.job.alignment=recorded",
                    "strata.job.rank=rank=0", "strata.job.rank=rank=1", "strata.job.rank=rank=2" }));
        StoreMerger aligned("first-step");
        aligned.append(4, "a.json", true, rankStore(2));
        QCOMPARE(aligned.rankCount(), size_t(1));
        const std::unique_ptr<EventStore> one = aligned.finish();
        QCOMPARE(aligned.rankCount(), size_t(0));
        const JobLayout layout = JobLayout::of(*one);
        QCOMPARE(layout.alignment(), std::string("first-step"));
        QCOMPARE(layout.ranks().size(), size_t(1));
        QCOMPARE(layout.ranks()[0].rank, int64_t(4));
        QVERIFY(layout.ranks()[0].rankFromName);
    }

    // Strings and types are interned once across ranks; argument sets equal across ranks are
    // one set.
    void sharedTables()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 1, 0 });
        const JobLayout layout = JobLayout::of(*job);
        const StringId a = job->strings().find("A");
        QVERIFY(a.valid());
        std::vector<TypeId> typesOfA;
        std::vector<ArgSetId> argsOfA;
        for (uint32_t i = 0; i < job->sliceCount(); ++i) {
            if (job->sliceName(SliceRow(i)) == a) {
                typesOfA.push_back(job->sliceType(SliceRow(i)));
                argsOfA.push_back(job->sliceArgs(SliceRow(i)));
            }
        }
        QCOMPARE(typesOfA.size(), size_t(3));
        QVERIFY(typesOfA[0] == typesOfA[1] && typesOfA[1] == typesOfA[2]);
        QVERIFY(argsOfA[0] == argsOfA[2] && argsOfA[0].valid());
        QCOMPARE(job->types().size(), rankStore(0)->types().size() + 1); // rank 1 adds only "E"
        size_t named = 0;
        for (uint32_t i = 0; i < job->strings().size(); ++i)
            named += job->str(StringId(i)) == "trainer";
        QCOMPARE(named, size_t(1));
    }

    // Argument sets equal across ranks are one set of the merged store whatever the ranks'
    // string ids, and sets that differ in a string, a key or a value's width stay apart.
    void argSetsAcrossRanks_data()
    {
        QTest::addColumn<std::vector<int>>("first");
        QTest::addColumn<std::vector<int>>("second");
        QTest::addColumn<int>("sets"); // in the merged store
        QTest::newRow("same sets") << std::vector<int> { 0, 1, 2 } << std::vector<int> { 2, 1, 0 } << 3;
        QTest::newRow("one new set") << std::vector<int> { 0, 1 } << std::vector<int> { 0, 3 } << 3;
        QTest::newRow("other string value") << std::vector<int> { 0 } << std::vector<int> { 4 } << 2;
        QTest::newRow("same int, wider") << std::vector<int> { 0 } << std::vector<int> { 5 } << 2;
        QTest::newRow("all apart") << std::vector<int> { 0, 2 } << std::vector<int> { 3, 4, 5 } << 5;
    }
    void argSetsAcrossRanks()
    {
        QFETCH(std::vector<int>, first);
        QFETCH(std::vector<int>, second);
        QFETCH(int, sets);
        for (const bool shifted : { false, true }) {
            StoreMerger merger;
            merger.append(0, "a", false, argRank(first, false));
            merger.append(1, "b", false, argRank(second, shifted));
            merger.append(2, "c", false, argRank(first, !shifted)); // all of the first again
            const std::unique_ptr<EventStore> job = merger.finish();
            QCOMPARE(int(job->args().setCount()), sets);
            std::map<QString, ArgSetId> bySlice;
            std::map<QString, QString> textBySlice;
            for (uint32_t i = 0; i < job->sliceCount(); ++i) {
                const QString name = qs(job->str(job->sliceName(SliceRow(i))));
                const ArgSetId a = job->sliceArgs(SliceRow(i));
                QVERIFY(a.valid());
                const auto [it, fresh] = bySlice.try_emplace(name, a);
                QVERIFY2(it->second == a, qPrintable(name + " has two sets"));
                if (fresh)
                    textBySlice[name] = argsText(*job, a);
            }
            const Store alone = argRank({ 0, 1, 2, 3, 4, 5 }, false);
            for (uint32_t i = 0; i < alone->sliceCount(); ++i) {
                const QString name = qs(alone->str(alone->sliceName(SliceRow(i))));
                if (textBySlice.count(name))
                    QCOMPARE(textBySlice[name], argsText(*alone, alone->sliceArgs(SliceRow(i))));
            }
        }
    }

    // One global track: every rank's instants by time, ties in rank order, each with its rank.
    void globalInstants()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 1, 3, 1 }, { 0, 0, 0, -1000 });
        QCOMPARE(globalText(*job),
            QString("-700:sync:rank=3 -500:sync:rank=3 300:sync:rank=1 500:sync:step=1,rank=0 500:sync:rank=1"));
    }

    // The height column exists when any rank has heights; other ranks' slices are full.
    void heights_data()
    {
        QTest::addColumn<std::vector<int>>("kinds");
        QTest::addColumn<QString>("expected"); // per slice row, percent
        QTest::newRow("without, then with") << std::vector<int> { 3, 1 } << "100 100 50 100";
        QTest::newRow("with, then without") << std::vector<int> { 1, 3 } << "50 100 100 100";
        QTest::newRow("none has heights") << std::vector<int> { 3, 3 } << "";
    }
    void heights()
    {
        QFETCH(std::vector<int>, kinds);
        QFETCH(QString, expected);
        const std::unique_ptr<EventStore> job = mergeRanks(kinds);
        QCOMPARE(job->hasSliceHeights(), !expected.isEmpty());
        QStringList got;
        for (uint32_t i = 0; job->hasSliceHeights() && i < job->sliceCount(); ++i)
            got << QString::number(std::lround(job->sliceHeight(SliceRow(i)) * 100));
        QCOMPARE(got.join(' '), expected);
    }

    // Counts summed, messages kept with their rank, skipped content merged, extent the union.
    void wholeTrace()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 2, 1 }, { 0, 0, 5000 });
        QCOMPARE(storetest::diagText(*job), QString("overlap=1,overlapping_slice_moved_to_overflow=1,unknown_phase=5"));
        QCOMPARE(job->diagnostics().messages(), std::vector<std::string>({ "rank 0 \u00b7 overlap: at byte 12" }));
        const SkippedContent& sk = job->skipped();
        QCOMPARE(sk.source(), std::string("Chrome JSON trace"));
        QCOMPARE(sk.total(), uint64_t(15));
        QCOMPARE(sk.kinds().size(), size_t(2));
        QCOMPARE(sk.kinds()[0].count, uint64_t(5));
        QCOMPARE(sk.kinds()[1].key, std::string("ph:M"));
        QCOMPARE(job->extent().start, rankStore(0)->extent().start);
        QCOMPARE(job->extent().end, rankStore(1, 5000)->extent().end);
    }

    void emptyJob()
    {
        const std::unique_ptr<EventStore> job = mergeRanks({ 2, 2 });
        QCOMPARE(job->trackCount(), size_t(0));
        QCOMPARE(job->processCount(), size_t(0));
        QCOMPARE(job->extent().start, TimeNs(0));
        QCOMPARE(job->extent().end, TimeNs(0));
        QCOMPARE(JobLayout::of(*job).ranks().size(), size_t(2));
    }

    void refusesRanksOutOfOrder()
    {
        StoreMerger merger;
        merger.append(3, "a", false, rankStore(3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, merger.append(3, "b", false, rankStore(3)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, merger.append(2, "b", false, rankStore(3)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, merger.append(4, "b", false, nullptr));
        QCOMPARE(merger.rankCount(), size_t(1));
    }

    // The merger holds no reference to a rank's store once it is appended.
    void releasesTheRank()
    {
        Store rank = rankStore(0);
        std::weak_ptr<const EventStore> weak = rank;
        StoreMerger merger;
        merger.append(0, "a", false, std::move(rank));
        QVERIFY(weak.expired());
    }

    // Each rank's times move by its offset (from where they are: offsets already applied are
    // taken back first), the global track is sorted again, every order holds.
    void shiftRanks_data()
    {
        QTest::addColumn<std::vector<int>>("kinds");
        QTest::addColumn<std::vector<qint64>>("first"); // applied before, empty: none
        QTest::addColumn<std::vector<qint64>>("offsets");
        QTest::addColumn<QString>("global");
        QTest::newRow("zero") << std::vector<int> { 0, 1 } << std::vector<qint64> {} << std::vector<qint64> { 0, 0 }
                              << "300:sync:rank=1 500:sync:step=1,rank=0 500:sync:rank=1";
        QTest::newRow("rank 1 later, global reordered")
            << std::vector<int> { 0, 1 } << std::vector<qint64> {} << std::vector<qint64> { 0, -250 }
            << "500:sync:step=1,rank=0 550:sync:rank=1 750:sync:rank=1";
        QTest::newRow("both, negative and positive")
            << std::vector<int> { 0, 1, 2, 3 } << std::vector<qint64> {} << std::vector<qint64> { 1500, -1500, 7, 0 }
            << "-1000:sync:step=1,rank=0 1800:sync:rank=1 2000:sync:rank=1";
        QTest::newRow("again: re-aligned from the first shift")
            << std::vector<int> { 0, 1 } << std::vector<qint64> { 100000, -3 } << std::vector<qint64> { 0, -250 }
            << "500:sync:step=1,rank=0 550:sync:rank=1 750:sync:rank=1";
        QTest::newRow("back to recorded")
            << std::vector<int> { 1, 0 } << std::vector<qint64> { 10, 20 } << std::vector<qint64> { 0, 0 }
            << "300:sync:rank=0 500:sync:rank=0 500:sync:step=1,rank=1";
    }
    void shiftRanks()
    {
        QFETCH(std::vector<int>, kinds);
        QFETCH(std::vector<qint64>, first);
        QFETCH(std::vector<qint64>, offsets);
        QFETCH(QString, global);
        const std::unique_ptr<EventStore> job = mergeRanks(kinds);
        if (!first.empty())
            StoreMerger::shiftRanks(*job, std::vector<TimeNs>(first.begin(), first.end()), "collectives");
        StoreMerger::shiftRanks(*job, std::vector<TimeNs>(offsets.begin(), offsets.end()), "first-step");
        const JobLayout layout = JobLayout::of(*job);
        QCOMPARE(layout.alignment(), std::string("first-step"));
        for (size_t i = 0; i < kinds.size(); ++i) {
            QCOMPARE(layout.ranks()[i].offsetNs, TimeNs(offsets[i]));
            QCOMPARE(mergedRankText(*job, layout.ranks()[i]), sourceText(*rankStore(kinds[i]), offsets[i]));
        }
        QCOMPARE(globalText(*job), global);
        QCOMPARE(brokenOrder(*job), QString());
        // Each rank's extent is its own file's, moved by its offset; an empty rank has none.
        const std::vector<TimeRange> extents = StoreMerger::rankExtents(*job);
        QCOMPARE(extents.size(), kinds.size());
        for (size_t i = 0; i < kinds.size(); ++i) {
            const TimeRange own = rankStore(kinds[i])->extent();
            const bool empty = kinds[i] == 2;
            QCOMPARE(extents[i].start, empty ? 0 : own.start - offsets[i]);
            QCOMPARE(extents[i].end, empty ? 0 : own.end - offsets[i]);
        }
        // The extent is the range of the times held: some slice, instant or access is at each end.
        QVERIFY(job->extent().start < job->extent().end);
    }

    // Refused with the store unchanged: not a job, a wrong count, an unknown alignment, an
    // offset that would move a time out of the store's range.
    void shiftRefused_data()
    {
        QTest::addColumn<std::vector<qint64>>("offsets");
        QTest::addColumn<QString>("alignment");
        QTest::newRow("too few offsets") << std::vector<qint64> { 0 } << "recorded";
        QTest::newRow("unknown alignment") << std::vector<qint64> { 0, 0 } << "sideways";
        QTest::newRow("past the range") << std::vector<qint64> { 0, -kTimeLimit } << "recorded";
        QTest::newRow("offset out of the range") << std::vector<qint64> { kTimeLimit + 1, 0 } << "recorded";
        QTest::newRow("offset overflows")
            << std::vector<qint64> { 0, std::numeric_limits<qint64>::min() } << "recorded";
    }
    void shiftRefused()
    {
        QFETCH(std::vector<qint64>, offsets);
        QFETCH(QString, alignment);
        const std::unique_ptr<EventStore> job = mergeRanks({ 0, 1 });
        auto text = [&] {
            return sourceText(*job) + globalText(*job) + qs(JobLayout::encode(JobLayout::of(*job).ranks()[1]));
        };
        const QString before = text();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
            StoreMerger::shiftRanks(
                *job, std::vector<TimeNs>(offsets.begin(), offsets.end()), alignment.toStdString()));
        QCOMPARE(text(), before);
        QCOMPARE(JobLayout::of(*job).alignment(), std::string("recorded"));
    }

    // A rank whose argument table keeps repeated sets (a job's rank loaded for the merge
    // alone, ArgTable::keepRepeats) merges into the store its deduplicated self gives: every
    // set and every row's set id the same, equal sets across and within ranks one set.
    void repeatedArgSets_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("slices"); // per rank, with sets repeating every 5 slices
        QTest::newRow("one rank") << 1 << 12;
        QTest::newRow("three ranks, more sets than a block of addAll") << 3 << 300;
    }
    void repeatedArgSets()
    {
        QFETCH(int, ranks);
        QFETCH(int, slices);
        const auto rank = [&](int r, bool keepRepeats) {
            storetest::Builder b;
            if (keepRepeats)
                b.b.keepRepeatedArgSets();
            const uint32_t host = b.thread(pid(r, 0), "python", 1, "main");
            for (int i = 0; i < slices; ++i) {
                // Shared by every rank, and the rank's own (its device): each repeats.
                b.X(host, "launch", "cuda_runtime", 10 * i, 5, b.args({ { "correlation", i % 5 }, { "cbid", 211 } }));
                b.X(host, "op", "cpu_op", 10 * i + 6, 2, b.args({ { "device", r }, { "name", i % 2 ? "a" : "b" } }));
            }
            return Store(StoreFinalizer::finalize(b.b));
        };
        StoreMerger deduplicated, repeating;
        for (int r = 0; r < ranks; ++r) {
            const Store kept = rank(r, true);
            QVERIFY(!kept->args().deduplicating());
            QCOMPARE(kept->args().setCount(), size_t(2 * slices));
            deduplicated.append(r, "rank.json", false, rank(r, false));
            repeating.append(r, "rank.json", false, kept);
        }
        const std::unique_ptr<EventStore> a = deduplicated.finish(), b = repeating.finish();
        QVERIFY(a->args().deduplicating() && b->args().deduplicating());
        QCOMPARE(a->args().setCount(), size_t(5 + 2 * ranks));
        QCOMPARE(b->args().setCount(), a->args().setCount());
        for (uint32_t set = 0; set < a->args().setCount(); ++set)
            QCOMPARE(argsText(*b, ArgSetId(set)), argsText(*a, ArgSetId(set)));
        QCOMPARE(b->sliceCount(), a->sliceCount());
        for (uint32_t row = 0; row < a->sliceCount(); ++row)
            QCOMPARE(b->sliceArgs(SliceRow(row)), a->sliceArgs(SliceRow(row)));
    }

    void shiftRefusesAStoreThatIsNoJob()
    {
        EventStore plain;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, StoreMerger::shiftRanks(plain, {}, "recorded"));
        QVERIFY(StoreMerger::rankExtents(plain).empty());
    }
};

QTEST_GUILESS_MAIN(tst_StoreMerger)
#include "tst_storemerger.moc"
