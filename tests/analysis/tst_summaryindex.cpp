// SummaryIndex: window queries against hand-computed values and against a brute-force scan.
#include "randomteststore.h"
#include <support/analysistestutil.h>

#include <analysis/summary/summaryindex.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

using namespace strata::store;
using namespace strata::analysis;
using analysistest::near;
using analysistest::randomStore;
using analysistest::Rng;
using analysistest::Script;

namespace {
using Store = std::shared_ptr<const EventStore>;

TrackId threadTrack(const EventStore& s, int64_t tid)
{
    for (uint32_t t = 0; t < s.trackCount(); ++t)
        if (s.track(TrackId(t)).kind == TrackKind::Thread && s.track(TrackId(t)).tid.num == tid)
            return TrackId(t);
    return TrackId();
}

// --- brute force: every row of the track, no index

// MetricKeys::classify of every string of the store, by StringId: the scans below look at
// every arg of every row for each of hundreds of windows, and classifying the same few keys
// again each time was most of this test's time under the sanitizers.
std::vector<int> metricOfStrings(const EventStore& s)
{
    std::vector<int> out(s.strings().size());
    for (uint32_t i = 0; i < out.size(); ++i)
        out[i] = MetricKeys::classify(s.str(StringId(i)));
    return out;
}

SliceWindowSums scanTrack(const EventStore& s, TrackId track, TimeRange w, const std::vector<int>& metricOf)
{
    SliceWindowSums out;
    if (w.end <= w.start)
        return out;
    std::vector<TrackId> lanes { track };
    if (s.track(track).kind == TrackKind::Thread)
        for (uint32_t t = track.v + 1; t < s.trackCount(); ++t) {
            const TrackInfo& tr = s.track(TrackId(t));
            if (tr.kind != TrackKind::Overflow || tr.parent != track)
                break;
            lanes.push_back(TrackId(t));
        }
    std::vector<std::pair<TimeNs, TimeNs>> busy;
    for (TrackId lane : lanes) {
        const RowRange rows = s.track(lane).slices;
        for (uint32_t r = rows.begin; r < rows.end; ++r) {
            const SliceRow row(r);
            const TimeNs ts = s.sliceTs(row), dur = s.sliceDur(row), end = ts + dur;
            const bool in = dur > 0 ? ts < w.end && end > w.start : ts >= w.start && ts <= w.end;
            if (!in)
                continue;
            const TimeNs overlap = dur > 0 ? std::min(end, w.end) - std::max(ts, w.start) : 0;
            const double frac = dur > 0 ? double(overlap) / double(dur) : 1.0;
            ++out.events;
            out.durationNs += dur;
            if (s.sliceDepth(row) == 0 && overlap > 0)
                busy.emplace_back(std::max(ts, w.start), std::min(end, w.end));
            bool seen[4] = {};
            for (const Arg& a : s.args().get(s.sliceArgs(row))) {
                const int m = metricOf.at(a.key.v);
                double v = 0;
                if (m < 0 || seen[m] || a.kind == ArgKind::Bool || !a.number(&v))
                    continue;
                seen[m] = true;
                if (m == MetricKeys::Bytes)
                    out.bytes += v * frac;
                else if (m == MetricKeys::Flops)
                    out.flops += v * frac;
                else if (m == MetricKeys::Mfu) {
                    out.mfuWeighted += v * double(overlap);
                    out.mfuTimeNs += double(overlap);
                } else {
                    out.hfuWeighted += v * double(overlap);
                    out.hfuTimeNs += double(overlap);
                }
            }
        }
    }
    std::sort(busy.begin(), busy.end());
    TimeNs curA = 0, curB = 0;
    bool open = false;
    for (const auto& [a, b] : busy) {
        if (open && a <= curB) {
            curB = std::max(curB, b);
            continue;
        }
        if (open)
            out.busyNs += curB - curA;
        curA = a;
        curB = b;
        open = true;
    }
    if (open)
        out.busyNs += curB - curA;
    return out;
}

CounterWindowStats scanCounter(const EventStore& s, CounterId c, TimeRange w)
{
    CounterWindowStats out;
    if (w.end <= w.start)
        return out;
    const RowRange all = s.counter(c).samples;
    int64_t lastIn = -1;
    for (uint32_t i = all.begin; i < all.end; ++i) {
        const bool nextAfterStart = i + 1 == all.end || s.counterTs(i + 1) > w.start;
        if (s.counterTs(i) > w.end || !nextAfterStart)
            continue;
        const double v = s.counterValue(i);
        out.min = out.samples ? std::min(out.min, v) : v;
        out.max = out.samples ? std::max(out.max, v) : v;
        ++out.samples;
        lastIn = i;
    }
    if (!out.samples)
        return out;
    const TimeNs a = std::max(w.start, s.counterTs(all.begin));
    const TimeNs b = std::min(w.end, std::max(s.extent().end, s.counterTs(all.end - 1)));
    if (b <= a) {
        out.mean = s.counterValue(static_cast<uint32_t>(lastIn));
        return out;
    }
    long double integral = 0;
    for (uint32_t i = all.begin; i < all.end; ++i) {
        const TimeNs from = std::max(a, s.counterTs(i));
        const TimeNs to = std::min(b, i + 1 < all.end ? s.counterTs(i + 1) : b);
        if (to > from)
            integral += static_cast<long double>(s.counterValue(i)) * (to - from);
    }
    out.coveredNs = b - a;
    out.mean = static_cast<double>(integral / (b - a));
    return out;
}

// --- random stores

} // namespace

class tst_SummaryIndex : public QObject {
    Q_OBJECT

private slots:
    void slices_data();
    void slices();
    void metrics_data();
    void metrics();
    void counters_data();
    void counters();
    void trackMetricsAndLanes();
    void emptyStore();
    void matchesBruteForce_data();
    void matchesBruteForce();
    void threadCountDoesNotMatter();
};

void tst_SummaryIndex::slices_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("events");
    QTest::addColumn<qint64>("busy");
    QTest::addColumn<qint64>("durations");

    // clang-format off
    const QString gaps = "X 1 a 0 10; X 1 b 20 10; X 1 c 50 10";
    QTest::newRow("nesting counts once")        << "X 1 a 0 100; X 1 b 10 20; X 1 c 15 5" << 0LL << 100LL << 3LL << 100LL << 125LL;
    QTest::newRow("gaps")                       << gaps << 0LL << 100LL << 3LL << 30LL << 30LL;
    QTest::newRow("cut at both edges")          << gaps << 5LL << 55LL << 3LL << 20LL << 30LL;
    QTest::newRow("window in a gap")            << gaps << 32LL << 48LL << 0LL << 0LL << 0LL;
    QTest::newRow("window inside one slice")    << "X 1 a 0 100" << 40LL << 60LL << 1LL << 20LL << 100LL;
    QTest::newRow("nested, cut at the start")   << "X 1 a 0 100; X 1 b 10 20" << 20LL << 200LL << 2LL << 80LL << 120LL;
    QTest::newRow("child outside the window")   << "X 1 a 0 100; X 1 b 10 20" << 50LL << 60LL << 1LL << 10LL << 100LL;
    QTest::newRow("slice ending at the start")  << "X 1 a 0 10" << 10LL << 20LL << 0LL << 0LL << 0LL;
    QTest::newRow("slice starting at the end")  << "X 1 a 20 10" << 10LL << 20LL << 0LL << 0LL << 0LL;
    QTest::newRow("window = slice")             << "X 1 a 20 10" << 20LL << 30LL << 1LL << 10LL << 10LL;
    QTest::newRow("empty window")               << "X 1 a 0 100" << 50LL << 50LL << 0LL << 0LL << 0LL;
    QTest::newRow("reversed window")            << "X 1 a 0 100" << 60LL << 50LL << 0LL << 0LL << 0LL;
    QTest::newRow("before the trace")           << "X 1 a 0 100" << -50LL << -10LL << 0LL << 0LL << 0LL;
    QTest::newRow("beyond the trace")           << "X 1 a 0 100" << 90LL << 1000LL << 1LL << 10LL << 100LL;
    QTest::newRow("zero-length inside")         << "X 1 a 0 10; X 1 z 15 0" << 0LL << 20LL << 2LL << 10LL << 10LL;
    QTest::newRow("zero-length at the start")   << "X 1 z 10 0" << 10LL << 20LL << 1LL << 0LL << 0LL;
    QTest::newRow("zero-length at the end")     << "X 1 z 20 0" << 10LL << 20LL << 1LL << 0LL << 0LL;
    QTest::newRow("zero-length at parent end")  << "X 1 a 0 10; X 1 z 10 0" << 10LL << 20LL << 1LL << 0LL << 0LL;
    QTest::newRow("zero-length child")          << "X 1 a 0 10; X 1 z 5 0" << 0LL << 10LL << 2LL << 10LL << 10LL;
    // Overflow lanes: a partial overlap moves "b" to a lane; busy is the exact union.
    const QString over = "X 1 a 0 10; X 1 b 5 10";
    QTest::newRow("overflow: union")            << over << 0LL << 100LL << 2LL << 15LL << 20LL;
    QTest::newRow("overflow: cut after thread") << over << 12LL << 100LL << 1LL << 3LL << 10LL;
    QTest::newRow("overflow: inside both")      << over << 6LL << 9LL << 2LL << 3LL << 20LL;
    QTest::newRow("overflow: two lanes")        << "X 1 a 0 10; X 1 b 5 10; X 1 c 8 10" << 0LL << 100LL << 3LL << 18LL << 30LL;
    QTest::newRow("overflow: then a gap")       << "X 1 a 0 10; X 1 b 5 10; X 1 c 30 10" << 0LL << 100LL << 3LL << 25LL << 30LL;
    QTest::newRow("overflow: child stays")      << "X 1 a 0 10; X 1 b 5 20; X 1 c 6 2" << 0LL << 100LL << 3LL << 25LL << 32LL;
    // Thread depth 0: a [0,10] d [12,17]; lane: b [5,25]. Overflow-only parts: [10,12] [17,25].
    const QString bridge = "X 1 a 0 10; X 1 b 5 20; X 1 d 12 5";
    QTest::newRow("overflow: bridges a gap")    << bridge << 0LL << 100LL << 3LL << 25LL << 35LL;
    QTest::newRow("overflow: window in bridge") << bridge << 11LL << 20LL << 2LL << 9LL << 25LL;
    QTest::newRow("overflow: lane only")        << bridge << 18LL << 22LL << 1LL << 4LL << 20LL;
    QTest::newRow("overflow: zero-length")      << "X 1 a 0 10; X 1 b 5 10; X 1 z 12 0" << 11LL << 13LL << 2LL << 2LL << 10LL;
    // clang-format on
}

void tst_SummaryIndex::slices()
{
    QFETCH(QString, script);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    Script sc;
    const Store s = sc.run(script);
    const SummaryIndex index(*s);
    const TrackId t = threadTrack(*s, 1);
    QVERIFY(t.valid());
    const TimeRange w { start, end };
    const SliceWindowSums got = index.slices(*s, t, w);
    QFETCH(qint64, events);
    QFETCH(qint64, busy);
    QFETCH(qint64, durations);
    QCOMPARE(qint64(got.events), events);
    QCOMPARE(qint64(got.busyNs), busy);
    QCOMPARE(qint64(got.durationNs), durations);
    const SliceWindowSums scan = scanTrack(*s, t, w, metricOfStrings(*s));
    QCOMPARE(got.events, scan.events);
    QCOMPARE(got.busyNs, scan.busyNs);
}

void tst_SummaryIndex::metrics_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("mfu"); // -1: no slice in the window carries it
    QTest::addColumn<double>("hfu");

    // clang-format off
    const QString dma = "X 1 dma 0 100 bytes=1000; X 1 dma 200 100 bytes=3000";
    QTest::newRow("bytes, whole")                << dma << 0LL << 300LL << 4000.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("bytes, cut at both edges")    << dma << 50LL << 250LL << 2000.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("bytes, inside one slice")     << dma << 225LL << 250LL << 750.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("bytes, zero-length counts")   << "X 1 d 0 0 bytes=64; X 1 d 10 10 bytes=100" << 0LL << 15LL << 114.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("first byte-like arg wins")    << "X 1 d 0 10 bytes=10 size=99" << 0LL << 10LL << 10.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("size")                        << "X 1 d 0 10 size=99" << 0LL << 10LL << 99.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("Bytes")                       << "X 1 d 0 10 Bytes=7" << 0LL << 10LL << 7.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("dotted key")                  << "X 1 d 0 10 dma.bytes=5" << 0LL << 10LL << 5.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("string value ignored")        << "X 1 d 0 10 bytes=@big size=3" << 0LL << 10LL << 3.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("unrelated keys")              << "X 1 d 0 10 batch_size=3 bytes_per_s=9" << 0LL << 10LL << 0.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("nested slices both count")    << "X 1 d 0 100 bytes=10; X 1 s 10 10 bytes=5" << 0LL << 100LL << 15.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("flops, cut")                  << "X 1 k 0 100 flops=1000; X 1 k 100 100 flops=500" << 50LL << 150LL << 0.0 << 750.0 << -1.0 << -1.0;
    const QString mfu = "X 1 k 0 100 mfu=50.0; X 1 k 100 300 mfu=10.0";
    QTest::newRow("mfu, duration-weighted")      << mfu << 0LL << 400LL << 0.0 << 0.0 << 20.0 << -1.0;
    QTest::newRow("mfu, weighted by time inside") << mfu << 50LL << 150LL << 0.0 << 0.0 << 30.0 << -1.0;
    QTest::newRow("mfu only where carried")      << "X 1 k 0 100 mfu=50.0; X 1 k 100 100" << 0LL << 200LL << 0.0 << 0.0 << 50.0 << -1.0;
    QTest::newRow("MFU and HFU")                 << "X 1 k 0 100 HFU=40.0 MFU=20.0" << 0LL << 100LL << 0.0 << 0.0 << 20.0 << 40.0;
    QTest::newRow("mfu outside the window")      << "X 1 k 0 100 mfu=50.0; X 1 k 200 100" << 210LL << 220LL << 0.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("bytes on an overflow lane")   << "X 1 a 0 10; X 1 b 5 10 bytes=100" << 10LL << 15LL << 50.0 << 0.0 << -1.0 << -1.0;
    // The Neuron profiler's own keys, as the operator catalog reads them.
    QTest::newRow("neuron transfer_bytes")       << "X 1 q 0 10 transfer_bytes=4096" << 0LL << 10LL << 4096.0 << 0.0 << -1.0 << -1.0;
    QTest::newRow("neuron raw_flops")            << "X 1 k 0 10 raw_flops=4194304" << 0LL << 10LL << 0.0 << 4194304.0 << -1.0 << -1.0;
    QTest::newRow("neuron model, hardware flops") << "X 1 k 0 10 model_flops=8 hardware_flops=9" << 0LL << 10LL << 0.0 << 8.0 << -1.0 << -1.0;
    QTest::newRow("neuron estimated percents")   << "X 1 k 0 10 mfu_estimated_percent=12.5 hfu_estimated_percent=30.0" << 0LL << 10LL << 0.0 << 0.0 << 12.5 << 30.0;
    // clang-format on
}

void tst_SummaryIndex::metrics()
{
    QFETCH(QString, script);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(double, bytes);
    QFETCH(double, flops);
    QFETCH(double, mfu);
    QFETCH(double, hfu);
    Script sc;
    const Store s = sc.run(script);
    const SummaryIndex index(*s);
    const SliceWindowSums got = index.slices(*s, threadTrack(*s, 1), TimeRange { start, end });
    QVERIFY2(near(got.bytes, bytes), qPrintable(QString::number(got.bytes)));
    QVERIFY2(near(got.flops, flops), qPrintable(QString::number(got.flops)));
    QCOMPARE(got.mfuTimeNs > 0 ? got.mfuWeighted / got.mfuTimeNs : -1.0, mfu);
    QCOMPARE(got.hfuTimeNs > 0 ? got.hfuWeighted / got.hfuTimeNs : -1.0, hfu);
}

void tst_SummaryIndex::counters_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("samples");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<double>("mean");
    QTest::addColumn<qint64>("covered");

    // mem: 10 on [0,10), 20 on [10,30), 5 on [30, trace end 40]
    // clang-format off
    const QString mem = "X 1 a 0 40; C mem 0 10; C mem 10 20; C mem 30 5";
    QTest::newRow("whole trace")          << mem << 0LL << 40LL << 3LL << 5.0 << 20.0 << 13.75 << 40LL;
    QTest::newRow("across one step")      << mem << 5LL << 15LL << 2LL << 10.0 << 20.0 << 15.0 << 10LL;
    QTest::newRow("closed at both ends")  << mem << 10LL << 30LL << 2LL << 5.0 << 20.0 << 20.0 << 20LL;
    QTest::newRow("inside one step")      << mem << 12LL << 28LL << 1LL << 20.0 << 20.0 << 20.0 << 16LL;
    QTest::newRow("before the first")     << mem << -10LL << 5LL << 1LL << 10.0 << 10.0 << 10.0 << 5LL;
    QTest::newRow("last holds to the end") << mem << 35LL << 50LL << 1LL << 5.0 << 5.0 << 5.0 << 5LL;
    QTest::newRow("empty window")         << mem << 5LL << 5LL << 0LL << 0.0 << 0.0 << 0.0 << 0LL;
    QTest::newRow("all before")           << mem << -20LL << -10LL << 0LL << 0.0 << 0.0 << 0.0 << 0LL;
    QTest::newRow("ends at first sample") << "X 1 a 0 40; C mem 10 7" << 0LL << 10LL << 1LL << 7.0 << 7.0 << 7.0 << 0LL;
    QTest::newRow("same ts twice")        << "X 1 a 0 40; C mem 0 1; C mem 10 3; C mem 10 9" << 0LL << 20LL << 3LL << 1.0 << 9.0 << 5.0 << 20LL;
    // clang-format on
}

void tst_SummaryIndex::counters()
{
    QFETCH(QString, script);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, samples);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(double, mean);
    QFETCH(qint64, covered);
    Script sc;
    const Store s = sc.run(script);
    const SummaryIndex index(*s);
    QCOMPARE(s->counterCount(), size_t(1));
    const CounterWindowStats got = index.counter(*s, CounterId(0), TimeRange { start, end });
    QCOMPARE(qint64(got.samples), samples);
    QCOMPARE(got.min, min);
    QCOMPARE(got.max, max);
    QVERIFY2(near(got.mean, mean), qPrintable(QString::number(got.mean)));
    QCOMPARE(qint64(got.coveredNs), covered);
}

void tst_SummaryIndex::trackMetricsAndLanes()
{
    Script sc;
    const Store s = sc.run("X 1 a 0 10 flops=3; X 1 b 5 10 bytes=100; X 2 c 0 5 mfu=1.5; b 9 req 0; e 9 req 4");
    const SummaryIndex index(*s);
    const TrackId t1 = threadTrack(*s, 1), t2 = threadTrack(*s, 2);
    QCOMPARE(index.overflowLanes(t1), 1u);
    QCOMPARE(index.overflowLanes(t2), 0u);
    QCOMPARE(int(index.metrics(t1)), (1 << MetricKeys::Bytes) | (1 << MetricKeys::Flops));
    QCOMPARE(int(index.metrics(TrackId(t1.v + 1))), 1 << MetricKeys::Bytes); // the lane alone
    QCOMPARE(int(index.metrics(t2)), 1 << MetricKeys::Mfu);
    for (uint32_t t = 0; t < s->trackCount(); ++t)
        if (s->track(TrackId(t)).kind == TrackKind::Async) {
            QCOMPARE(int(index.metrics(TrackId(t))), 0);
            QCOMPARE(index.slices(*s, TrackId(t), s->extent()).busyNs, TimeNs(4));
        }
    QCOMPARE(index.keys().metricOf(s->strings().find("bytes")), int(MetricKeys::Bytes));
    QCOMPARE(index.keys().metricOf(s->strings().find("req")), -1);
}

void tst_SummaryIndex::emptyStore()
{
    StoreBuilder b;
    const Store s = StoreFinalizer::finalize(b);
    const SummaryIndex index(*s);
    QCOMPARE(index.sliceCount(), size_t(0));
    QVERIFY(index.residentBytes() > 0);
    const SliceWindowSums got = index.slices(*s, TrackId(0), TimeRange { 0, 100 });
    QCOMPARE(got.events, uint64_t(0));
    QCOMPARE(index.counter(*s, CounterId(0), TimeRange { 0, 100 }).samples, uint64_t(0));
}

void tst_SummaryIndex::matchesBruteForce_data()
{
    QTest::addColumn<quint64>("seed");
    for (quint64 seed = 1; seed <= 12; ++seed)
        QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << seed;
}

void tst_SummaryIndex::matchesBruteForce()
{
    QFETCH(quint64, seed);
    std::vector<TimeNs> edges;
    const Store s = randomStore(seed, edges);
    const SummaryIndex index(*s, 2);
    const std::vector<int> metricOf = metricOfStrings(*s);
    Rng rng(seed * 7919);
    const TimeRange ext = s->extent();
    auto point = [&] {
        if (!edges.empty() && rng.chance(50))
            return edges[size_t(rng.below(int64_t(edges.size())))] + (rng.chance(20) ? rng.below(3) - 1 : 0);
        return ext.start - 100 + rng.below(ext.duration() + 200);
    };
    int checked = 0, overflowThreads = 0;
    for (uint32_t t = 0; t < s->trackCount(); ++t)
        overflowThreads += index.overflowLanes(TrackId(t)) ? 1 : 0;
    for (int i = 0; i < 300; ++i) {
        TimeRange w { point(), point() };
        if (w.start > w.end && rng.chance(90))
            std::swap(w.start, w.end);
        if (rng.chance(5))
            w = ext;
        if (rng.chance(30)) // short windows, like a zoomed-in view
            w.end = w.start + rng.below(2000);
        for (uint32_t t = 0; t < s->trackCount(); ++t) {
            const TrackKind kind = s->track(TrackId(t)).kind;
            if (kind != TrackKind::Thread && kind != TrackKind::Overflow && kind != TrackKind::Async)
                continue;
            const SliceWindowSums got = index.slices(*s, TrackId(t), w);
            const SliceWindowSums want = scanTrack(*s, TrackId(t), w, metricOf);
            // The message is formatted only on a mismatch: 300 windows times every track.
            if (!(got.events == want.events && got.busyNs == want.busyNs && got.durationNs == want.durationNs
                    && near(got.bytes, want.bytes) && near(got.flops, want.flops)
                    && near(got.mfuWeighted, want.mfuWeighted) && near(got.mfuTimeNs, want.mfuTimeNs)
                    && near(got.hfuWeighted, want.hfuWeighted) && near(got.hfuTimeNs, want.hfuTimeNs)))
                QFAIL(qPrintable(QString("track %1 window [%2, %3]: events %4 vs %5, busy %6 vs %7, durations %8 vs "
                                         "%9, bytes %10 vs %11, flops %12 vs %13, mfu %14/%15 vs %16/%17, hfu "
                                         "%18/%19 vs %20/%21")
                                     .arg(t)
                                     .arg(w.start)
                                     .arg(w.end)
                                     .arg(got.events)
                                     .arg(want.events)
                                     .arg(got.busyNs)
                                     .arg(want.busyNs)
                                     .arg(got.durationNs)
                                     .arg(want.durationNs)
                                     .arg(got.bytes, 0, 'g', 17)
                                     .arg(want.bytes, 0, 'g', 17)
                                     .arg(got.flops, 0, 'g', 17)
                                     .arg(want.flops, 0, 'g', 17)
                                     .arg(got.mfuWeighted, 0, 'g', 17)
                                     .arg(got.mfuTimeNs, 0, 'g', 17)
                                     .arg(want.mfuWeighted, 0, 'g', 17)
                                     .arg(want.mfuTimeNs, 0, 'g', 17)
                                     .arg(got.hfuWeighted, 0, 'g', 17)
                                     .arg(got.hfuTimeNs, 0, 'g', 17)
                                     .arg(want.hfuWeighted, 0, 'g', 17)
                                     .arg(want.hfuTimeNs, 0, 'g', 17)));
            ++checked;
        }
        for (uint32_t c = 0; c < s->counterCount(); ++c) {
            const CounterWindowStats got = index.counter(*s, CounterId(c), w);
            const CounterWindowStats want = scanCounter(*s, CounterId(c), w);
            if (!(got.samples == want.samples && got.min == want.min && got.max == want.max
                    && got.coveredNs == want.coveredNs && near(got.mean, want.mean)))
                QFAIL(qPrintable(QString("counter %1 window [%2, %3]: samples %4 vs %5, min %6 vs %7, max %8 vs %9, "
                                         "covered %10 vs %11, mean %12 vs %13")
                                     .arg(c)
                                     .arg(w.start)
                                     .arg(w.end)
                                     .arg(got.samples)
                                     .arg(want.samples)
                                     .arg(got.min, 0, 'g', 17)
                                     .arg(want.min, 0, 'g', 17)
                                     .arg(got.max, 0, 'g', 17)
                                     .arg(want.max, 0, 'g', 17)
                                     .arg(got.coveredNs)
                                     .arg(want.coveredNs)
                                     .arg(got.mean, 0, 'g', 17)
                                     .arg(want.mean, 0, 'g', 17)));
        }
    }
    QVERIFY(checked > 300);
    qDebug("seed %llu: %zu slices, %zu tracks (%d with overflow lanes), %zu counter samples, index %.2f B/slice",
        static_cast<unsigned long long>(seed), s->sliceCount(), s->trackCount(), overflowThreads,
        s->counterSampleCount(), double(index.residentBytes()) / double(std::max<size_t>(1, s->sliceCount())));
}

void tst_SummaryIndex::threadCountDoesNotMatter()
{
    std::vector<TimeNs> edges;
    const Store s = randomStore(99, edges);
    const SummaryIndex one(*s, 1), three(*s, 3);
    QCOMPARE(one.residentBytes(), three.residentBytes());
    const TimeRange ext = s->extent();
    for (TimeNs k = 0; k < 20; ++k) {
        const TimeRange w { ext.start + ext.duration() * k / 40, ext.start + ext.duration() * (k + 20) / 40 };
        for (uint32_t t = 0; t < s->trackCount(); ++t) {
            const SliceWindowSums a = one.slices(*s, TrackId(t), w), b = three.slices(*s, TrackId(t), w);
            QCOMPARE(a.events, b.events);
            QCOMPARE(a.busyNs, b.busyNs);
            QCOMPARE(a.bytes, b.bytes);
            QCOMPARE(a.mfuWeighted, b.mfuWeighted);
        }
    }
}

QTEST_APPLESS_MAIN(tst_SummaryIndex)
#include "tst_summaryindex.moc"
