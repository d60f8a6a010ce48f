// SearchIndex: the distinct names and categories with their slots per type, slices per type,
// which types are rare (the 1/8 rule) and their CSR row lists, the duration blocks, residentBytes, an empty
// store, a store the index was not built for, cancellation.
#include <analysis/search/searchindex.h>
#include <analysis/search/textmatcher.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <memory>
#include <vector>

using namespace strata::store;
using namespace strata::analysis;

namespace {
using Store = std::shared_ptr<const EventStore>;

// Types from "name/cat=count ..." in TypeId order ("=i": one instant and no slice, "=iN": N
// instants dealt over the threads). The
// slices are dealt round-robin over three threads in spec order, one after another in
// time, so a type's rows are spread over the tracks.
Store build(const QString& spec)
{
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    const uint32_t threads[3]
        = { b.thread(p, IdValue::number(1)), b.thread(p, IdValue::number(2)), b.thread(p, IdValue::number(3)) };
    struct Todo {
        TypeId type;
        int left;
    };
    std::vector<Todo> todo;
    for (const QString& w : spec.split(' ', Qt::SkipEmptyParts)) {
        const int slash = w.indexOf('/'), eq = w.indexOf('=');
        const TypeId t
            = b.type(b.intern(w.left(slash).toStdString()), b.intern(w.mid(slash + 1, eq - slash - 1).toStdString()));
        if (w.mid(eq + 1).startsWith('i')) {
            const int n = w.mid(eq + 2).isEmpty() ? 1 : w.mid(eq + 2).toInt();
            for (int i = 0; i < n; ++i)
                b.threadInstant(threads[i % 3], i, t, ArgSetId());
        } else
            todo.push_back({ t, w.mid(eq + 1).toInt() });
    }
    TimeNs ts = 0;
    for (bool any = true; any;) {
        any = false;
        for (Todo& d : todo) {
            if (d.left == 0)
                continue;
            // Durations 1..11 (a thread's next slice starts 12 later): the duration blocks
            // have different shortest and longest durations.
            b.completeSlice(threads[ts % 3], ts * 4, 1 + ts * 7919 % 11, d.type, ArgSetId());
            --d.left;
            ++ts;
            any = true;
        }
    }
    return StoreFinalizer::finalize(b);
}

QString join(const EventStore& s, const std::vector<StringId>& ids)
{
    QStringList out;
    for (StringId id : ids)
        out << QString::fromStdString(std::string(s.str(id)));
    return out.join(' ');
}

} // namespace

class tst_SearchIndex : public QObject {
    Q_OBJECT
private slots:
    void contents_data();
    void contents();
    void markContaining_data();
    void markContaining();
    void emptyStore();
    void otherStore();
    void cancelled();
};

void tst_SearchIndex::contents_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("names"); // distinct, first-seen order
    QTest::addColumn<QString>("categories");
    QTest::addColumn<uint>("rareLimit");
    QTest::addColumn<uint>("instantLimit");

    // 58 slices: 1/8 is 7 rows; c and d (1 each) fit, b's 6 would make 8.
    QTest::newRow("one eighth") << "a/cpu=50 b/cpu=6 c/gpu=1 d/gpu=1"
                                << "a b c d"
                                << "cpu gpu" << 5u << SearchIndex::kMaxRareLimit;
    // Same name in two categories: one name slot, two types. 45 slices: the 2 and the 3 fit
    // in 5 rows, the next count held by a type is 40: the limit is 39.
    QTest::newRow("name in two categories") << "conv/cpu=40 conv/gpu=2 mm/cpu=3 mm/gpu=i"
                                            << "conv mm"
                                            << "cpu gpu" << 39u << 0u;
    // No type is rare enough: 1/8 of 16 is 2, the smallest type has 8.
    QTest::newRow("none rare") << "x/k=8 y/k=8"
                               << "x y"
                               << "k" << 7u << SearchIndex::kMaxRareLimit;
    // Every count up to the cap fits: the limit is the cap, the big type is not indexed.
    QTest::newRow("capped") << "p/k=1 q/k=1 r/k=2 big/k=5000"
                            << "p q r big"
                            << "k" << SearchIndex::kMaxRareLimit << SearchIndex::kMaxRareLimit;
    // Enough rows for two build threads: each part writes its rows from its own cursor.
    QTest::newRow("two parts") << "a/k=300000 b/k=5 c/k=2 d/k=4100"
                               << "a b c d"
                               << "k" << SearchIndex::kMaxRareLimit << SearchIndex::kMaxRareLimit;
    QTest::newRow("instants only") << "i1/m=i i2/m=i"
                                   << "i1 i2"
                                   << "m" << SearchIndex::kMaxRareLimit << 0u;
    // 23 instants: 1/8 is 2 rows; y's one fits, z's two would make 3.
    QTest::newRow("rare instants") << "a/k=3 x/m=i20 y/m=i1 z/m=i2"
                                   << "a x y z"
                                   << "k m" << 2u << 1u;
}

void tst_SearchIndex::contents()
{
    QFETCH(QString, spec);
    QFETCH(QString, names);
    QFETCH(QString, categories);
    QFETCH(uint, rareLimit);
    QFETCH(uint, instantLimit);
    const Store store = build(spec);
    const EventStore& s = *store;
    for (unsigned threads : { 1u, 2u }) {
        SearchIndex index;
        QVERIFY(index.build(s, nullptr, threads));
        QVERIFY(index.built());
        QVERIFY(index.fits(s));
        QCOMPARE(join(s, index.names()), names);
        QCOMPARE(join(s, index.categories()), categories);
        QCOMPARE(index.rareLimit(), uint32_t(rareLimit));
        QCOMPARE(index.typeNameSlots().size(), s.types().size());
        QCOMPARE(index.typeCategorySlots().size(), s.types().size());

        // Per type: its slots name its name and category, its count and rows are the store's.
        size_t indexedRows = 0;
        for (uint32_t t = 0; t < s.types().size(); ++t) {
            const TypeId type(t);
            QCOMPARE(index.names()[index.typeNameSlots()[t]], s.types().get(type).name);
            QVERIFY(index.nameText(index.typeNameSlots()[t]) == s.str(s.types().get(type).name));
            QCOMPARE(index.categories()[index.typeCategorySlots()[t]], s.types().get(type).category);
            std::vector<SliceRow> rows;
            for (uint32_t r = 0; r < s.sliceCount(); ++r)
                if (s.sliceType(SliceRow(r)) == type)
                    rows.push_back(SliceRow(r));
            QCOMPARE(index.sliceCount(type), uint32_t(rows.size()));
            QCOMPARE(index.indexed(type), rows.size() <= rareLimit);
            const std::vector<SliceRow> listed(index.rowsBegin(type), index.rowsEnd(type));
            if (index.indexed(type)) {
                QVERIFY(listed == rows); // every row, ascending
                indexedRows += rows.size();
            } else {
                QVERIFY(listed.empty());
            }
        }
        QCOMPARE(index.indexedRows(), indexedRows);

        // Instants: counts, the limit by the same rule, every row of an indexed type.
        size_t indexedInstants = 0;
        for (uint32_t t = 0; t < s.types().size(); ++t) {
            const TypeId type(t);
            std::vector<InstantRow> rows;
            for (uint32_t r = 0; r < s.instantCount(); ++r)
                if (s.instantType(InstantRow(r)) == type)
                    rows.push_back(InstantRow(r));
            QCOMPARE(index.instantCount(type), uint32_t(rows.size()));
            const std::vector<InstantRow> listed(index.instantsBegin(type), index.instantsEnd(type));
            if (index.instantsIndexed(type)) {
                QVERIFY(listed == rows);
                indexedInstants += rows.size();
            } else {
                QVERIFY(listed.empty());
            }
        }
        QCOMPARE(index.indexedInstants(), indexedInstants);
        QVERIFY(indexedInstants * 8 <= s.instantCount());
        QCOMPARE(index.instantLimit(), uint32_t(instantLimit));
        QVERIFY(indexedRows * 8 <= s.sliceCount());

        // Blocks: one per 1024 rows (the last partial), each the shortest and the longest
        // duration of its rows and the buckets of their types, also across the parts'
        // boundaries.
        const size_t blocks = (s.sliceCount() + SearchIndex::kDurationBlock - 1) / SearchIndex::kDurationBlock;
        QCOMPARE(index.blockMinDuration().size(), blocks);
        QCOMPARE(index.blockMaxDuration().size(), blocks);
        QCOMPARE(index.blockTypeBuckets().size(), blocks * SearchIndex::kBucketWords);
        for (size_t b = 0; b < blocks; ++b) {
            TimeNs lo = kTimeMax, hi = kTimeMin;
            for (size_t r = b * SearchIndex::kDurationBlock;
                 r < std::min<size_t>(s.sliceCount(), (b + 1) * SearchIndex::kDurationBlock); ++r) {
                lo = std::min(lo, s.sliceDur(SliceRow(uint32_t(r))));
                hi = std::max(hi, s.sliceDur(SliceRow(uint32_t(r))));
            }
            QCOMPARE(index.blockMinDuration()[b], lo);
            QCOMPARE(index.blockMaxDuration()[b], hi);
            uint64_t buckets[SearchIndex::kBucketWords] = {};
            for (size_t r = b * SearchIndex::kDurationBlock;
                 r < std::min<size_t>(s.sliceCount(), (b + 1) * SearchIndex::kDurationBlock); ++r) {
                const uint32_t bucket = s.sliceType(SliceRow(uint32_t(r))).v % SearchIndex::kTypeBuckets;
                buckets[bucket / 64] |= uint64_t(1) << (bucket % 64);
            }
            for (uint32_t w = 0; w < SearchIndex::kBucketWords; ++w)
                QCOMPARE(index.blockTypeBuckets()[b * SearchIndex::kBucketWords + w], buckets[w]);
        }
        const size_t types = s.types().size();
        size_t nameBytes = 0;
        for (StringId n : index.names())
            nameBytes += s.str(n).size();
        // The name text's capacity is at least its size (a short string's may be 15); the
        // rest is exact.
        const size_t fixed = (index.names().capacity() + index.categories().capacity()) * 4 + types * 24 + 8
            + (index.names().size() + 1) * sizeof(size_t) + indexedRows * sizeof(SliceRow)
            + index.indexedInstants() * sizeof(InstantRow)
            + blocks * (2 * sizeof(TimeNs) + SearchIndex::kBucketWords * 8);
        QVERIFY(index.residentBytes() >= fixed + 2 * nameBytes);
        QVERIFY(index.residentBytes() <= fixed + 2 * std::max<size_t>(nameBytes, 15));
    }
}

void tst_SearchIndex::markContaining_data()
{
    QTest::addColumn<QString>("needle");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<QString>("expected"); // the names marked, in names() order
    QTest::newRow("inside") << "on" << false << "Conv2D aten::conv";
    QTest::newRow("folded") << "CONV" << false << "Conv2D aten::conv";
    QTest::newRow("case") << "Conv" << true << "Conv2D";
    QTest::newRow("whole name") << "matmul" << false << "matmul";
    QTest::newRow("spans two names") << "2dmat" << false << "";
    QTest::newRow("spans at the end") << "vmat" << false << "";
    QTest::newRow("twice in a name") << "a" << false << "matmul aten::conv";
    QTest::newRow("none") << "zz" << false << "";
    QTest::newRow("empty") << "" << false << "Conv2D matmul aten::conv";
}

// Against TextMatcher::contains per name, which it must equal.
void tst_SearchIndex::markContaining()
{
    QFETCH(QString, needle);
    QFETCH(bool, caseSensitive);
    QFETCH(QString, expected);
    const Store store = build("Conv2D/k=3 matmul/k=2 aten::conv/k=1");
    SearchIndex index;
    QVERIFY(index.build(*store));
    const std::string n = caseSensitive ? needle.toStdString() : TextMatcher::folded(needle.toStdString());
    std::vector<uint8_t> ok(index.names().size(), 0);
    index.markContaining(n, caseSensitive, ok);
    QStringList got;
    const TextMatcher matcher(needle.toStdString(), caseSensitive);
    for (size_t i = 0; i < ok.size(); ++i) {
        QCOMPARE(bool(ok[i]), matcher.contains(index.nameText(i)));
        if (ok[i])
            got << QString::fromStdString(std::string(index.nameText(i)));
    }
    QCOMPARE(got.join(' '), expected);
}

void tst_SearchIndex::emptyStore()
{
    StoreBuilder b;
    const Store store = StoreFinalizer::finalize(b);
    SearchIndex index;
    QVERIFY(!index.built());
    QVERIFY(!index.fits(*store));
    QVERIFY(index.build(*store));
    QVERIFY(index.fits(*store));
    QCOMPARE(index.indexedRows(), size_t(0));
    QCOMPARE(index.typeNameSlots().size(), store->types().size());
    for (uint32_t t = 0; t < store->types().size(); ++t)
        QCOMPARE(index.rowsBegin(TypeId(t)), index.rowsEnd(TypeId(t)));
}

// An index describes one store: another with other counts does not fit.
void tst_SearchIndex::otherStore()
{
    const Store a = build("a/k=10 b/k=1");
    const Store b = build("a/k=10 b/k=1 c/k=1");
    SearchIndex index;
    QVERIFY(index.build(*a));
    QVERIFY(index.fits(*a));
    QVERIFY(!index.fits(*b));
}

// A raised flag stops the build over a store big enough to poll it; the index stays empty.
void tst_SearchIndex::cancelled()
{
    const Store store = build("a/k=200000 b/k=3");
    std::atomic<bool> cancel { true };
    SearchIndex index;
    QVERIFY(!index.build(*store, &cancel));
    QVERIFY(!index.built());
    QVERIFY(!index.fits(*store));
    QCOMPARE(index.indexedRows(), size_t(0));
    cancel = false;
    QVERIFY(index.build(*store, &cancel));
    QCOMPARE(index.indexedRows(), size_t(3));
}

QTEST_APPLESS_MAIN(tst_SearchIndex)
#include "tst_searchindex.moc"
