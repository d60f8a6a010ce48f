// PodVector: the realloc-grown array under ArgTable's words. It keeps what it holds across
// every way it grows (one value, a block, reserve) and shrinks, and copies and moves like a
// vector.
#include <store/podvector.h>

#include <QtTest>

#include <numeric>
#include <vector>

using strata::store::PodVector;

namespace {
std::vector<uint32_t> values(const PodVector<uint32_t>& v)
{
    return std::vector<uint32_t>(v.begin(), v.end());
}
std::vector<uint32_t> iota(size_t n, uint32_t from = 0)
{
    std::vector<uint32_t> out(n);
    std::iota(out.begin(), out.end(), from);
    return out;
}
} // namespace

class tst_PodVector : public QObject {
    Q_OBJECT

private slots:
    // Grown one value or one block at a time, past the sizes where glibc maps blocks
    // (mremap moves them), it holds what was put in, in order.
    void growsKeepingValues_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("block"); // 1: push_back, else append in blocks of this size
        QTest::newRow("a few values") << 5 << 1;
        QTest::newRow("past the first capacity") << 17 << 1;
        QTest::newRow("megabytes, one at a time") << 3 * 1000 * 1000 << 1;
        QTest::newRow("megabytes, in blocks") << 3 * 1000 * 1000 << 65537;
    }
    void growsKeepingValues()
    {
        QFETCH(int, count);
        QFETCH(int, block);
        const std::vector<uint32_t> expected = iota(size_t(count));
        PodVector<uint32_t> v;
        for (size_t i = 0; i < expected.size(); i += size_t(block)) {
            if (block == 1)
                v.push_back(expected[i]);
            else
                v.append(expected.data() + i, std::min(size_t(block), expected.size() - i));
        }
        QCOMPARE(v.size(), expected.size());
        QVERIFY(v.capacity() >= v.size());
        QVERIFY(values(v) == expected);
        v.shrink_to_fit();
        QCOMPARE(v.capacity(), v.size());
        QVERIFY(values(v) == expected);
    }

    void reserveAndResize()
    {
        PodVector<uint64_t> v;
        QVERIFY(v.empty());
        v.reserve(100);
        QCOMPARE(v.capacity(), size_t(100));
        QCOMPARE(v.size(), size_t(0));
        v.resizeUninitialized(3);
        v[0] = 7;
        v[1] = 8;
        v[2] = 9;
        v.reserve(10); // never shrinks
        QCOMPARE(v.capacity(), size_t(100));
        v.append(nullptr, 0);
        QCOMPARE(v.size(), size_t(3));
        QCOMPARE(v.data()[2], uint64_t(9));
        v.clear();
        QVERIFY(v.empty());
        v.shrink_to_fit();
        QCOMPARE(v.capacity(), size_t(0));
        QVERIFY(v.data() == nullptr);
    }

    void copiesAndMoves()
    {
        PodVector<uint32_t> a;
        const std::vector<uint32_t> expected = iota(1000, 5);
        a.append(expected.data(), expected.size());
        PodVector<uint32_t> b = a;
        QVERIFY(values(b) == expected);
        b[0] = 99;
        QCOMPARE(a[0], 5u); // a deep copy
        PodVector<uint32_t> c = std::move(a);
        QVERIFY(values(c) == expected);
        a = c; // a moved-from vector takes a value again
        QVERIFY(values(a) == expected);
        const PodVector<uint32_t>& self = a;
        a = self;
        QVERIFY(values(a) == expected);
    }
};

QTEST_GUILESS_MAIN(tst_PodVector)
#include "tst_podvector.moc"
