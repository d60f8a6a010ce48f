#include <store/splitoffsets.h>

#include <QtTest>

#include <stdexcept>
#include <vector>

using strata::store::SplitOffsets;

Q_DECLARE_METATYPE(std::vector<quint64>)

// The store splits at 32 bits; 4 low bits cross the same steps with offsets a test can hold.
class tst_SplitOffsets : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void storeWidthPast4G();
    void decreasingRefused();
};

void tst_SplitOffsets::roundTrip_data()
{
    QTest::addColumn<std::vector<quint64>>("offsets");
    QTest::newRow("empty") << std::vector<quint64> {};
    QTest::newRow("below one span") << std::vector<quint64> { 0, 1, 5, 15 };
    QTest::newRow("exactly at a step") << std::vector<quint64> { 0, 15, 16, 17, 32 };
    QTest::newRow("equal offsets across a step") << std::vector<quint64> { 15, 16, 16, 16, 31, 32, 32 };
    QTest::newRow("a jump over several spans") << std::vector<quint64> { 3, 100, 101, 1000 };
    QTest::newRow("first item past the first span") << std::vector<quint64> { 40, 41, 80 };
    std::vector<quint64> many;
    for (quint64 o = 0; o < 5000; o += 1 + o % 7)
        many.push_back(o);
    QTest::newRow("many small items") << many;
}

void tst_SplitOffsets::roundTrip()
{
    QFETCH(std::vector<quint64>, offsets);
    SplitOffsets<4> s;
    for (quint64 o : offsets)
        s.push_back(o);
    QCOMPARE(s.size(), offsets.size());
    for (size_t i = 0; i < offsets.size(); ++i)
        QCOMPARE(quint64(s[i]), offsets[i]);
    s.shrink_to_fit();
    for (size_t i = 0; i < offsets.size(); ++i)
        QCOMPARE(quint64(s[i]), offsets[i]);
}

void tst_SplitOffsets::storeWidthPast4G()
{
    // ArgTable's width: word offsets at and past 2^32 keep their high bits.
    SplitOffsets<> s;
    const std::vector<quint64> offsets
        = { 0, 0xfffffff0ull, 0x100000000ull, 0x100000003ull, 0x2ffffffffull, 0x300000000ull };
    for (quint64 o : offsets)
        s.push_back(o);
    for (size_t i = 0; i < offsets.size(); ++i)
        QCOMPARE(quint64(s[i]), offsets[i]);
    QVERIFY(s.residentBytes() < 128);
}

void tst_SplitOffsets::decreasingRefused()
{
    SplitOffsets<4> s;
    s.push_back(20);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, s.push_back(19));
    QCOMPARE(s.size(), size_t(1));
    QCOMPARE(quint64(s[0]), quint64(20));
}

QTEST_APPLESS_MAIN(tst_SplitOffsets)
#include "tst_splitoffsets.moc"
