#include <store/typetable.h>

#include <QtTest>

using strata::store::EventType;
using strata::store::StringId;
using strata::store::TypeId;
using strata::store::TypeTable;

namespace {
constexpr uint32_t kNone = StringId::kInvalid;
StringId sid(uint32_t v)
{
    return v == kNone ? StringId() : StringId(v);
}
} // namespace

class tst_TypeTable : public QObject {
    Q_OBJECT

private slots:
    void freshTableIsEmpty();
    void dedup_data();
    void dedup();
    void defaultSourceIsInvalid();
    void manyTypesRoundTrip();
    void residentBytesGrows();
};

void tst_TypeTable::freshTableIsEmpty()
{
    TypeTable t;
    QCOMPARE(t.size(), size_t(0));
    QVERIFY(t.residentBytes() > 0);
}

void tst_TypeTable::dedup_data()
{
    // Two (name, category, source) triples interned in this order; same → one TypeId.
    QTest::addColumn<uint>("n1");
    QTest::addColumn<uint>("c1");
    QTest::addColumn<uint>("s1");
    QTest::addColumn<uint>("n2");
    QTest::addColumn<uint>("c2");
    QTest::addColumn<uint>("s2");
    QTest::addColumn<bool>("same");
    QTest::newRow("identical, no source") << 1u << 2u << kNone << 1u << 2u << kNone << true;
    QTest::newRow("identical with source") << 1u << 2u << 7u << 1u << 2u << 7u << true;
    QTest::newRow("name and category swapped") << 1u << 2u << kNone << 2u << 1u << kNone << false;
    QTest::newRow("other category") << 1u << 2u << kNone << 1u << 3u << kNone << false;
    QTest::newRow("other name") << 1u << 2u << kNone << 4u << 2u << kNone << false;
    QTest::newRow("source vs none") << 1u << 2u << 7u << 1u << 2u << kNone << false;
    QTest::newRow("other source") << 1u << 2u << 7u << 1u << 2u << 8u << false;
    QTest::newRow("empty category vs none") << 1u << 0u << kNone << 1u << kNone << kNone << false;
    QTest::newRow("all invalid twice") << kNone << kNone << kNone << kNone << kNone << kNone << true;
}

void tst_TypeTable::dedup()
{
    QFETCH(uint, n1);
    QFETCH(uint, c1);
    QFETCH(uint, s1);
    QFETCH(uint, n2);
    QFETCH(uint, c2);
    QFETCH(uint, s2);
    QFETCH(bool, same);
    TypeTable t;
    const TypeId a = t.intern(sid(n1), sid(c1), sid(s1));
    const TypeId b = t.intern(sid(n2), sid(c2), sid(s2));
    QCOMPARE(a.v, 0u);
    QCOMPARE(b.v, same ? 0u : 1u);
    QCOMPARE(t.size(), size_t(same ? 1 : 2));
    QCOMPARE(t.get(a).name.v, n1);
    QCOMPARE(t.get(a).category.v, c1);
    QCOMPARE(t.get(a).source.v, s1);
    QCOMPARE(t.get(b).name.v, n2);
    QCOMPARE(t.get(b).category.v, c2);
    QCOMPARE(t.get(b).source.v, s2);
    // Interning either again changes nothing.
    QCOMPARE(t.intern(sid(n1), sid(c1), sid(s1)).v, a.v);
    QCOMPARE(t.intern(sid(n2), sid(c2), sid(s2)).v, b.v);
    QCOMPARE(t.size(), size_t(same ? 1 : 2));
}

void tst_TypeTable::defaultSourceIsInvalid()
{
    TypeTable t;
    const TypeId a = t.intern(StringId(5), StringId(6));
    QVERIFY(!t.get(a).source.valid());
    QCOMPARE(t.intern(StringId(5), StringId(6), StringId()).v, a.v);
}

void tst_TypeTable::manyTypesRoundTrip()
{
    // Enough types to force several rehashes of the index.
    constexpr uint32_t n = 20000;
    TypeTable t;
    auto src = [](uint32_t i) { return i % 3 == 0 ? StringId() : StringId(i * 2); };
    for (uint32_t i = 0; i < n; ++i)
        QCOMPARE(t.intern(StringId(i), StringId(i % 7), src(i)).v, i);
    QCOMPARE(t.size(), size_t(n));
    for (uint32_t i = 0; i < n; ++i) {
        const EventType& e = t.get(TypeId(i));
        QCOMPARE(e.name.v, i);
        QCOMPARE(e.category.v, i % 7);
        QCOMPARE(e.source.v, src(i).v);
        QCOMPARE(t.intern(StringId(i), StringId(i % 7), src(i)).v, i);
    }
    QCOMPARE(t.size(), size_t(n));
}

void tst_TypeTable::residentBytesGrows()
{
    TypeTable t;
    const size_t before = t.residentBytes();
    for (uint32_t i = 0; i < 5000; ++i)
        t.intern(StringId(i), StringId(0));
    QVERIFY(t.residentBytes() >= 5000 * sizeof(EventType));
    QVERIFY(t.residentBytes() > before);
}

QTEST_APPLESS_MAIN(tst_TypeTable)
#include "tst_typetable.moc"
