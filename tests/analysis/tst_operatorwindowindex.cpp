// OperatorWindowIndex: count, total and self time per operator, events and busy time, and
// the row order, equal to OperatorAggregator's on many random windows, for every level and
// scope and for block sizes from 1 row up, on generated stores with deep nesting, touching
// and zero-length slices, children at their parent's first instant, overflow lanes and
// clipped slices; top-N equals the aggregator's first N rows; unbuilt when cancelled.
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorwindowindex.h>
#include <store/sanitizers.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <map>
#include <random>
#include <tuple>

using namespace strata::store;
using namespace strata::analysis;

namespace {

// Random windows per level and scope. Under ThreadSanitizer every row still builds its index
// on two threads and queries it from the test's thread, but over a tenth of the windows: the
// brute-force reference and the queries run on one thread, where TSan has nothing to judge,
// and they were nearly all of the test's 130 s there. Release and ASan check all of them.
constexpr int kWindows = STRATA_TSAN ? 15 : 150;
constexpr int kTopWindows = STRATA_TSAN ? 8 : 40;

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

struct Builder {
    StoreBuilder b;
    std::vector<ArgSetId> argSets;

    Builder()
    {
        argSets.push_back(ArgSetId());
        argSets.push_back(args({ { "opcode", "conv2d" } }));
        argSets.push_back(args({ { "layer", "layer2.1" }, { "hlo_name", "dot.4" } }));
        argSets.push_back(args({ { "opcode", "dma_load" }, { "layer", "layer1.0" } }));
    }
    ArgSetId args(std::initializer_list<std::pair<const char*, const char*>> list)
    {
        std::vector<Arg> out;
        for (const auto& [k, v] : list)
            out.push_back(Arg::makeString(b.intern(k), b.intern(v)));
        return b.argSet(out.data(), out.size());
    }
    uint32_t thread(int64_t pid, const char* process, int64_t tid, const char* name)
    {
        const ProcessId p = b.process(IdValue::number(pid));
        b.setProcessName(p, b.intern(process));
        const uint32_t t = b.thread(p, IdValue::number(tid));
        b.setThreadName(t, b.intern(name));
        return t;
    }
    void X(uint32_t t, TimeNs ts, TimeNs dur, std::mt19937& rng)
    {
        static const char* names[] = { "0_fused(a+b)_1", "0_layer1.0.conv1_2", "aten::mm", "aten::conv2d", "dma(x)",
            "LowLevelPad(1)", "fusion.3", "ProfilerStep#1", "plain", "0_fused(a+b+c)_7" };
        const TypeId type = b.type(b.intern(names[rng() % 10]), b.intern(""));
        b.completeSlice(t, ts, dur, type, argSets[rng() % argSets.size()]);
    }
};

// A slice on [ts, ts + dur) with random children below it: zero-length ones, children at
// the parent's first instant, touching siblings, a few that run past the parent's end
// (they move to an overflow lane) and zero-length slices at the parent's end (siblings).
void nested(Builder& s, uint32_t t, std::mt19937& rng, TimeNs ts, TimeNs dur, int depth)
{
    s.X(t, ts, dur, rng);
    if (depth >= 4 || dur < 4)
        return;
    const TimeNs end = ts + dur;
    TimeNs at = ts + (rng() % 3 == 0 ? 0 : TimeNs(rng() % uint64_t(dur / 4 + 1)));
    while (at < end) {
        const unsigned kind = rng() % 12;
        TimeNs cd = kind == 0 ? 0 : 1 + TimeNs(rng() % uint64_t(std::max<TimeNs>(1, (end - at) / 2)));
        cd = std::min(cd, end - at);
        if (kind == 1)
            s.X(t, at, end - at + 1 + TimeNs(rng() % 20), rng); // crosses the parent's end
        else
            nested(s, t, rng, at, cd, depth + 1);
        at += cd + (rng() % 3 == 0 ? 0 : TimeNs(rng() % uint64_t(dur / 6 + 1)));
    }
    if (rng() % 6 == 0)
        s.X(t, end, 0, rng);
}

void fill(Builder& s, uint32_t t, std::mt19937& rng, int tops, TimeNs maxDur)
{
    TimeNs at = TimeNs(rng() % 100);
    for (int i = 0; i < tops; ++i) {
        const TimeNs dur = 1 + TimeNs(rng() % uint64_t(maxDur));
        nested(s, t, rng, at, dur, 0);
        at += dur + (rng() % 4 == 0 ? 0 : TimeNs(rng() % 40));
    }
}

std::shared_ptr<const EventStore> mixedStore()
{
    Builder s;
    std::mt19937 rng(11);
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "Task DMA");
    const uint32_t main = s.thread(100, "python3 model.py", 100, "MainThread");
    const uint32_t loader = s.thread(100, "python3 model.py", 101, "dataloader");
    fill(s, nec, rng, 1500, 400);
    fill(s, dma, rng, 3000, 40);
    fill(s, main, rng, 400, 3000);
    fill(s, loader, rng, 50, 100);
    const ProcessId p = s.b.process(IdValue::number(1));
    for (int i = 0; i < 40; ++i) // async lanes are never in scope
        s.b.asyncBegin(p, uint64_t(i % 5), TimeNs(i) * 100, s.b.type(s.b.intern("async"), s.b.intern("")), {});
    return StoreFinalizer::finalize(s.b);
}

// More overlapping slices than overflow lanes: the last lane clips them to their parent.
std::shared_ptr<const EventStore> clippedStore()
{
    Builder s;
    std::mt19937 rng(5);
    const uint32_t nec = s.thread(1, "NPU 0", 1, "Neural Engine Clusters");
    for (int round = 0; round < 30; ++round) {
        const TimeNs base = TimeNs(round) * 10000;
        for (int i = 0; i < 45; ++i) {
            s.X(nec, base + i * 10, 500, rng);
            s.X(nec, base + i * 10 + 3, 100, rng);
            s.X(nec, base + i * 10 + 3, 0, rng);
        }
    }
    return StoreFinalizer::finalize(s.b);
}

std::shared_ptr<const EventStore> hostStore()
{
    Builder s;
    std::mt19937 rng(3);
    fill(s, s.thread(7, "python3 train.py", 7, "MainThread"), rng, 600, 2000);
    return StoreFinalizer::finalize(s.b);
}

struct Fixture {
    std::shared_ptr<const EventStore> store;
    std::unique_ptr<OperatorCatalog> catalog;
};

// "name count total self" per row, then the table's events and busy time.
QString text(const OperatorTable& t, size_t limit)
{
    QStringList out;
    for (size_t i = 0; i < t.rows.size() && i < limit; ++i) {
        const OperatorRow& r = t.rows[i];
        out << QString("%1 %2 %3 %4").arg(qs(r.name)).arg(r.count).arg(r.totalNs).arg(r.selfNs);
    }
    out << QString("events %1 busy %2").arg(t.events).arg(t.busyNs);
    return out.join("; ");
}

QString text(const OperatorWindowIndex::Result& res, const OperatorCatalog& cat)
{
    QStringList out;
    for (const OperatorWindowIndex::Row& r : res.rows)
        out << QString("%1 %2 %3 %4")
                   .arg(qs(OperatorWindowIndex::keyName(cat, r.key)))
                   .arg(r.count)
                   .arg(r.totalNs)
                   .arg(r.selfNs);
    out << QString("events %1 busy %2").arg(res.events).arg(res.busyNs);
    return out.join("; ");
}

// Windows whose ends sit on slice starts and ends (and one off them), anywhere, plus the
// whole trace, an empty, a reversed and an out-of-trace window.
std::vector<TimeRange> windows(const EventStore& s, unsigned seed, int n)
{
    std::mt19937_64 rng(seed);
    const TimeRange ext = s.extent();
    auto edge = [&]() -> TimeNs {
        const SliceRow r(uint32_t(rng() % s.sliceCount()));
        const TimeNs t = rng() % 2 ? s.sliceTs(r) : s.sliceEnd(r);
        return t + TimeNs(rng() % 3) - 1;
    };
    std::vector<TimeRange> out { OperatorAggregator::wholeTrace(), ext, { ext.start, ext.start },
        { ext.end, ext.start }, { ext.end + 1, ext.end + 100 }, { ext.start - 100, ext.start + 1 } };
    while (int(out.size()) < n) {
        TimeNs a = rng() % 4 ? edge() : ext.start + TimeNs(rng() % uint64_t(ext.duration() + 1));
        TimeNs b = rng() % 4 ? edge() : ext.start + TimeNs(rng() % uint64_t(ext.duration() + 1));
        if (rng() % 3 == 0)
            b = a + TimeNs(rng() % 200); // narrow: a few slices
        out.push_back({ std::min(a, b), std::max(a, b) });
    }
    return out;
}

} // namespace

class tst_OperatorWindowIndex : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesAggregator_data();
    void matchesAggregator();
    void topRows_data();
    void topRows();
    void unbuilt();

private:
    // OperatorAggregator's tables over one store's windows for a level and scope,
    // computed once: the brute-force reference is most of this test's time, and every
    // block size of an index is checked against the same windows and tables.
    struct Expected {
        std::vector<TimeRange> windows;
        std::vector<OperatorTable> tables;
    };
    const Expected& expected(const QString& store, OperatorLevel lv, OperatorScope sc, unsigned seed, int n);

    std::map<QString, Fixture> m_stores;
    std::map<std::tuple<QString, int, int, unsigned>, Expected> m_expected;
};

const tst_OperatorWindowIndex::Expected& tst_OperatorWindowIndex::expected(
    const QString& store, OperatorLevel lv, OperatorScope sc, unsigned seed, int n)
{
    Expected& e = m_expected[{ store, int(lv), int(sc), seed }];
    if (e.windows.empty()) {
        const Fixture& f = m_stores.at(store);
        e.windows = windows(*f.store, seed, n);
        for (const TimeRange w : e.windows)
            e.tables.push_back(OperatorAggregator::aggregate(*f.store, *f.catalog, lv, w, sc));
    }
    return e;
}

void tst_OperatorWindowIndex::initTestCase()
{
    for (auto [name, store] : { std::pair { "mixed", mixedStore() }, std::pair { "clipped", clippedStore() },
             std::pair { "host", hostStore() } }) {
        QVERIFY(store);
        m_stores[name] = { store, std::make_unique<OperatorCatalog>(*store) };
    }
    const EventStore& mixed = *m_stores["mixed"].store;
    QVERIFY(mixed.sliceCount() > 20000);
    uint32_t overflow = 0, maxDepth = 0;
    for (uint32_t t = 0; t < mixed.trackCount(); ++t) {
        overflow += mixed.track(TrackId(t)).kind == TrackKind::Overflow;
        maxDepth = std::max(maxDepth, mixed.levelCount(TrackId(t)));
    }
    QVERIFY(overflow > 0);
    QVERIFY(maxDepth >= 4);
    QVERIFY(m_stores["clipped"].store->diagnostics().get("slice_clipped_to_parent") > 0);
}

void tst_OperatorWindowIndex::matchesAggregator_data()
{
    QTest::addColumn<QString>("store");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<uint>("blockRows");
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        const char* level = operatorLevelName(OperatorLevel(l));
        for (const char* scope : { "device", "host", "all" })
            QTest::addRow("mixed %s %s, blocks of 64", level, scope) << "mixed" << level << scope << 64u;
    }
    for (uint block : { 1u, 2u, 3u, 7u, 1024u, 100000u })
        QTest::addRow("mixed op device, blocks of %u", block) << "mixed"
                                                              << "op"
                                                              << "device" << block;
    for (uint block : { 1u, 16u, 1024u })
        QTest::addRow("clipped layer, blocks of %u", block) << "clipped"
                                                            << "layer"
                                                            << "device" << block;
    for (uint block : { 5u, 256u })
        QTest::addRow("host-only name all, blocks of %u", block) << "host"
                                                                 << "name"
                                                                 << "all" << block;
}

void tst_OperatorWindowIndex::matchesAggregator()
{
    QFETCH(QString, store);
    QFETCH(QString, level);
    QFETCH(QString, scope);
    QFETCH(uint, blockRows);
    const Fixture& f = m_stores.at(store);
    OperatorLevel lv;
    OperatorScope sc;
    QVERIFY(parseOperatorLevel(level.toStdString(), &lv));
    QVERIFY(parseOperatorScope(scope.toStdString(), &sc));
    const OperatorWindowIndex index(*f.store, *f.catalog, lv, sc, nullptr, 2, blockRows);
    QVERIFY(index.built());
    QCOMPARE(index.level(), lv);
    QCOMPARE(index.scope(), sc);
    QVERIFY(index.residentBytes() > 0);
    int nonEmpty = 0;
    const Expected& e = expected(store, lv, sc, 64 * 31 + uint(lv), kWindows);
    for (size_t i = 0; i < e.windows.size(); ++i) {
        const TimeRange w = e.windows[i];
        const OperatorTable& table = e.tables[i];
        const OperatorWindowIndex::Result got = index.query(*f.store, *f.catalog, w);
        const QString want = text(table, table.rows.size());
        if (text(got, *f.catalog) != want)
            QFAIL(qPrintable(QString("window [%1, %2): got\n%3\nwant\n%4")
                                 .arg(w.start)
                                 .arg(w.end)
                                 .arg(text(got, *f.catalog), want)));
        nonEmpty += !table.rows.empty();
    }
    QVERIFY(nonEmpty > kWindows * 2 / 15); // the windows do reach the slices in scope
}

void tst_OperatorWindowIndex::topRows_data()
{
    QTest::addColumn<int>("limit");
    QTest::newRow("none") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("eight") << 8;
    QTest::newRow("more than there are") << 1000;
}

void tst_OperatorWindowIndex::topRows()
{
    QFETCH(int, limit);
    const Fixture& f = m_stores.at("mixed");
    const OperatorScope sc = OperatorAggregator::defaultScope(*f.catalog);
    const OperatorWindowIndex index(*f.store, *f.catalog, OperatorLevel::Name, sc, nullptr, 1);
    const Expected& e = expected("mixed", OperatorLevel::Name, sc, 99, kTopWindows);
    for (size_t i = 0; i < e.windows.size(); ++i) {
        const OperatorWindowIndex::Result got = index.query(*f.store, *f.catalog, e.windows[i], size_t(limit));
        QVERIFY(got.rows.size() <= size_t(limit));
        QCOMPARE(text(got, *f.catalog), text(e.tables[i], size_t(limit)));
    }
}

void tst_OperatorWindowIndex::unbuilt()
{
    const Fixture& f = m_stores.at("mixed");
    const std::atomic<bool> stop { true };
    const OperatorWindowIndex cancelled(*f.store, *f.catalog, OperatorLevel::Op, OperatorScope::All, &stop);
    QVERIFY(!cancelled.built());
    QVERIFY(cancelled.query(*f.store, *f.catalog, OperatorAggregator::wholeTrace()).rows.empty());

    // A catalog of a store with fewer types is not this store's.
    const Fixture& other = m_stores.at("clipped");
    QVERIFY(other.catalog->typeCount() < f.store->types().size());
    QVERIFY(!OperatorWindowIndex(*f.store, *other.catalog, OperatorLevel::Op, OperatorScope::All).built());

    const OperatorWindowIndex none;
    QVERIFY(!none.built());
    QCOMPARE(none.blockCount(), size_t(0));

    StoreBuilder empty;
    const auto store = StoreFinalizer::finalize(empty);
    const OperatorCatalog cat(*store);
    const OperatorWindowIndex index(*store, cat, OperatorLevel::Op, OperatorScope::All);
    QVERIFY(index.built());
    const OperatorWindowIndex::Result r = index.query(*store, cat, OperatorAggregator::wholeTrace());
    QVERIFY(r.rows.empty());
    QCOMPARE(r.events, uint64_t(0));
    QCOMPARE(r.busyNs, TimeNs(0));
}

QTEST_APPLESS_MAIN(tst_OperatorWindowIndex)
#include "tst_operatorwindowindex.moc"
