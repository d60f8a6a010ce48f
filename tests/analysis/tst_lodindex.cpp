#include <analysis/timeline/lodindex.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <random>

using namespace strata;
using analysis::LodIndex;
using store::SliceRow;
using store::TimeNs;

// One thread of 20 000 top-level slices with random durations and gaps (a few long idle
// stretches), each with a child in its first half; a second thread with one slice covering
// the first half of the trace; a counter of 5 000 random samples and one of 3 000 samples in
// runs of equal timestamps.
class tst_LodIndex : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void blocks();
    void longest_data();
    void longest();
    void counterMinMax_data();
    void counterMinMax();
    void counterFirstAtOrAfter_data();
    void counterFirstAtOrAfter();
    void foldLevel_data();
    void foldLevel();
    void busy();

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<LodIndex> m_lod;
    store::TrackId m_busy, m_half;
};

void tst_LodIndex::initTestCase()
{
    std::mt19937_64 rng(7);
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    const uint32_t t1 = b.thread(p, store::IdValue::number(1)), t2 = b.thread(p, store::IdValue::number(2));
    std::vector<store::TypeId> types;
    types.reserve(16);
    for (int i = 0; i < 16; ++i)
        types.push_back(b.type(b.intern("op" + std::to_string(i)), b.intern("c")));
    TimeNs t = 0;
    for (int i = 0; i < 20000; ++i) {
        const TimeNs dur = 1 + TimeNs(rng() % 2000);
        b.completeSlice(t1, t, dur, types[rng() % types.size()], {});
        b.completeSlice(t1, t, std::max<TimeNs>(1, dur / 2), types[rng() % types.size()], {});
        t += dur + TimeNs(rng() % 300) + (i % 5000 == 4999 ? 2000000 : 0);
    }
    b.completeSlice(t2, 0, t / 2, types[0], {});
    for (int i = 0; i < 5000; ++i)
        b.counter(p, b.intern("mem"), TimeNs(i) * (t / 5000), double(rng() % 100000) - 500);
    for (int i = 0; i < 3000; ++i)
        b.counter(p, b.intern("util"), TimeNs(i / 7) * 1000 + TimeNs(i % 7 == 6) * 500, double(rng() % 100));
    m_store = store::StoreFinalizer::finalize(b);
    QVERIFY(m_store);
    m_busy = m_store->sliceTrack(SliceRow(0));
    m_half = m_store->sliceTrack(SliceRow(uint32_t(m_store->sliceCount() - 1)));
    QVERIFY(m_busy != m_half);
    QCOMPARE(m_store->levelCount(m_busy), 2u);
    m_lod = std::make_unique<LodIndex>(*m_store);
}

void tst_LodIndex::blocks()
{
    QVERIFY(m_lod->buildMs() >= 0);
    QVERIFY(m_lod->residentBytes() > 0);
    // Memory: about 32 bytes per 64 slices plus the overview bins.
    QVERIFY(m_lod->residentBytes() < m_store->sliceCount() + 64 * 1024 + 20000);
}

void tst_LodIndex::longest_data()
{
    QTest::addColumn<uint32_t>("begin");
    QTest::addColumn<uint32_t>("end");
    const store::RowRange top = m_store->level(m_busy, 0);
    QTest::newRow("empty") << top.begin << top.begin;
    QTest::newRow("one row") << top.begin + 5 << top.begin + 6;
    QTest::newRow("inside one block") << top.begin + 3 << top.begin + 60;
    QTest::newRow("across a block edge") << top.begin + 60 << top.begin + 70;
    QTest::newRow("several blocks, ragged") << top.begin + 17 << top.begin + 5000;
    QTest::newRow("whole level") << top.begin << top.end;
    QTest::newRow("whole store") << 0u << uint32_t(m_store->sliceCount());
    std::mt19937 rng(3);
    for (int i = 0; i < 20; ++i) {
        const uint32_t a = rng() % top.size(), n = rng() % 9000;
        QTest::newRow(qPrintable(QStringLiteral("random %1").arg(i)))
            << top.begin + a << std::min(top.end, top.begin + a + n);
    }
}

void tst_LodIndex::longest()
{
    QFETCH(uint32_t, begin);
    QFETCH(uint32_t, end);
    const SliceRow got = m_lod->longest(begin, end);
    if (begin == end) {
        QVERIFY(!got.valid());
        return;
    }
    TimeNs best = -1;
    for (uint32_t r = begin; r < end; ++r)
        best = std::max(best, m_store->sliceDur(SliceRow(r)));
    QVERIFY(got.v >= begin && got.v < end);
    QCOMPARE(m_store->sliceDur(got), best);
}

void tst_LodIndex::counterMinMax_data()
{
    QTest::addColumn<uint32_t>("begin");
    QTest::addColumn<uint32_t>("end");
    const uint32_t n = uint32_t(m_store->counterSampleCount());
    QTest::newRow("one") << 10u << 11u;
    QTest::newRow("block") << 64u << 128u;
    QTest::newRow("ragged") << 13u << 4097u;
    QTest::newRow("all") << 0u << n;
}

void tst_LodIndex::counterMinMax()
{
    QFETCH(uint32_t, begin);
    QFETCH(uint32_t, end);
    double mn = 0, mx = 0;
    QVERIFY(m_lod->counterMinMax(begin, end, &mn, &mx));
    double emn = 1e300, emx = -1e300;
    for (uint32_t r = begin; r < end; ++r) {
        emn = std::min(emn, m_store->counterValue(r));
        emx = std::max(emx, m_store->counterValue(r));
    }
    QCOMPARE(mn, emn);
    QCOMPARE(mx, emx);
    QVERIFY(!m_lod->counterMinMax(begin, begin, &mn, &mx));
}

void tst_LodIndex::counterFirstAtOrAfter_data()
{
    QTest::addColumn<uint32_t>("from");
    QTest::addColumn<uint32_t>("end");
    QTest::addColumn<TimeNs>("t");
    QCOMPARE(m_store->counterCount(), size_t(2));
    std::mt19937 rng(11);
    for (uint32_t c = 0; c < 2; ++c) {
        const store::RowRange all = m_store->counter(store::CounterId(c)).samples;
        QVERIFY(all.size() >= 1000);
        const TimeNs first = m_store->counterTs(all.begin), last = m_store->counterTs(all.end - 1);
        const QString series = QString::number(c);
        QTest::newRow(qPrintable(series + " empty")) << all.begin + 5 << all.begin + 5 << first;
        QTest::newRow(qPrintable(series + " before all")) << all.begin << all.end << first - 1;
        QTest::newRow(qPrintable(series + " at the first")) << all.begin << all.end << first;
        QTest::newRow(qPrintable(series + " after all")) << all.begin << all.end << last + 1;
        QTest::newRow(qPrintable(series + " at the last")) << all.begin << all.end << last;
        // At the first ts of a block, and just around it.
        const uint32_t edge = (all.begin / LodIndex::kCounterBlock + 7) * LodIndex::kCounterBlock;
        for (TimeNs d : { TimeNs(-1), TimeNs(0), TimeNs(1) })
            QTest::newRow(qPrintable(series + " block edge " + QString::number(d)))
                << all.begin + 1 << all.end << m_store->counterTs(edge) + d;
        for (int i = 0; i < 40; ++i) {
            const uint32_t a = all.begin + rng() % all.size();
            const uint32_t e = std::min(all.end, a + 1 + uint32_t(rng() % (i % 2 ? 200 : 3000)));
            const TimeNs lo = m_store->counterTs(a), hi = m_store->counterTs(e - 1);
            const TimeNs at = lo + TimeNs(rng() % uint64_t(hi - lo + 2)) - (i % 4 == 0 ? 1 : 0);
            QTest::newRow(qPrintable(series + " random " + QString::number(i))) << a << e << at;
        }
    }
}

void tst_LodIndex::counterFirstAtOrAfter()
{
    QFETCH(uint32_t, from);
    QFETCH(uint32_t, end);
    QFETCH(TimeNs, t);
    uint32_t expected = from;
    while (expected < end && m_store->counterTs(expected) < t)
        ++expected;
    QCOMPARE(m_lod->counterFirstAtOrAfter(from, end, t), expected);
}

void tst_LodIndex::foldLevel_data()
{
    QTest::addColumn<uint32_t>("depth");
    QTest::addColumn<double>("fraction"); // of the trace visible
    QTest::addColumn<int>("width");
    QTest::newRow("whole trace, top") << 0u << 1.0 << 1700;
    QTest::newRow("whole trace, children") << 1u << 1.0 << 1700;
    QTest::newRow("narrow canvas") << 0u << 1.0 << 300;
    QTest::newRow("many blocks per pixel") << 0u << 1.0 << 40;
    QTest::newRow("tenth") << 0u << 0.1 << 1700;
    QTest::newRow("hundredth") << 0u << 0.01 << 1700;
    QTest::newRow("slices wider than pixels") << 0u << 0.0005 << 1700;
}

void tst_LodIndex::foldLevel()
{
    QFETCH(uint32_t, depth);
    QFETCH(double, fraction);
    QFETCH(int, width);
    const store::TimeRange ext = m_store->extent();
    const TimeNs t0 = ext.start + ext.duration() / 3;
    const TimeNs t1 = t0 + TimeNs(ext.duration() * fraction);
    const double nsPerPx = double(t1 - t0) / width;
    const store::RowRange rows = m_store->slicesInRange(m_busy, depth, t0, t1);
    QVERIFY(!rows.empty());

    // What a brute-force rasteriser covers, and what the fold covers.
    std::vector<char> truth(width, 0), got(width, 0);
    for (uint32_t r = rows.begin; r < rows.end; ++r) {
        const double x0 = double(m_store->sliceTs(SliceRow(r)) - t0) / nsPerPx;
        const double x1 = double(m_store->sliceEnd(SliceRow(r)) - t0) / nsPerPx;
        for (int x = std::max(0, int(std::floor(x0)));
             x < std::min(width, std::max(int(std::floor(x0)) + 1, int(std::ceil(x1)))); ++x)
            truth[x] = 1;
    }
    int spans = 0;
    double lastX0 = -1e18;
    LodIndex::Span last {};
    m_lod->foldLevel(rows.begin, rows.end, t0, nsPerPx, [&](const LodIndex::Span& s) {
        // Two folded spans in a row never cover the same pixel columns: they come as one.
        if (spans > 0 && !s.single && !last.single)
            QVERIFY(std::floor(s.x0) != std::floor(last.x0) || std::ceil(s.x1) != std::ceil(last.x1));
        last = s;
        ++spans;
        QVERIFY(s.x0 >= lastX0); // left to right
        lastX0 = s.x0;
        QVERIFY(s.row >= rows.begin && s.row < rows.end);
        QCOMPARE(s.type, m_store->sliceType(SliceRow(s.row)));
        QCOMPARE(s.dur, m_store->sliceDur(SliceRow(s.row)));
        if (s.single)
            QVERIFY(s.x1 - s.x0 >= 1.0);
        else
            QVERIFY(s.x1 - s.x0 <= 3.0 + 1e-9 || s.x1 - s.x0 <= 1.0 + 2 * 1e-9 + 2.0);
        for (int x = std::max(0, int(std::floor(s.x0)));
             x < std::min(width, std::max(int(std::floor(s.x0)) + 1, int(std::ceil(s.x1)))); ++x)
            got[x] = 1;
    });
    // Every busy column is drawn; a drawn column is at most a pixel away from a busy one
    // (a folded run bridges gaps narrower than a pixel).
    for (int x = 0; x < width; ++x) {
        if (truth[x])
            QVERIFY2(got[x], qPrintable(QStringLiteral("column %1 missing").arg(x)));
        if (got[x])
            QVERIFY2(truth[x] || (x > 0 && truth[x - 1]) || (x + 1 < width && truth[x + 1]),
                qPrintable(QStringLiteral("column %1 invented").arg(x)));
    }
    // Level of detail: the work follows the pixels, not the rows.
    QVERIFY2(spans <= 4 * width || uint32_t(spans) <= rows.size(), qPrintable(QString::number(spans)));
}

void tst_LodIndex::busy()
{
    const std::vector<float>& half = m_lod->busy(m_half);
    QCOMPARE(int(half.size()), LodIndex::kOverviewBins);
    QVERIFY(half[0] > 0.99f && half[LodIndex::kOverviewBins / 2 - 2] > 0.99f);
    QVERIFY(half[LodIndex::kOverviewBins / 2 + 2] < 0.01f && half.back() < 0.01f);
    const std::vector<float>& b = m_lod->busy(m_busy);
    QVERIFY(*std::max_element(b.begin(), b.end()) <= 1.0f);
    QVERIFY(*std::max_element(b.begin(), b.end()) > 0.5f);
    // The counter track has no slices, so no bins.
    for (uint32_t t = 0; t < m_store->trackCount(); ++t) {
        if (m_store->track(store::TrackId(t)).kind == store::TrackKind::Counter)
            QVERIFY(m_lod->busy(store::TrackId(t)).empty());
    }
}

QTEST_MAIN(tst_LodIndex)
#include "tst_lodindex.moc"
