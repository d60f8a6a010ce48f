// IndexAttachments and the restore() of the indexes it carries: a restored index answers
// exactly as the one built from the same store, and a blob that is cut, altered or of
// another store is refused (then built), never read out of bounds.
#include "randomteststore.h"
#include <support/analysistestutil.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

#include <QtTest>

#include <tuple>

using namespace strata;
using namespace strata::store;
using analysis::CounterWindowStats;
using analysis::IndexAttachments;
using analysis::LodIndex;
using analysis::OperatorCatalog;
using analysis::OperatorLevel;
using analysis::SliceWindowSums;
using analysis::SummaryIndex;
using analysistest::randomStore;
using analysistest::Rng;

namespace {
using Store = std::shared_ptr<const EventStore>;

constexpr size_t kHeaderBytes = 8 + 4 + 8 + 7 * 8; // tag, byte order, layout, store shape

Store storeOf(const QString& kind)
{
    std::vector<TimeNs> edges;
    if (kind == "empty")
        return StoreFinalizer::finalize(*std::make_unique<StoreBuilder>());
    if (kind == "script")
        return analysistest::Script().run(
            "X 1 a 0 10 flops=3; X 1 b 5 10 bytes=100; X 2 c 0 5 mfu=1.5; C m 0 1; C m 4 2");
    return randomStore(kind.toULongLong(), edges);
}

using Span = std::tuple<double, double, uint32_t, uint32_t, TimeNs, bool>;

std::vector<Span> fold(const LodIndex& lod, uint32_t begin, uint32_t end, TimeNs t0, double nsPerPx)
{
    std::vector<Span> out;
    lod.foldLevel(begin, end, t0, nsPerPx,
        [&](const LodIndex::Span& s) { out.emplace_back(s.x0, s.x1, s.row, s.type.v, s.dur, s.single); });
    return out;
}

// Every query of the LOD index on random ranges, the same way on both.
void compareLod(const EventStore& s, const LodIndex& built, const LodIndex& restored)
{
    Rng rng(5);
    const auto n = uint32_t(s.sliceCount()), m = uint32_t(s.counterSampleCount());
    for (int i = 0; i < 300; ++i) {
        const uint32_t a = uint32_t(rng.below(n + 1)), b = uint32_t(rng.below(n + 1));
        QCOMPARE(restored.longest(std::min(a, b), std::max(a, b)), built.longest(std::min(a, b), std::max(a, b)));
        const uint32_t c = uint32_t(rng.below(m + 1)), d = uint32_t(rng.below(m + 1));
        double lo1 = 0, hi1 = 0, lo2 = 0, hi2 = 0;
        QCOMPARE(restored.counterMinMax(std::min(c, d), std::max(c, d), &lo1, &hi1),
            built.counterMinMax(std::min(c, d), std::max(c, d), &lo2, &hi2));
        QCOMPARE(lo1, lo2);
        QCOMPARE(hi1, hi2);
    }
    for (uint32_t c = 0; c < s.counterCount(); ++c) {
        const RowRange r = s.counter(CounterId(c)).samples;
        for (int i = 0; i < 50 && !r.empty(); ++i) {
            const TimeNs t = s.counterTs(r.begin) + rng.below(s.extent().duration() + 1);
            QCOMPARE(restored.counterFirstAtOrAfter(r.begin, r.end, t), built.counterFirstAtOrAfter(r.begin, r.end, t));
        }
    }
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        QCOMPARE(restored.busy(TrackId(t)), built.busy(TrackId(t)));
        for (uint32_t d = 0; d < s.levelCount(TrackId(t)); ++d) {
            const RowRange r = s.level(TrackId(t), d);
            for (const double nsPerPx : { 0.5, 7.0, 300.0, 1e5, 1e9 })
                QCOMPARE(fold(restored, r.begin, r.end, s.extent().start, nsPerPx),
                    fold(built, r.begin, r.end, s.extent().start, nsPerPx));
        }
    }
}

void compareSums(const SliceWindowSums& a, const SliceWindowSums& b)
{
    QCOMPARE(a.events, b.events);
    QCOMPARE(a.busyNs, b.busyNs);
    QCOMPARE(a.durationNs, b.durationNs);
    QCOMPARE(a.bytes, b.bytes);
    QCOMPARE(a.flops, b.flops);
    QCOMPARE(a.mfuWeighted, b.mfuWeighted);
    QCOMPARE(a.mfuTimeNs, b.mfuTimeNs);
    QCOMPARE(a.hfuWeighted, b.hfuWeighted);
    QCOMPARE(a.hfuTimeNs, b.hfuTimeNs);
}

void compareSummary(const EventStore& s, const SummaryIndex& built, const SummaryIndex& restored)
{
    Rng rng(9);
    const TimeRange ext = s.extent();
    for (int i = 0; i < 40; ++i) {
        const TimeNs a = ext.start + rng.below(ext.duration() + 1), b = ext.start + rng.below(ext.duration() + 1);
        const TimeRange w { std::min(a, b), std::max(a, b) };
        for (const TimeRange window : { w, ext }) {
            for (uint32_t t = 0; t < s.trackCount(); ++t)
                compareSums(restored.slices(s, TrackId(t), window), built.slices(s, TrackId(t), window));
            for (uint32_t c = 0; c < s.counterCount(); ++c) {
                const CounterWindowStats x = restored.counter(s, CounterId(c), window),
                                         y = built.counter(s, CounterId(c), window);
                QCOMPARE(x.samples, y.samples);
                QCOMPARE(x.min, y.min);
                QCOMPARE(x.max, y.max);
                QCOMPARE(x.mean, y.mean);
                QCOMPARE(x.coveredNs, y.coveredNs);
            }
        }
    }
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        QCOMPARE(restored.metrics(TrackId(t)), built.metrics(TrackId(t)));
        QCOMPARE(restored.overflowLanes(TrackId(t)), built.overflowLanes(TrackId(t)));
    }
    QCOMPARE(restored.sliceCount(), built.sliceCount());
}

void compareCatalog(const EventStore& s, const OperatorCatalog& built, const OperatorCatalog& restored)
{
    QCOMPARE(restored.keyCount(), built.keyCount());
    for (uint32_t k = 0; k < built.keyCount(); ++k)
        QCOMPARE(restored.keyText(k), built.keyText(k));
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const SliceRow row(r);
        for (int l = 0; l < analysis::kOperatorLevelCount; ++l) {
            const auto level = static_cast<OperatorLevel>(l);
            QCOMPARE(restored.key(level, row, s.sliceType(row), s.sliceArgs(row)),
                built.key(level, row, s.sliceType(row), s.sliceArgs(row)));
        }
        const OperatorCatalog::Metrics &a = restored.metrics(s.sliceArgs(row)), &b = built.metrics(s.sliceArgs(row));
        QCOMPARE(a.has, b.has);
        QCOMPARE(a.bytes, b.bytes);
        QCOMPARE(a.flops, b.flops);
    }
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        QCOMPARE(restored.isDeviceTrack(TrackId(t)), built.isDeviceTrack(TrackId(t)));
        QCOMPARE(restored.engineGroup(TrackId(t)), built.engineGroup(TrackId(t)));
    }
    QCOMPARE(restored.launches().links().size(), built.launches().links().size());
    QCOMPARE(restored.launches().unlinked(), built.launches().unlinked());
    QCOMPARE(restored.defaultLevel(), built.defaultLevel());
    QCOMPARE(restored.typeCount(), built.typeCount());
    QCOMPARE(restored.argIdentityCount(), built.argIdentityCount());
}

std::string patched(std::string blob, size_t at, const void* bytes, size_t n)
{
    if (at + n <= blob.size())
        std::memcpy(&blob[at], bytes, n);
    return blob;
}
} // namespace

class tst_IndexAttachments : public QObject {
    Q_OBJECT

private slots:
    void restoredEqualsBuilt_data();
    void restoredEqualsBuilt();
    void refusesDamagedBlobs_data();
    void refusesDamagedBlobs();
    void refusesAnotherStoresBlobs();
    void mutatedBlobsAreRefusedOrSafe();
    void decodeSaysWhatItRefused();
};

void tst_IndexAttachments::restoredEqualsBuilt_data()
{
    QTest::addColumn<QString>("store");
    for (const char* kind : { "empty", "script", "1", "2", "3", "17", "99" })
        QTest::newRow(kind) << QString(kind);
}

void tst_IndexAttachments::restoredEqualsBuilt()
{
    QFETCH(QString, store);
    const Store s = storeOf(store);
    QVERIFY(s);
    const auto lod = std::make_shared<const LodIndex>(*s);
    const auto summary = std::make_shared<const SummaryIndex>(*s);
    const auto catalog = std::make_shared<const OperatorCatalog>(*s);
    analysis::IndexSet built;
    built.set(lod);
    built.set(summary);
    built.set(catalog);
    const std::map<std::string, std::string> blobs = IndexAttachments::encode(*s, built);
    // The names old snapshots carry: a kind's name never changes.
    QCOMPARE(blobs.size(), size_t(3));
    QVERIFY(blobs.count("index.lod") && blobs.count("index.summary") && blobs.count("index.catalog"));
    for (const auto& [name, blob] : blobs)
        QVERIFY(IndexAttachments::isIndexName(name));
    // Built here when not given: the same bytes.
    QCOMPARE(IndexAttachments::encode(*s), blobs);

    const IndexAttachments::Restored r = IndexAttachments::decode(*s, blobs);
    QVERIFY(r.refused.empty());
    const auto rLod = r.indexes.get<LodIndex>();
    const auto rSummary = r.indexes.get<SummaryIndex>();
    const auto rCatalog = r.indexes.get<OperatorCatalog>();
    QVERIFY(rLod && rSummary && rCatalog);
    QVERIFY(IndexAttachments::keepsAll(r.indexes));
    QVERIFY(IndexAttachments::carriesAll(blobs));
    QCOMPARE(&rLod->store(), s.get());
    // Written again, a restored index gives the same bytes: every member came back.
    QCOMPARE(rLod->serialize(), blobs.at("index.lod"));
    QCOMPARE(rSummary->serialize(*s), blobs.at("index.summary"));
    QCOMPARE(rCatalog->serialize(*s), blobs.at("index.catalog"));
    compareLod(*s, *lod, *rLod);
    compareSummary(*s, *summary, *rSummary);
    compareCatalog(*s, *catalog, *rCatalog);
}

void tst_IndexAttachments::refusesDamagedBlobs_data()
{
    QTest::addColumn<QString>("index");
    QTest::addColumn<QString>("damage");
    QTest::addColumn<qint64>("at"); // byte offset; for "cut" the length kept
    for (const char* index : { "lod", "summary", "catalog" }) {
        const QString i(index);
        QTest::newRow(qPrintable(i + ": empty")) << i << "cut" << qint64(0);
        QTest::newRow(qPrintable(i + ": cut in the header")) << i << "cut" << qint64(20);
        QTest::newRow(qPrintable(i + ": header only")) << i << "cut" << qint64(kHeaderBytes);
        QTest::newRow(qPrintable(i + ": cut in the middle")) << i << "cut" << qint64(-2);
        QTest::newRow(qPrintable(i + ": last byte missing")) << i << "cut" << qint64(-1);
        QTest::newRow(qPrintable(i + ": a byte too many")) << i << "append" << qint64(0);
        QTest::newRow(qPrintable(i + ": tag")) << i << "flip" << qint64(0);
        QTest::newRow(qPrintable(i + ": byte order")) << i << "flip" << qint64(8);
        QTest::newRow(qPrintable(i + ": layout")) << i << "flip" << qint64(12);
        QTest::newRow(qPrintable(i + ": slice count")) << i << "flip" << qint64(20);
        QTest::newRow(qPrintable(i + ": string count")) << i << "flip" << qint64(68);
        QTest::newRow(qPrintable(i + ": first count")) << i << "flip" << qint64(kHeaderBytes);
    }
    // Values the readers index with: the first level-0 block's longest row and type, past
    // the store's; the first level's duration entries past the prefix array.
    QTest::newRow("lod: longest row out of range") << "lod"
                                                   << "longestRow" << qint64(0);
    QTest::newRow("lod: longest row of another block") << "lod"
                                                       << "longestRowNext" << qint64(0);
    QTest::newRow("lod: longest type") << "lod"
                                       << "longestType" << qint64(0);
    QTest::newRow("summary: duration entries out of range") << "summary"
                                                            << "durAt" << qint64(0);
    QTest::newRow("summary: channel entries out of range") << "summary"
                                                           << "chanAt" << qint64(0);
    QTest::newRow("catalog: an arg set's identity out of range")
        << QString("catalog") << QString("argIdentity") << qint64(0);
}

void tst_IndexAttachments::refusesDamagedBlobs()
{
    QFETCH(QString, index);
    QFETCH(QString, damage);
    QFETCH(qint64, at);
    const Store s = storeOf("17");
    QVERIFY(s->sliceCount() > 4 * LodIndex::kBlock);
    const bool lod = index == "lod", catalog = index == "catalog";
    std::string blob = lod ? LodIndex(*s).serialize()
        : catalog          ? OperatorCatalog(*s).serialize(*s)
                           : SummaryIndex(*s).serialize(*s);
    const size_t n0 = (s->sliceCount() + LodIndex::kBlock - 1) / LodIndex::kBlock; // LOD level 0 blocks
    const size_t lodColumns = kHeaderBytes + 16; // levels and level-0 size
    const size_t summaryLevels = kHeaderBytes + 16; // slice count and level count
    const uint32_t bad = 0x7fffffffu;
    if (damage == "cut")
        blob.resize(at == -1 ? blob.size() - 1 : at == -2 ? blob.size() / 2 : size_t(at));
    else if (damage == "append")
        blob.push_back('\0');
    else if (damage == "flip")
        blob[size_t(at)] = char(blob[size_t(at)] ^ 0x5a);
    else if (damage == "argIdentity")
        blob = patched(blob, kHeaderBytes + 8, &bad, 4);
    else if (damage == "longestRow")
        blob = patched(blob, lodColumns + 32 * n0, &bad, 4);
    else if (damage == "longestRowNext") {
        const uint32_t next = LodIndex::kBlock;
        blob = patched(blob, lodColumns + 32 * n0, &next, 4);
    } else if (damage == "longestType")
        blob = patched(blob, lodColumns + 36 * n0, &bad, 4);
    else if (damage == "durAt" || damage == "chanAt") {
        // Each level's durAt then chanAt column; the first level with entries gets a bad one.
        uint32_t levels = 0;
        for (uint32_t t = 0; t < s->trackCount(); ++t)
            levels = std::max(levels, s->track(TrackId(t)).levelBegin + s->track(TrackId(t)).levelCount);
        const size_t column = summaryLevels + (damage == "chanAt" ? 4 * levels : 0);
        bool done = false;
        for (uint32_t l = 0; l < levels && !done; ++l) {
            uint32_t v = 0;
            std::memcpy(&v, &blob[column + 4 * l], 4);
            if (v != 0xffffffffu) {
                blob = patched(blob, column + 4 * l, &bad, 4);
                done = true;
            }
        }
        QVERIFY(done);
    }
    std::string why;
    const bool restored = lod ? LodIndex::restore(*s, blob, &why) != nullptr
        : catalog             ? OperatorCatalog::restore(*s, blob, &why) != nullptr
                              : SummaryIndex::restore(*s, blob, &why) != nullptr;
    QVERIFY(!restored);
    QVERIFY(!why.empty());
}

void tst_IndexAttachments::refusesAnotherStoresBlobs()
{
    const Store a = storeOf("1"), b = storeOf("2");
    std::string why;
    QVERIFY(!LodIndex::restore(*b, LodIndex(*a).serialize(), &why));
    QVERIFY(QString::fromStdString(why).contains("another store"));
    QVERIFY(!SummaryIndex::restore(*b, SummaryIndex(*a).serialize(*a), &why));
    QVERIFY(!OperatorCatalog::restore(*b, OperatorCatalog(*a).serialize(*a), &why));
    // Each index's blob is its own.
    QVERIFY(!SummaryIndex::restore(*a, LodIndex(*a).serialize(), &why));
    QVERIFY(QString::fromStdString(why).contains("not this index"));
}

void tst_IndexAttachments::mutatedBlobsAreRefusedOrSafe()
{
    // Random cuts and byte changes: each blob is refused, or restores to an index every query
    // of which stays in bounds (the sanitizer builds check that part).
    const Store s = storeOf("3");
    const std::string blobs[]
        = { LodIndex(*s).serialize(), SummaryIndex(*s).serialize(*s), OperatorCatalog(*s).serialize(*s) };
    Rng rng(2024);
    int refused = 0, accepted = 0;
    for (int i = 0; i < 900; ++i) {
        const int which = i % 3;
        const bool lod = which == 0;
        std::string blob = blobs[which];
        if (rng.chance(20))
            blob.resize(size_t(rng.below(int64_t(blob.size()))));
        for (int k = 0, flips = 1 + int(rng.below(4)); k < flips && !blob.empty(); ++k)
            blob[size_t(rng.below(int64_t(blob.size())))] ^= char(1 + rng.below(255));
        if (lod) {
            const auto r = LodIndex::restore(*s, blob);
            (r ? accepted : refused) += 1;
            if (r)
                compareLod(*s, *r, *r);
        } else if (which == 2) {
            const auto r = OperatorCatalog::restore(*s, blob);
            (r ? accepted : refused) += 1;
            if (r)
                compareCatalog(*s, *r, *r);
        } else {
            const auto r = SummaryIndex::restore(*s, blob);
            (r ? accepted : refused) += 1;
            if (r)
                compareSummary(*s, *r, *r);
        }
    }
    QVERIFY(refused > 0);
    qInfo("%d refused, %d accepted (changed values the checks cannot tell from real ones)", refused, accepted);
}

void tst_IndexAttachments::decodeSaysWhatItRefused()
{
    const Store s = storeOf("1");
    std::map<std::string, std::string> blobs = IndexAttachments::encode(*s);
    blobs["index.lod"].resize(blobs["index.lod"].size() - 1);
    blobs["other"] = "not an index";
    const IndexAttachments::Restored r = IndexAttachments::decode(*s, blobs);
    QVERIFY(!r.indexes.get<LodIndex>());
    QVERIFY(r.indexes.get<SummaryIndex>() && r.indexes.get<OperatorCatalog>());
    QVERIFY(!IndexAttachments::keepsAll(r.indexes));
    QCOMPARE(r.refused.size(), size_t(1));
    QVERIFY(QString::fromStdString(r.refused[0]).contains("level-of-detail"));
    // Without the attachments: nothing restored, nothing refused.
    const IndexAttachments::Restored none = IndexAttachments::decode(*s, {});
    QVERIFY(none.indexes.size() == 0 && none.refused.empty());
    QVERIFY(!IndexAttachments::carriesAll({}));
    QVERIFY(!IndexAttachments::isIndexName("load"));
}

QTEST_GUILESS_MAIN(tst_IndexAttachments)
#include "tst_indexattachments.moc"
