// WordSetIndex: a record is found by its hash and its words whatever bits the hashes share
// (all, only those below the bucket mask, only those above it, which the buckets keep beside
// the id), across the index's growth, and again after drop() and rebuild(); the first
// candidate a probe compares (what a caller prefetches) is a record or none.
#include <store/wordsetindex.h>

#include <QtTest>

#include <cstdint>
#include <vector>

using strata::store::WordSetIndex;

namespace {

// A table of one-word records, each record's hash made by `hashOf` from its word, so a test
// chooses which hashes collide.
struct Table {
    explicit Table(uint32_t (*h)(uint32_t word))
        : hashOf(h)
    {
    }
    uint32_t (*hashOf)(uint32_t word);
    std::vector<uint32_t> words;
    WordSetIndex index { 16 };

    uint32_t find(uint32_t word, size_t* slot) const
    {
        return index.find(
            hashOf(word), [&](uint32_t id) { return words[id] == word; }, slot);
    }
    // The record's id: the one there, or a new one.
    uint32_t add(uint32_t word)
    {
        if (!index.built())
            index.rebuild(words.size(), [&](size_t id) { return hashOf(words[id]); });
        size_t slot = 0;
        const uint32_t found = find(word, &slot);
        if (found != WordSetIndex::kNone)
            return found;
        index.prefetch(hashOf(word));
        words.push_back(word);
        index.insert(slot, hashOf(word));
        return uint32_t(words.size() - 1);
    }
};

uint32_t fullHash(uint32_t w)
{
    return WordSetIndex::hash(&w, 1);
}
uint32_t oneHash(uint32_t)
{
    return 0x9e3779b9u;
}
uint32_t lowBitsOnly(uint32_t w)
{
    return w & 0xffu;
} // equal above any mask past 256 buckets
uint32_t highBitsOnly(uint32_t w)
{
    return (w * 2654435761u) & 0xfff00000u;
} // the same home bucket

} // namespace

class tst_WordSetIndex : public QObject {
    Q_OBJECT

private slots:
    void findsEachRecordOnce_data();
    void findsEachRecordOnce();
};

void tst_WordSetIndex::findsEachRecordOnce_data()
{
    QTest::addColumn<int>("hashKind");
    QTest::addColumn<int>("records");
    QTest::newRow("distinct hashes, growing past 16 buckets") << 0 << 5000;
    QTest::newRow("one hash for all: the words decide") << 1 << 300;
    QTest::newRow("hashes equal above the mask") << 2 << 2000;
    QTest::newRow("hashes equal below the mask: the kept bits decide") << 3 << 2000;
}

void tst_WordSetIndex::findsEachRecordOnce()
{
    QFETCH(int, hashKind);
    QFETCH(int, records);
    uint32_t (*const kinds[])(uint32_t) = { fullHash, oneHash, lowBitsOnly, highBitsOnly };
    Table t { kinds[hashKind] };
    for (int i = 0; i < records; ++i)
        QCOMPARE(t.add(uint32_t(i) * 7 + 1), uint32_t(i));
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < records; ++i) {
            const uint32_t first = t.index.firstCandidate(t.hashOf(uint32_t(i) * 7 + 1));
            if (!t.index.built())
                QCOMPARE(first, WordSetIndex::kNone);
            else if (hashKind == 1) // one hash for all: every probe starts at record 0's bucket
                QCOMPARE(first, 0u);
            else
                QVERIFY(first == WordSetIndex::kNone || first < t.words.size());
            QCOMPARE(t.add(uint32_t(i) * 7 + 1), uint32_t(i));
        }
        size_t slot = 0;
        QCOMPARE(t.find(3, &slot), WordSetIndex::kNone); // 3 is no record's word: 7i + 1 never is
        QCOMPARE(t.words.size(), size_t(records));
        // The second round rebuilds the index from the records, as a table after shrink().
        t.index.drop();
        QVERIFY(!t.index.built());
        QCOMPARE(t.index.residentBytes(), size_t(0));
    }
    QCOMPARE(t.add(3), uint32_t(records));
}

QTEST_APPLESS_MAIN(tst_WordSetIndex)
#include "tst_wordsetindex.moc"
