// The store past 32 bits of string bytes: a StringPool and a finalized EventStore whose
// strings hold more than 2^32 bytes (what a 100M-event trace opened on a laptop needs), and
// the id limits the store refuses past. About 4.4 GB resident at the peak, so ctest labels
// it "big" and the sanitizer stages (packaging/dev.sh) leave it out.
#include <store/storefinalizer.h>

#include <QtTest>

#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

using namespace strata::store;

namespace {

// Strings made from one shared buffer: string i is the buffer's first size - i bytes with
// a 16-byte prefix naming i, so the strings are distinct (in text and length) while the
// test holds one buffer and the pool holds the only copies.
class BigStrings {
public:
    BigStrings(size_t bytes, int count)
        : m_buf(bytes, '\0')
        , m_count(count)
    {
        uint32_t x = 0x12345678u;
        for (char& c : m_buf) { // xorshift: a misplaced block does not compare equal
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            c = static_cast<char>(x);
        }
    }
    int count() const { return m_count; }
    size_t length(int i) const { return m_buf.size() - size_t(i); }
    uint64_t totalBytes() const
    {
        uint64_t n = 0;
        for (int i = 0; i < m_count; ++i)
            n += length(i);
        return n;
    }
    // String i; valid until the next call.
    std::string_view make(int i)
    {
        std::snprintf(m_prefix, sizeof m_prefix, "big-%010u-", unsigned(i)); // kPrefix chars
        std::memcpy(m_buf.data(), m_prefix, kPrefix);
        return std::string_view(m_buf.data(), length(i));
    }
    // True when `s` is string i, byte for byte.
    bool matches(int i, std::string_view s)
    {
        if (s.size() != length(i))
            return false;
        std::snprintf(m_prefix, sizeof m_prefix, "big-%010u-", unsigned(i));
        return std::memcmp(s.data(), m_prefix, kPrefix) == 0 && s.back() == m_buf[length(i) - 1]
            && std::memcmp(s.data() + kPrefix, m_buf.data() + kPrefix, s.size() - kPrefix) == 0;
    }

private:
    static constexpr size_t kPrefix = 15;
    std::string m_buf;
    int m_count;
    char m_prefix[32] = {};
};

} // namespace

class tst_BigStore : public QObject {
    Q_OBJECT

private slots:
    void stringPoolPast4GiB_data();
    void stringPoolPast4GiB();
    void finalizedStorePast4GiB_data();
    void finalizedStorePast4GiB();
    void idLimit_data();
    void idLimit();
};

namespace {
void bigRows()
{
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<int>("count");
    // The small row runs the same code in milliseconds; the big one passes 2^32 bytes.
    QTest::newRow("70 x 4 KiB") << qulonglong(4096) << 70;
    QTest::newRow("70 x 64 MiB: 4.4 GiB") << qulonglong(64ull << 20) << 70;
}
} // namespace

void tst_BigStore::stringPoolPast4GiB_data()
{
    bigRows();
}

void tst_BigStore::stringPoolPast4GiB()
{
    QFETCH(qulonglong, bytes);
    QFETCH(int, count);
    BigStrings big(bytes, count);
    if (bytes > 1024 * 1024)
        QVERIFY(big.totalBytes() > (uint64_t(1) << 32));
    StringPool pool;
    pool.intern("before");
    for (int i = 0; i < count; ++i)
        QCOMPARE(pool.intern(big.make(i)).v, uint32_t(2 + i));
    const StringId after = pool.intern("after");
    QCOMPARE(after.v, uint32_t(2 + count));
    QCOMPARE(pool.size(), size_t(3 + count));
    QVERIFY(pool.residentBytes() >= big.totalBytes());
    for (int i = 0; i < count; ++i)
        QVERIFY2(big.matches(i, pool.view(StringId(uint32_t(2 + i)))), qPrintable(QString::number(i)));
    // Lookups by text, the first, a middle one and the last (each hashes the whole string).
    for (int i : { 0, count / 2, count - 1 }) {
        QCOMPARE(pool.find(big.make(i)).v, uint32_t(2 + i));
        QCOMPARE(pool.intern(big.make(i)).v, uint32_t(2 + i));
    }
    QCOMPARE(pool.view(StringId(1)), std::string_view("before"));
    QCOMPARE(pool.view(after), std::string_view("after"));
    QCOMPARE(pool.size(), size_t(3 + count));
}

void tst_BigStore::finalizedStorePast4GiB_data()
{
    bigRows();
}

void tst_BigStore::finalizedStorePast4GiB()
{
    QFETCH(qulonglong, bytes);
    QFETCH(int, count);
    BigStrings big(bytes, count);
    std::shared_ptr<const EventStore> store;
    {
        StoreBuilder b;
        const uint32_t thread = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
        const StringId cat = b.intern("cat"), key = b.intern("text");
        // Arrival order reversed against time: the finalizer sorts, rows follow ts.
        for (int i = count - 1; i >= 0; --i) {
            const StringId name = b.intern(big.make(i));
            const Arg arg = Arg::makeString(key, name);
            b.completeSlice(thread, TimeNs(i) * 10, 5, b.type(name, cat), b.argSet(&arg, 1));
        }
        store = StoreFinalizer::finalize(b);
    }
    QVERIFY(store);
    QCOMPARE(store->sliceCount(), size_t(count));
    QVERIFY(store->strings().residentBytes() >= big.totalBytes());
    for (int i = 0; i < count; ++i) {
        const SliceRow row { uint32_t(i) };
        QCOMPARE(store->sliceTs(row), TimeNs(i) * 10);
        QVERIFY2(big.matches(i, store->str(store->sliceName(row))), qPrintable(QString::number(i)));
        Arg arg;
        QVERIFY(store->args().find(store->sliceArgs(row), store->strings().find("text"), &arg));
        QCOMPARE(arg.stringValue(), store->sliceName(row));
    }
    QCOMPARE(store->strings().find(big.make(count - 1)), store->sliceName(SliceRow(uint32_t(count - 1))));
}

void tst_BigStore::idLimit_data()
{
    QTest::addColumn<qulonglong>("count");
    QTest::addColumn<bool>("refused");
    QTest::newRow("none") << qulonglong(0) << false;
    QTest::newRow("2^31, past int") << qulonglong(1ull << 31) << false;
    QTest::newRow("kMaxIds: ids up to 2^32 - 2") << qulonglong(kMaxIds) << false;
    QTest::newRow("one more would be kInvalid") << qulonglong(kMaxIds + 1) << true;
    QTest::newRow("2^33") << qulonglong(1ull << 33) << true;
}

void tst_BigStore::idLimit()
{
    QFETCH(qulonglong, count);
    QFETCH(bool, refused);
    bool threw = false;
    try {
        requireIds(count, "rows");
    } catch (const std::length_error& e) {
        threw = true;
        QVERIFY(std::string(e.what()).find("4294967295 rows") != std::string::npos);
    }
    QCOMPARE(threw, refused);
}

QTEST_APPLESS_MAIN(tst_BigStore)
#include "tst_bigstore.moc"
