#include <store/stringpool.h>

#include <QtTest>

#include <cstdio>
#include <string>
#include <vector>

using strata::store::StringId;
using strata::store::StringPool;

namespace QTest {
template <> char* toString(const std::string_view& s)
{
    return qstrdup(('"' + std::string(s.substr(0, 80)) + (s.size() > 80 ? "...\"" : "\"")).c_str());
}
} // namespace QTest

namespace {

std::string numbered(int i, int width = 0)
{
    std::string s = "s" + std::to_string(i);
    if (width > int(s.size()))
        s.append(size_t(width) - s.size(), char('a' + i % 26));
    return s;
}

std::string_view sv(const QByteArray& b)
{
    return std::string_view(b.constData(), size_t(b.size()));
}

} // namespace

class tst_StringPool : public QObject {
    Q_OBJECT

private slots:
    void emptyStringIsIdZero();
    void internTwiceSameId_data();
    void internTwiceSameId();
    void distinctTextsDistinctIds();
    void manyStringsRoundTrip();
    void viewsStayValidAsPoolGrows();
    void findAbsent_data();
    void findAbsent();
    void viewOfInvalidId();
    void largeStrings_data();
    void largeStrings();
    void residentBytesGrows();
    void clearThenReuse_data();
    void clearThenReuse();
};

void tst_StringPool::emptyStringIsIdZero()
{
    StringPool pool;
    QCOMPARE(pool.size(), size_t(1));
    QCOMPARE(pool.view(StringId(0)), std::string_view(""));
    QCOMPARE(pool.intern("").v, 0u);
    QCOMPARE(pool.intern(std::string_view()).v, 0u);
    QCOMPARE(pool.find("").v, 0u);
    QCOMPARE(pool.size(), size_t(1));
}

void tst_StringPool::internTwiceSameId_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("word") << QByteArray("kernel");
    QTest::newRow("spaces") << QByteArray("  a b  ");
    QTest::newRow("utf8") << QByteArray("Ωμέγα 演算子");
    QTest::newRow("embedded NUL") << QByteArray("a\0b", 3);
    QTest::newRow("one char") << QByteArray("x");
    QTest::newRow("8 bytes") << QByteArray("abcdefgh");
    QTest::newRow("9 bytes") << QByteArray("abcdefghi");
    QTest::newRow("1000 bytes") << QByteArray(1000, 'q');
}

void tst_StringPool::internTwiceSameId()
{
    QFETCH(QByteArray, text);
    StringPool pool;
    const StringId a = pool.intern(sv(text));
    const std::string copy(text.constData(), size_t(text.size())); // different address, same text
    const StringId b = pool.intern(copy);
    QCOMPARE(a.v, 1u);
    QCOMPARE(b.v, 1u);
    QCOMPARE(pool.size(), size_t(2));
    QCOMPARE(pool.view(a), sv(text));
    QCOMPARE(pool.find(copy).v, 1u);
    // The pool copies the bytes: they must not alias the caller's buffer.
    QVERIFY(pool.view(a).data() != text.constData());
}

void tst_StringPool::distinctTextsDistinctIds()
{
    StringPool pool;
    const char* texts[] = { "a", "A", "a ", "ab", "ba", "a\t" };
    for (uint32_t i = 0; i < 6; ++i)
        QCOMPARE(pool.intern(texts[i]).v, i + 1);
    QCOMPARE(pool.size(), size_t(7));
    for (uint32_t i = 0; i < 6; ++i)
        QCOMPARE(pool.view(StringId(i + 1)), std::string_view(texts[i]));
}

void tst_StringPool::manyStringsRoundTrip()
{
    constexpr int n = 100000;
    StringPool pool;
    for (int i = 0; i < n; ++i)
        QCOMPARE(pool.intern(numbered(i, i % 40)).v, uint32_t(i + 1));
    QCOMPARE(pool.size(), size_t(n + 1));
    for (int i = 0; i < n; ++i) {
        const std::string s = numbered(i, i % 40);
        QCOMPARE(pool.view(StringId(uint32_t(i + 1))), std::string_view(s));
        QCOMPARE(pool.find(s).v, uint32_t(i + 1));
        QCOMPARE(pool.intern(s).v, uint32_t(i + 1));
    }
    QCOMPARE(pool.size(), size_t(n + 1));
}

void tst_StringPool::viewsStayValidAsPoolGrows()
{
    StringPool pool;
    const StringId first = pool.intern("first string");
    const std::string_view before = pool.view(first);
    for (int i = 0; i < 50000; ++i)
        pool.intern(numbered(i, 30));
    const std::string_view after = pool.view(first);
    QCOMPARE(static_cast<const void*>(after.data()), static_cast<const void*>(before.data()));
    QCOMPARE(before, std::string_view("first string"));
}

void tst_StringPool::findAbsent_data()
{
    QTest::addColumn<QByteArray>("probe");
    QTest::newRow("never interned") << QByteArray("gamma");
    QTest::newRow("prefix") << QByteArray("alph");
    QTest::newRow("longer") << QByteArray("alpha ");
    QTest::newRow("case") << QByteArray("Alpha");
    QTest::newRow("NUL suffix") << QByteArray("beta\0", 5);
}

void tst_StringPool::findAbsent()
{
    QFETCH(QByteArray, probe);
    StringPool pool;
    pool.intern("alpha");
    pool.intern("beta");
    QVERIFY(!pool.find(sv(probe)).valid());
    QCOMPARE(pool.size(), size_t(3)); // find never adds
    QCOMPARE(pool.find("alpha").v, 1u);
    QCOMPARE(pool.find("beta").v, 2u);
}

void tst_StringPool::viewOfInvalidId()
{
    StringPool pool;
    pool.intern("x");
    QCOMPARE(pool.view(StringId()), std::string_view());
    QCOMPARE(pool.view(StringId(2)), std::string_view());
    QCOMPARE(pool.view(StringId(1)), std::string_view("x"));
}

void tst_StringPool::largeStrings_data()
{
    QTest::addColumn<int>("bytes");
    QTest::newRow("64 KiB - 1") << 65535;
    QTest::newRow("64 KiB") << 65536;
    QTest::newRow("64 KiB + 1") << 65537;
    QTest::newRow("256 KiB - 1") << 262143;
    QTest::newRow("256 KiB") << 262144;
    QTest::newRow("256 KiB + 1") << 262145;
    QTest::newRow("1 MiB") << (1 << 20);
}

void tst_StringPool::largeStrings()
{
    QFETCH(int, bytes);
    StringPool pool;
    std::string big(size_t(bytes), '\0');
    for (int i = 0; i < bytes; ++i)
        big[size_t(i)] = char('a' + (i * 7) % 26);
    const StringId before = pool.intern("before");
    const StringId large = pool.intern(big);
    const StringId after = pool.intern("after");
    std::vector<std::string> more;
    more.reserve(20000);
    for (int i = 0; i < 20000; ++i)
        more.push_back(numbered(i, 20)); // ~400 KB of small strings after the large one
    for (int i = 0; i < 20000; ++i)
        QCOMPARE(pool.intern(more[size_t(i)]).v, uint32_t(4 + i));
    QCOMPARE(before.v, 1u);
    QCOMPARE(large.v, 2u);
    QCOMPARE(after.v, 3u);
    QCOMPARE(pool.view(before), std::string_view("before"));
    QCOMPARE(pool.view(after), std::string_view("after"));
    QCOMPARE(pool.view(large).size(), size_t(bytes));
    QVERIFY(pool.view(large) == big);
    QCOMPARE(pool.intern(big).v, 2u);
    for (int i = 0; i < 20000; ++i)
        QCOMPARE(pool.view(StringId(uint32_t(4 + i))), std::string_view(more[size_t(i)]));
    QVERIFY(pool.residentBytes() >= size_t(bytes));
}

void tst_StringPool::residentBytesGrows()
{
    StringPool pool;
    const size_t empty = pool.residentBytes();
    QVERIFY(empty > 0);
    for (int i = 0; i < 100000; ++i)
        pool.intern(numbered(i, 24));
    // 100k strings of 24 bytes cannot fit in less than 2.4 MB of arena.
    QVERIFY(pool.residentBytes() >= 2400000);
    QVERIFY(pool.residentBytes() > empty);
}

void tst_StringPool::clearThenReuse_data()
{
    // The strings interned before clear(): `small` short ones, then optionally one large string.
    QTest::addColumn<int>("small");
    QTest::addColumn<int>("largeBytes");
    QTest::newRow("fresh pool") << 0 << 0;
    QTest::newRow("small strings") << 1000 << 0;
    QTest::newRow("many small strings (several blocks)") << 60000 << 0;
    QTest::newRow("small then 100 KB") << 1000 << 100000;
    QTest::newRow("only 300 KB") << 0 << 300000;
    QTest::newRow("only 100 KB") << 0 << 100000;
}

void tst_StringPool::clearThenReuse()
{
    QFETCH(int, small);
    QFETCH(int, largeBytes);
    StringPool pool;
    for (int i = 0; i < small; ++i)
        pool.intern(numbered(i, 10));
    if (largeBytes)
        pool.intern(std::string(size_t(largeBytes), 'L'));
    const size_t before = pool.residentBytes();
    pool.clear();
    // clear() only frees: it cannot hold more than before. Checked first because a pool that
    // believes it kept a full arena block when it kept a smaller one would write past it below.
    QVERIFY2(pool.residentBytes() <= before,
        qPrintable(QString("residentBytes %1 before clear(), %2 after").arg(before).arg(pool.residentBytes())));
    QCOMPARE(pool.size(), size_t(1));
    QCOMPARE(pool.view(StringId(0)), std::string_view(""));
    QVERIFY(!pool.find(numbered(0, 10)).valid());
    QVERIFY(!pool.find("old").valid());

    // Reuse: 40k strings of 16 bytes = 640 KB, more than any one block the pool kept.
    std::vector<std::string> texts;
    for (int i = 0; i < 40000; ++i) {
        char buf[17];
        std::snprintf(buf, sizeof buf, "n%015d", i);
        texts.emplace_back(buf);
    }
    for (int i = 0; i < 40000; ++i)
        QCOMPARE(pool.intern(texts[size_t(i)]).v, uint32_t(i + 1));
    QCOMPARE(pool.size(), size_t(40001));
    for (int i = 0; i < 40000; ++i) {
        QCOMPARE(pool.view(StringId(uint32_t(i + 1))), std::string_view(texts[size_t(i)]));
        QCOMPARE(pool.find(texts[size_t(i)]).v, uint32_t(i + 1));
    }
    QCOMPARE(pool.view(StringId(0)), std::string_view(""));
}

QTEST_APPLESS_MAIN(tst_StringPool)
#include "tst_stringpool.moc"
