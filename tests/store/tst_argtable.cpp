// ArgTable: values round trip bit for bit in one or two words, identical sets share one id (across tables with
// addAll too: sets its map makes equal, a rank's kept repeats), sets share shapes, a shrunk table adds again.
#include <support/argtestutil.h>

#include <store/argtable.h>

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using strata::store::Arg;
using strata::store::ArgKind;
using strata::store::ArgSetId;
using strata::store::ArgTable;
using strata::store::StringId;

using namespace argtest;

class tst_ArgTable : public QObject {
    Q_OBJECT

private slots:
    void emptySetIsInvalid();
    void kindRoundTrip_data();
    void kindRoundTrip();
    void mixedSetRoundTrip();
    void dedup_data();
    void dedup();
    void find_data();
    void find();
    void manySets();
    void shrinkKeepsContent();
    void keysPast28Bits_data();
    void keysPast28Bits();
    void setSizes_data();
    void setSizes();
    void shapes_data();
    void shapes();
    void addAfterShrink_data();
    void addAfterShrink();
    void addAll_data();
    void addAll();
    void addAllEqualSets_data();
    void addAllEqualSets();
};

void tst_ArgTable::emptySetIsInvalid()
{
    ArgTable t;
    const Arg one = Arg::makeInt(StringId(1), 1);
    QVERIFY(!t.add(nullptr, 0).valid());
    QVERIFY(!t.add(&one, 0).valid());
    QCOMPARE(t.setCount(), size_t(0));
    QCOMPARE(t.size(ArgSetId()), size_t(0));
    QVERIFY(t.get(ArgSetId()).empty());
    Arg out;
    QVERIFY(!t.find(ArgSetId(), StringId(1), &out));
}

void tst_ArgTable::kindRoundTrip_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("i");
    QTest::addColumn<quint64>("u");
    QTest::addColumn<double>("d");
    QTest::addColumn<uint>("s");
    QTest::addColumn<bool>("isNumber");
    QTest::addColumn<double>("number");
    const auto I = int(ArgKind::Int), U = int(ArgKind::Uint), D = int(ArgKind::Double), B = int(ArgKind::Bool),
               S = int(ArgKind::String), N = int(ArgKind::Null);
    const qint64 i64min = std::numeric_limits<qint64>::min(), i64max = std::numeric_limits<qint64>::max();
    const quint64 u64max = std::numeric_limits<quint64>::max();
    QTest::newRow("int 0") << I << qint64(0) << quint64(0) << 0.0 << 0u << true << 0.0;
    QTest::newRow("int -1") << I << qint64(-1) << quint64(0) << 0.0 << 0u << true << -1.0;
    QTest::newRow("int 2^40+3") << I << (qint64(1) << 40) + 3 << quint64(0) << 0.0 << 0u << true << 1099511627779.0;
    QTest::newRow("int min") << I << i64min << quint64(0) << 0.0 << 0u << true << -9223372036854775808.0;
    QTest::newRow("int max") << I << i64max << quint64(0) << 0.0 << 0u << true << 9223372036854775807.0;
    QTest::newRow("int 2^31-1, one word") << I << qint64(INT32_MAX) << quint64(0) << 0.0 << 0u << true << 2147483647.0;
    QTest::newRow("int -2^31, one word") << I << qint64(INT32_MIN) << quint64(0) << 0.0 << 0u << true << -2147483648.0;
    QTest::newRow("int 2^31, two words") << I << qint64(INT32_MAX) + 1 << quint64(0) << 0.0 << 0u << true
                                         << 2147483648.0;
    QTest::newRow("int -2^31-1, two words")
        << I << qint64(INT32_MIN) - 1 << quint64(0) << 0.0 << 0u << true << -2147483649.0;
    QTest::newRow("int 2^32, low word 0") << I << (qint64(1) << 32) << quint64(0) << 0.0 << 0u << true << 4294967296.0;
    QTest::newRow("uint 2^32-1, one word")
        << U << qint64(0) << quint64(UINT32_MAX) << 0.0 << 0u << true << 4294967295.0;
    QTest::newRow("uint 2^32, two words") << U << qint64(0) << (quint64(1) << 32) << 0.0 << 0u << true << 4294967296.0;
    QTest::newRow("uint 0") << U << qint64(0) << quint64(0) << 0.0 << 0u << true << 0.0;
    QTest::newRow("uint 2^63") << U << qint64(0) << (quint64(1) << 63) << 0.0 << 0u << true << 9223372036854775808.0;
    QTest::newRow("uint max") << U << qint64(0) << u64max << 0.0 << 0u << true << 18446744073709551615.0;
    QTest::newRow("double 0.5") << D << qint64(0) << quint64(0) << 0.5 << 0u << true << 0.5;
    QTest::newRow("double -2.25") << D << qint64(0) << quint64(0) << -2.25 << 0u << true << -2.25;
    QTest::newRow("double -0.0") << D << qint64(0) << quint64(0) << -0.0 << 0u << true << -0.0;
    QTest::newRow("double -1e300") << D << qint64(0) << quint64(0) << -1e300 << 0u << true << -1e300;
    QTest::newRow("double denormal") << D << qint64(0) << quint64(0) << std::numeric_limits<double>::denorm_min() << 0u
                                     << true << std::numeric_limits<double>::denorm_min();
    QTest::newRow("double inf") << D << qint64(0) << quint64(0) << -std::numeric_limits<double>::infinity() << 0u
                                << true << -std::numeric_limits<double>::infinity();
    QTest::newRow("bool true") << B << qint64(1) << quint64(0) << 0.0 << 0u << true << 1.0;
    QTest::newRow("bool false") << B << qint64(0) << quint64(0) << 0.0 << 0u << true << 0.0;
    QTest::newRow("string 42") << S << qint64(0) << quint64(0) << 0.0 << 42u << false << 0.0;
    QTest::newRow("string 0 (empty)") << S << qint64(0) << quint64(0) << 0.0 << 0u << false << 0.0;
    QTest::newRow("string invalid id") << S << qint64(0) << quint64(0) << 0.0 << 0xffffffffu << false << 0.0;
    QTest::newRow("double 1e-300") << D << qint64(0) << quint64(0) << 1e-300 << 0u << true << 1e-300;
    QTest::newRow("string 2^27") << S << qint64(0) << quint64(0) << 0.0 << (1u << 27) << false << 0.0;
    QTest::newRow("null") << N << qint64(0) << quint64(0) << 0.0 << 0u << false << 0.0;
}

void tst_ArgTable::kindRoundTrip()
{
    QFETCH(int, kind);
    QFETCH(qint64, i);
    QFETCH(quint64, u);
    QFETCH(double, d);
    QFETCH(uint, s);
    QFETCH(bool, isNumber);
    QFETCH(double, number);
    ArgTable t;
    const Arg in = makeArg(ArgKind(kind), StringId(9), i, u, d, s);
    const ArgSetId set = t.add(&in, 1);
    QCOMPARE(set.v, 0u);
    QCOMPARE(t.size(set), size_t(1));
    const Arg out = t.at(set, 0);
    QCOMPARE(int(out.kind), kind);
    QCOMPARE(out.key.v, 9u);
    QVERIFY(sameValue(in, out));
    switch (ArgKind(kind)) {
    case ArgKind::Int: QCOMPARE(out.i, i); break;
    case ArgKind::Uint: QCOMPARE(out.u, u); break;
    case ArgKind::Double:
        QCOMPARE(std::signbit(out.d), std::signbit(d));
        QCOMPARE(out.d, d);
        break;
    case ArgKind::Bool: QCOMPARE(out.i, i); break;
    case ArgKind::String: QCOMPARE(out.stringValue().v, s); break;
    case ArgKind::Null: QVERIFY(!out.stringValue().valid()); break;
    }
    if (ArgKind(kind) != ArgKind::String)
        QVERIFY(!out.stringValue().valid());
    double value = 12345.0;
    QCOMPARE(out.number(&value), isNumber);
    QCOMPARE(value, isNumber ? number : 12345.0); // untouched when not a number
    const std::vector<Arg> all = t.get(set);
    QCOMPARE(all.size(), size_t(1));
    QVERIFY(sameValue(all[0], in));
}

void tst_ArgTable::mixedSetRoundTrip()
{
    ArgTable t;
    const Arg in[]
        = { Arg::makeString(StringId(1), StringId(100)), Arg::makeInt(StringId(2), -7), Arg::makeUint(StringId(3), 7),
              Arg::makeDouble(StringId(4), -3.5), Arg::makeBool(StringId(5), true), Arg::makeNull(StringId(6)) };
    const ArgSetId set = t.add(in, 6);
    QCOMPARE(t.size(set), size_t(6));
    for (size_t k = 0; k < 6; ++k)
        QVERIFY2(sameValue(t.at(set, k), in[k]), qPrintable(QString("arg %1").arg(k)));
    const std::vector<Arg> all = t.get(set);
    QCOMPARE(all.size(), size_t(6));
    QCOMPARE(all[1].i, qint64(-7));
    QCOMPARE(all[3].d, -3.5);
    QCOMPARE(all[0].stringValue().v, 100u);
}

void tst_ArgTable::dedup_data()
{
    // Base set: {k1: Int 1, k2: String 5}; `variant` builds the second set.
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("same");
    QTest::newRow("identical") << 0 << true;
    QTest::newRow("reordered") << 1 << false;
    QTest::newRow("int vs uint") << 2 << false;
    QTest::newRow("int vs double") << 3 << false;
    QTest::newRow("int vs bool") << 4 << false;
    QTest::newRow("other value") << 5 << false;
    QTest::newRow("other key") << 6 << false;
    QTest::newRow("fewer args") << 7 << false;
    QTest::newRow("extra arg") << 8 << false;
    QTest::newRow("null vs int 0") << 9 << false;
    QTest::newRow("string vs int, same bits") << 10 << false;
    QTest::newRow("int 2^32 vs int 0, same low word") << 11 << false;
    QTest::newRow("uint 2^32+1 vs uint 1, same low word") << 12 << false;
    QTest::newRow("int -1 vs uint 2^32-1, same word") << 13 << false;
    QTest::newRow("identical, both two-word values") << 14 << true;
    QTest::newRow("double -0.0 vs 0.0") << 15 << false;
}

void tst_ArgTable::dedup()
{
    QFETCH(int, variant);
    QFETCH(bool, same);
    const StringId k1(1), k2(2), k3(3);
    std::vector<Arg> a = { Arg::makeInt(k1, 1), Arg::makeString(k2, StringId(5)) };
    std::vector<Arg> b = a;
    switch (variant) {
    case 1: std::swap(b[0], b[1]); break;
    case 2: b[0] = Arg::makeUint(k1, 1); break;
    case 3: b[0] = Arg::makeDouble(k1, 1.0); break;
    case 4: b[0] = Arg::makeBool(k1, true); break;
    case 5: b[0] = Arg::makeInt(k1, 2); break;
    case 6: b[0] = Arg::makeInt(k3, 1); break;
    case 7: b.pop_back(); break;
    case 8: b.push_back(Arg::makeNull(k3)); break;
    case 9:
        a[0] = Arg::makeInt(k1, 0);
        b[0] = Arg::makeNull(k1);
        break;
    case 10: b[1] = Arg::makeInt(k2, 5); break;
    case 11:
        a[0] = Arg::makeInt(k1, int64_t(1) << 32);
        b[0] = Arg::makeInt(k1, 0);
        break;
    case 12:
        a[0] = Arg::makeUint(k1, (uint64_t(1) << 32) + 1);
        b[0] = Arg::makeUint(k1, 1);
        break;
    case 13:
        a[0] = Arg::makeInt(k1, -1);
        b[0] = Arg::makeUint(k1, UINT32_MAX);
        break;
    case 14:
        a[0] = Arg::makeDouble(k1, 0.1);
        b[0] = a[0];
        break;
    case 15:
        a[0] = Arg::makeDouble(k1, -0.0);
        b[0] = Arg::makeDouble(k1, 0.0);
        break;
    }
    ArgTable t;
    const ArgSetId ia = t.add(a.data(), a.size());
    const ArgSetId ib = t.add(b.data(), b.size());
    QCOMPARE(ia.v, 0u);
    QCOMPARE(ib.v, same ? 0u : 1u);
    QCOMPARE(t.setCount(), size_t(same ? 1 : 2));
    QCOMPARE(t.size(ib), b.size());
    for (size_t k = 0; k < b.size(); ++k)
        QVERIFY(sameValue(t.at(ib, k), b[k]));
    for (size_t k = 0; k < a.size(); ++k)
        QVERIFY(sameValue(t.at(ia, k), a[k]));
}

void tst_ArgTable::find_data()
{
    QTest::addColumn<uint>("key");
    QTest::addColumn<bool>("found");
    QTest::addColumn<qint64>("value");
    QTest::newRow("first") << 10u << true << qint64(100);
    QTest::newRow("middle") << 11u << true << qint64(-110);
    QTest::newRow("last") << 12u << true << qint64(120);
    QTest::newRow("absent") << 13u << false << qint64(0);
    QTest::newRow("absent, value of another arg") << 100u << false << qint64(0);
    QTest::newRow("empty-string key") << 0u << false << qint64(0);
}

void tst_ArgTable::find()
{
    QFETCH(uint, key);
    QFETCH(bool, found);
    QFETCH(qint64, value);
    ArgTable t;
    const Arg filler[] = { Arg::makeInt(StringId(10), 7) };
    t.add(filler, 1);
    const Arg in[]
        = { Arg::makeInt(StringId(10), 100), Arg::makeInt(StringId(11), -110), Arg::makeInt(StringId(12), 120) };
    const ArgSetId set = t.add(in, 3);
    QCOMPARE(set.v, 1u);
    Arg out = Arg::makeInt(StringId(99), 99);
    QCOMPARE(t.find(set, StringId(key), &out), found);
    if (found) {
        QCOMPARE(out.key.v, key);
        QCOMPARE(out.kind, ArgKind::Int);
        QCOMPARE(out.i, value);
    }
}

void tst_ArgTable::manySets()
{
    constexpr int n = 50000;
    ArgTable t;
    for (int i = 0; i < n; ++i) {
        const Arg a[] = { Arg::makeInt(StringId(1), i), Arg::makeString(StringId(2), StringId(uint32_t(i % 13))) };
        QCOMPARE(t.add(a, 2).v, uint32_t(i));
    }
    for (int i = 0; i < n; ++i) { // every set again: found, none added (the count below)
        const Arg a[] = { Arg::makeInt(StringId(1), i), Arg::makeString(StringId(2), StringId(uint32_t(i % 13))) };
        QCOMPARE(t.add(a, 2).v, uint32_t(i));
        QCOMPARE(t.at(ArgSetId(uint32_t(i)), 0).i, qint64(i));
        QCOMPARE(t.at(ArgSetId(uint32_t(i)), 1).stringValue().v, uint32_t(i % 13));
    }
    QCOMPARE(t.setCount(), size_t(n));
    // Per set at least its shape id, an int and a string value of one word each, its offset.
    QVERIFY(t.residentBytes() >= size_t(n) * (4 + 2 * 4 + 4));
    QCOMPARE(t.shapeCount(), size_t(1)); // one shape: the same keys and kinds, every value one word
}

void tst_ArgTable::shrinkKeepsContent()
{
    ArgTable t;
    for (int i = 0; i < 1000; ++i) {
        const Arg a[] = { Arg::makeDouble(StringId(3), i * 0.25), Arg::makeBool(StringId(4), i % 2) };
        t.add(a, 2);
    }
    const size_t before = t.residentBytes();
    t.shrink();
    QVERIFY(t.residentBytes() <= before);
    QCOMPARE(t.setCount(), size_t(1000));
    for (int i = 0; i < 1000; ++i) {
        const ArgSetId set { uint32_t(i) };
        QCOMPARE(t.size(set), size_t(2));
        QCOMPARE(t.at(set, 0).d, i * 0.25);
        QCOMPARE(t.at(set, 1).i, qint64(i % 2));
    }
    // Still deduplicates and still accepts new sets after shrinking.
    const Arg again[] = { Arg::makeDouble(StringId(3), 10 * 0.25), Arg::makeBool(StringId(4), false) };
    QCOMPARE(t.add(again, 2).v, 10u);
    const Arg fresh[] = { Arg::makeDouble(StringId(3), -1.0) };
    QCOMPARE(t.add(fresh, 1).v, 1000u);
    QCOMPARE(t.at(ArgSetId(1000), 0).d, -1.0);
    QCOMPARE(t.setCount(), size_t(1001));
}

void tst_ArgTable::keysPast28Bits_data()
{
    // A key word keeps 28 bits of key beside the kind: keys interned after ~2^28 strings
    // (a 100M-event trace with unique names) must still come back as themselves.
    QTest::addColumn<uint>("key");
    QTest::addColumn<uint>("other"); // another key that must stay distinct from `key`
    QTest::newRow("below the far keys") << 0x0fefffffu << 0x0fefff00u;
    QTest::newRow("first far key") << 0x0ff00000u << 0x0fefffffu;
    QTest::newRow("last 28-bit id") << 0x0fffffffu << 0x0ff00000u;
    QTest::newRow("2^28, aliased 0 before") << 0x10000000u << 0u;
    QTest::newRow("2^28 + 5, aliased 5 before") << 0x10000005u << 5u;
    QTest::newRow("largest id") << 0xfffffffeu << 0x0ffffffeu;
}

void tst_ArgTable::keysPast28Bits()
{
    QFETCH(uint, key);
    QFETCH(uint, other);
    ArgTable t;
    const Arg a[] = { Arg::makeInt(StringId(other), -1), Arg::makeString(StringId(key), StringId(0xfffffffeu)) };
    const Arg b[] = { Arg::makeInt(StringId(key), -1), Arg::makeString(StringId(other), StringId(0xfffffffeu)) };
    const ArgSetId sa = t.add(a, 2), sb = t.add(b, 2);
    QVERIFY(sa != sb); // the keys differ, so the sets do
    QCOMPARE(t.add(a, 2), sa);
    QCOMPARE(t.at(sa, 0).key.v, other);
    QCOMPARE(t.at(sa, 1).key.v, key);
    QCOMPARE(t.at(sa, 1).stringValue().v, 0xfffffffeu);
    QCOMPARE(t.at(sb, 0).key.v, key);
    Arg out;
    QVERIFY(t.find(sa, StringId(key), &out));
    QCOMPARE(out.kind, ArgKind::String);
    QVERIFY(t.find(sb, StringId(key), &out));
    QCOMPARE(out.i, qint64(-1));
    QVERIFY(t.find(sb, StringId(other), &out));
    QCOMPARE(out.kind, ArgKind::String);
    QVERIFY(!t.find(sa, StringId(0xfffffff0u), &out));
    QVERIFY(!t.find(sa, StringId(key ^ 0x10000000u), &out) || (key ^ 0x10000000u) == other);
}

void tst_ArgTable::setSizes_data()
{
    QTest::addColumn<int>("n");
    QTest::newRow("no args") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("two") << 2;
    QTest::newRow("a kernel's six") << 6;
    QTest::newRow("every kind") << 9;
    QTest::newRow("40") << 40;
    QTest::newRow("300") << 300;
}

void tst_ArgTable::setSizes()
{
    QFETCH(int, n);
    ArgTable t;
    std::vector<ArgSetId> ids;
    for (int salt = 0; salt < 20; ++salt) {
        const std::vector<Arg> set = mixedSet(size_t(n), 1000, salt * 1000);
        ids.push_back(t.add(set.data(), set.size()));
    }
    if (n == 0) {
        QVERIFY(!ids[0].valid());
        QCOMPARE(t.setCount(), size_t(0));
        return;
    }
    QCOMPARE(t.setCount(), size_t(20));
    // The values differ, their widths do not: one shape.
    QCOMPARE(t.shapeCount(), size_t(1));
    t.shrink();
    for (int salt = 0; salt < 20; ++salt) {
        const std::vector<Arg> set = mixedSet(size_t(n), 1000, salt * 1000);
        QCOMPARE(ids[size_t(salt)].v, uint32_t(salt));
        const QString bad = mismatch(t, ids[size_t(salt)], set);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        QCOMPARE(t.add(set.data(), set.size()), ids[size_t(salt)]);
    }
    Arg out;
    QVERIFY(!t.find(ids[0], StringId(1000 + uint32_t(n)), &out));
    QCOMPARE(t.setCount(), size_t(20));
}

void tst_ArgTable::shapes_data()
{
    // Two sets of one arg each (key 1 unless said): how many shapes they make.
    QTest::addColumn<int>("variant");
    QTest::addColumn<int>("sets");
    QTest::addColumn<int>("shapes");
    QTest::newRow("other small int") << 0 << 2 << 1;
    QTest::newRow("small int vs int past 32 bits") << 1 << 2 << 2;
    QTest::newRow("other string") << 2 << 2 << 1;
    QTest::newRow("int vs uint, both small") << 3 << 2 << 2;
    QTest::newRow("other key") << 4 << 2 << 2;
    QTest::newRow("two doubles") << 5 << 2 << 1;
    QTest::newRow("null twice: one set") << 6 << 1 << 1;
}

void tst_ArgTable::shapes()
{
    QFETCH(int, variant);
    QFETCH(int, sets);
    QFETCH(int, shapes);
    const StringId k(1);
    Arg a = Arg::makeInt(k, 5), b = Arg::makeInt(k, -6);
    switch (variant) {
    case 1: b = Arg::makeInt(k, int64_t(1) << 33); break;
    case 2:
        a = Arg::makeString(k, StringId(3));
        b = Arg::makeString(k, StringId(4));
        break;
    case 3: b = Arg::makeUint(k, 5); break;
    case 4: b = Arg::makeInt(StringId(2), 5); break;
    case 5:
        a = Arg::makeDouble(k, 1.0);
        b = Arg::makeDouble(k, 2.0);
        break;
    case 6: a = b = Arg::makeNull(k); break;
    }
    ArgTable t;
    const ArgSetId ia = t.add(&a, 1), ib = t.add(&b, 1);
    QCOMPARE(int(t.setCount()), sets);
    QCOMPARE(int(t.shapeCount()), shapes);
    QVERIFY(sameValue(t.at(ia, 0), a));
    QVERIFY(sameValue(t.at(ib, 0), b));
}

void tst_ArgTable::addAfterShrink_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<uint>("keyBase"); // far keys from 0x0ff00000 up
    QTest::newRow("ten sets") << 10 << 10u;
    QTest::newRow("5000 sets") << 5000 << 10u;
    QTest::newRow("5000 sets of far keys") << 5000 << 0xfffff000u;
}

void tst_ArgTable::addAfterShrink()
{
    QFETCH(int, n);
    QFETCH(uint, keyBase);
    ArgTable t;
    for (int i = 0; i < n; ++i) {
        const std::vector<Arg> set = mixedSet(size_t(1 + i % 7), keyBase, i);
        QCOMPARE(t.add(set.data(), set.size()).v, uint32_t(i));
    }
    const size_t before = t.residentBytes();
    t.shrink();
    // The dedup index is gone: at least the 4-byte hash and 8 bytes of buckets a set.
    QVERIFY2(t.residentBytes() + size_t(n) * 12 <= before,
        qPrintable(QString("%1 -> %2").arg(before).arg(t.residentBytes())));
    // Every set is still found (the index is built again), and new ones are added.
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < n; ++i) {
            const std::vector<Arg> set = mixedSet(size_t(1 + i % 7), keyBase, i);
            QCOMPARE(t.add(set.data(), set.size()).v, uint32_t(i));
        }
        const std::vector<Arg> fresh = mixedSet(3, keyBase, -1000 - round);
        const ArgSetId id = t.add(fresh.data(), fresh.size());
        QCOMPARE(id.v, uint32_t(n + round));
        const QString bad = mismatch(t, id, fresh);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        t.shrink();
    }
    QCOMPARE(t.setCount(), size_t(n + 2));
}

void tst_ArgTable::addAll_data()
{
    // `from` holds sets of keys 0..8 and string values 0..49 (mixedSet); `map` gives each of
    // those ids its id in the target: the identity, a shuffle, or short (ids past it: invalid).
    QTest::addColumn<int>("mapKind");
    QTest::addColumn<bool>("targetHoldsSome"); // the target already holds some of the sets
    QTest::newRow("identity, empty target") << 0 << false;
    QTest::newRow("identity, shared sets") << 0 << true;
    QTest::newRow("reversed ids") << 1 << true;
    QTest::newRow("short map") << 2 << true;
    QTest::newRow("far keys") << 3 << false;
}

void tst_ArgTable::addAll()
{
    QFETCH(int, mapKind);
    QFETCH(bool, targetHoldsSome);
    std::vector<StringId> map(60);
    for (uint32_t i = 0; i < map.size(); ++i)
        map[i] = StringId(mapKind == 1 ? 59 - i : mapKind == 3 ? 0xfffff000u + i : i);
    if (mapKind == 2)
        map.resize(30);
    const auto mapped = [&](std::vector<Arg> set) {
        for (Arg& a : set) {
            a.key = a.key.v < map.size() ? map[a.key.v] : StringId();
            if (a.kind == ArgKind::String)
                a.s = a.s < map.size() ? map[a.s].v : StringId::kInvalid;
        }
        return set;
    };
    ArgTable from, viaAddAll, viaAdd;
    for (int i = 0; i < 300; ++i) {
        const std::vector<Arg> set = mixedSet(size_t(1 + i % 9), 0, i % 100); // 100 distinct sets of each size
        from.add(set.data(), set.size());
        if (targetHoldsSome && i % 3 == 0) {
            const std::vector<Arg> there = mapped(set);
            viaAddAll.add(there.data(), there.size());
            viaAdd.add(there.data(), there.size());
        }
    }
    from.shrink();
    std::vector<ArgSetId> ids;
    viaAddAll.addAll(from, map, &ids);
    QCOMPARE(ids.size(), from.setCount());
    for (uint32_t a = 0; a < from.setCount(); ++a) {
        const std::vector<Arg> want = mapped(from.get(ArgSetId(a)));
        // The same id add() gives the mapped set: shared sets are found, new ones added in order.
        QCOMPARE(ids[a], viaAdd.add(want.data(), want.size()));
        const QString bad = mismatch(viaAddAll, ids[a], want);
        QVERIFY2(bad.isEmpty(), qPrintable(QString("set %1: %2").arg(a).arg(bad)));
    }
    QCOMPARE(viaAddAll.setCount(), viaAdd.setCount());
    // Adding the same table again adds nothing: its sets are all there.
    std::vector<ArgSetId> again;
    viaAddAll.addAll(from, map, &again);
    QVERIFY(again == ids);
    QCOMPARE(viaAddAll.setCount(), viaAdd.setCount());
}

void tst_ArgTable::addAllEqualSets_data()
{
    // `from` holds sets {key 1: string v}, v < sets; the map sends v to v % distinct: sets become
    // equal within one of addAll's blocks and across them. The target holds `held` of them.
    QTest::addColumn<int>("sets");
    QTest::addColumn<int>("distinct");
    QTest::addColumn<int>("held");
    QTest::addColumn<bool>("repeats"); // from keeps repeats (a job's rank): set v is set v % distinct itself
    QTest::newRow("all one set") << 10 << 1 << 0 << false;
    QTest::newRow("equal across blocks") << 200 << 7 << 0 << false;
    QTest::newRow("equal across blocks, some held") << 200 << 7 << 3 << false;
    QTest::newRow("none equal, the index grows mid-block") << 5000 << 5000 << 0 << false;
    QTest::newRow("half equal, held ones first") << 3000 << 1500 << 700 << false;
    QTest::newRow("repeats kept, half equal, held ones first") << 3000 << 1500 << 700 << true;
    QTest::newRow("300k sets, many blocks, the index grows to 2^18") << 300000 << 120000 << 40000 << true;
}

void tst_ArgTable::addAllEqualSets()
{
    QFETCH(int, sets);
    QFETCH(int, distinct);
    QFETCH(int, held);
    QFETCH(bool, repeats);
    const StringId key(1); // string ids 0 and 1 map to the key, v is string v + 2
    ArgTable from, to;
    if (repeats)
        from.keepRepeats();
    std::vector<StringId> map(size_t(sets) + 2, key);
    for (int v = 0; v < sets; ++v) {
        map[size_t(v) + 2] = StringId(uint32_t(2 + v % distinct));
        const Arg a = Arg::makeString(key, StringId(uint32_t(repeats ? 2 + v % distinct : v + 2)));
        QCOMPARE(from.add(&a, 1).v, uint32_t(v)); // a kept repeat too has an id of its own
    }
    for (int v = 0; v < held; ++v) {
        const Arg a = Arg::makeString(key, StringId(uint32_t(2 + v)));
        QCOMPARE(to.add(&a, 1).v, uint32_t(v));
    }
    from.shrink();
    std::vector<ArgSetId> ids;
    to.addAll(from, map, &ids);
    // A set is stored once: each distinct set is there once, one held before keeps its id.
    QCOMPARE(to.setCount(), size_t(std::max(distinct, held)));
    for (int v = 0; v < sets; ++v) {
        const int first = v % distinct;
        QCOMPARE(ids[size_t(v)].v, uint32_t(first)); // add()'s ids: held ones, then new ones in order
        QCOMPARE(to.at(ids[size_t(v)], 0).stringValue().v, uint32_t(2 + first));
    }
}

QTEST_APPLESS_MAIN(tst_ArgTable)
#include "tst_argtable.moc"
