#include <store/chunkedvector.h>

#include <QtTest>

#include <cstdint>
#include <vector>

using strata::store::ChunkedVector;

namespace {
struct Rec { // 24 bytes, like RawSlice
    int64_t a;
    int64_t b;
    uint32_t c;
    uint32_t d;
};
Rec rec(size_t i)
{
    return Rec { int64_t(i) * 3, -int64_t(i), uint32_t(i ^ 0x5a5a), uint32_t(i % 977) };
}

// An empty vector: no elements, no memory held, nothing to drain.
void verifyEmptyAndReleased(ChunkedVector<Rec>& v)
{
    QCOMPARE(v.size(), size_t(0));
    QVERIFY(v.empty());
    QCOMPARE(v.residentBytes(), size_t(0));
    int calls = 0;
    v.drain([&](const Rec&) { ++calls; });
    QCOMPARE(calls, 0);
}

} // namespace

class tst_ChunkedVector : public QObject {
    Q_OBJECT

private slots:
    void emptyByDefault();
    void pushAndIndex_data();
    void pushAndIndex();
    void capacity_data();
    void capacity();
    void pushBackReturnsStableSlot();
    void writeThroughIndex();
    void drainInOrderAndRelease_data();
    void drainInOrderAndRelease();
    void clearThenReuse();
};

void tst_ChunkedVector::emptyByDefault()
{
    ChunkedVector<Rec> v;
    verifyEmptyAndReleased(v);
}

void tst_ChunkedVector::pushAndIndex_data()
{
    QTest::addColumn<int>("n");
    for (int n : { 1, 63, 64, 65, 127, 128, 129, 191, 192, 193, 16383, 16384, 16385, 32704, 32705, 50000 })
        QTest::newRow(qPrintable(QString::number(n))) << n;
}

void tst_ChunkedVector::pushAndIndex()
{
    QFETCH(int, n);
    ChunkedVector<Rec> v;
    for (int i = 0; i < n; ++i)
        v.push_back(rec(size_t(i)));
    QCOMPARE(v.size(), size_t(n));
    QVERIFY(!v.empty());
    const ChunkedVector<Rec>& cv = v;
    for (int i = 0; i < n; ++i) {
        const Rec& r = cv[size_t(i)];
        if (r.a != int64_t(i) * 3 || r.b != -int64_t(i) || r.c != uint32_t(i ^ 0x5a5a) || r.d != uint32_t(i % 977))
            QFAIL(qPrintable(QString("element %1 of %2 is wrong (a=%3)").arg(i).arg(n).arg(r.a)));
    }
    QCOMPARE(cv[size_t(n - 1)].a, int64_t(n - 1) * 3);
}

void tst_ChunkedVector::capacity_data()
{
    // Chunks of 64, 128, ... 16384, then 16384 each: cumulative 64, 192, 448, 960, 1984,
    // 4032, 8128, 16320, 32704, 49088, 65472 elements.
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("elements");
    QTest::newRow("1") << 1 << 64;
    QTest::newRow("64") << 64 << 64;
    QTest::newRow("65") << 65 << 192;
    QTest::newRow("128") << 128 << 192;
    QTest::newRow("193") << 193 << 448;
    QTest::newRow("16320") << 16320 << 16320;
    QTest::newRow("16384") << 16384 << 32704;
    QTest::newRow("32705") << 32705 << 49088;
    QTest::newRow("50000") << 50000 << 65472;
}

void tst_ChunkedVector::capacity()
{
    QFETCH(int, n);
    QFETCH(int, elements);
    ChunkedVector<Rec> v;
    for (int i = 0; i < n; ++i)
        v.push_back(rec(size_t(i)));
    QCOMPARE(v.residentBytes(), size_t(elements) * sizeof(Rec));
}

void tst_ChunkedVector::pushBackReturnsStableSlot()
{
    ChunkedVector<Rec> v;
    std::vector<const Rec*> addrs;
    for (size_t i = 0; i < 20000; ++i)
        addrs.push_back(&v.push_back(rec(i)));
    // Chunks never move: every earlier slot is still where it was and still holds its value.
    for (size_t i = 0; i < addrs.size(); ++i) {
        QCOMPARE(static_cast<const void*>(&v[i]), static_cast<const void*>(addrs[i]));
        QCOMPARE(addrs[i]->a, int64_t(i) * 3);
    }
}

void tst_ChunkedVector::writeThroughIndex()
{
    ChunkedVector<int64_t> v;
    for (int64_t i = 0; i < 300; ++i)
        v.push_back(i);
    v[0] = -1;
    v[64] = -2; // first element of the second chunk
    v[191] = -3; // last element of the second chunk
    v[299] = -4;
    v.push_back(300) += 1000; // the returned reference is the stored slot
    QCOMPARE(v[0], int64_t(-1));
    QCOMPARE(v[63], int64_t(63));
    QCOMPARE(v[64], int64_t(-2));
    QCOMPARE(v[191], int64_t(-3));
    QCOMPARE(v[192], int64_t(192));
    QCOMPARE(v[299], int64_t(-4));
    QCOMPARE(v[300], int64_t(1300));
    QCOMPARE(v.size(), size_t(301));
}

void tst_ChunkedVector::drainInOrderAndRelease_data()
{
    QTest::addColumn<int>("n");
    for (int n : { 1, 64, 65, 128, 16384, 16385, 50000 })
        QTest::newRow(qPrintable(QString::number(n))) << n;
}

void tst_ChunkedVector::drainInOrderAndRelease()
{
    QFETCH(int, n);
    ChunkedVector<Rec> v;
    for (int i = 0; i < n; ++i)
        v.push_back(rec(size_t(i)));
    QVERIFY(v.residentBytes() >= size_t(n) * sizeof(Rec));
    std::vector<int64_t> seen;
    seen.reserve(size_t(n));
    v.drain([&](const Rec& r) { seen.push_back(r.a); });
    QCOMPARE(seen.size(), size_t(n));
    for (int i = 0; i < n; ++i) {
        if (seen[size_t(i)] != int64_t(i) * 3)
            QFAIL(qPrintable(QString("drain out of order at %1: %2").arg(i).arg(seen[size_t(i)])));
    }
    verifyEmptyAndReleased(v);
}

void tst_ChunkedVector::clearThenReuse()
{
    ChunkedVector<Rec> v;
    for (size_t i = 0; i < 1000; ++i)
        v.push_back(rec(i));
    v.clear();
    QCOMPARE(v.size(), size_t(0));
    QCOMPARE(v.residentBytes(), size_t(0));
    for (size_t i = 0; i < 100; ++i)
        v.push_back(rec(i + 7));
    // Starts again from the first, small chunk.
    QCOMPARE(v.residentBytes(), size_t(192) * sizeof(Rec));
    QCOMPARE(v.size(), size_t(100));
    QCOMPARE(v[0].a, int64_t(21));
    QCOMPARE(v[99].a, int64_t(106) * 3);
}

QTEST_APPLESS_MAIN(tst_ChunkedVector)
#include "tst_chunkedvector.moc"
