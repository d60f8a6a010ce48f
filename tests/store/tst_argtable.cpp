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

namespace {

// A double's stored bits: the store keeps doubles bit for bit, so -0.0 and 0.0 are two values.
quint64 bitsOf(double d)
{
    quint64 bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

Arg makeArg(ArgKind kind, StringId key, qint64 i, quint64 u, double d, uint s)
{
    switch (kind) {
    case ArgKind::Null: return Arg::makeNull(key);
    case ArgKind::Bool: return Arg::makeBool(key, i != 0);
    case ArgKind::Int: return Arg::makeInt(key, i);
    case ArgKind::Uint: return Arg::makeUint(key, u);
    case ArgKind::Double: return Arg::makeDouble(key, d);
    case ArgKind::String: return Arg::makeString(key, StringId(s));
    }
    return Arg();
}

// Bitwise equality for the value of `kind` (so -0.0 and 0.0 differ).
bool sameValue(const Arg& a, const Arg& b)
{
    if (a.key != b.key || a.kind != b.kind)
        return false;
    switch (a.kind) {
    case ArgKind::Null: return true;
    case ArgKind::Bool:
    case ArgKind::Int: return a.i == b.i;
    case ArgKind::Uint: return a.u == b.u;
    case ArgKind::Double: return bitsOf(a.d) == bitsOf(b.d);
    case ArgKind::String: return a.s == b.s;
    }
    return false;
}

} // namespace

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
    if (isNumber)
        QCOMPARE(value, number);
    else
        QCOMPARE(value, 12345.0); // untouched
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
    QCOMPARE(t.setCount(), size_t(n));
    for (int i = 0; i < n; ++i) {
        const Arg a[] = { Arg::makeInt(StringId(1), i), Arg::makeString(StringId(2), StringId(uint32_t(i % 13))) };
        QCOMPARE(t.add(a, 2).v, uint32_t(i));
        QCOMPARE(t.at(ArgSetId(uint32_t(i)), 0).i, qint64(i));
        QCOMPARE(t.at(ArgSetId(uint32_t(i)), 1).stringValue().v, uint32_t(i % 13));
    }
    QCOMPARE(t.setCount(), size_t(n));
    QVERIFY(t.residentBytes() >= size_t(n) * (4 + 2 * 12));
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

QTEST_APPLESS_MAIN(tst_ArgTable)
#include "tst_argtable.moc"
