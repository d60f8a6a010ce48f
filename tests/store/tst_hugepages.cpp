// HugePages: which buffers are advised (big ones, their 2 MiB-aligned interior only), that
// the kernel then marks that range for huge pages (VmFlags "hg" in /proc/self/smaps), and
// that the bytes are the same after as before.
#include <store/hugepages.h>

#include <QFile>
#include <QtTest>

#include <cstdint>
#include <cstring>
#include <memory>

using namespace strata::store;

namespace {

// The VmFlags of the mapping that holds `p`, from /proc/self/smaps; empty when not found.
QByteArray vmFlagsAt(const void* p)
{
    QFile f("/proc/self/smaps");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const uintptr_t at = reinterpret_cast<uintptr_t>(p);
    bool inside = false;
    for (const QByteArray& line : f.readAll().split('\n')) {
        const int dash = line.indexOf('-'), space = line.indexOf(' ');
        if (dash > 0 && space > dash && !line.startsWith("VmFlags")) {
            bool ok1 = false, ok2 = false;
            const uintptr_t lo = line.left(dash).toULongLong(&ok1, 16);
            const uintptr_t hi = line.mid(dash + 1, space - dash - 1).toULongLong(&ok2, 16);
            if (ok1 && ok2)
                inside = lo <= at && at < hi;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).trimmed();
        }
    }
    return {};
}

bool kernelHasHugePages()
{
    return QFile::exists("/sys/kernel/mm/transparent_hugepage/enabled");
}

} // namespace

class tst_HugePages : public QObject {
    Q_OBJECT

private slots:
    void advise_data()
    {
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<qulonglong>("offset"); // of the advised range into the buffer
        QTest::addColumn<bool>("advised"); // where the kernel has transparent huge pages
        QTest::newRow("empty") << 0ull << 0ull << false;
        QTest::newRow("small") << qulonglong(HugePages::kMinBytes - 1) << 0ull << false;
        QTest::newRow("big enough") << qulonglong(HugePages::kMinBytes) << 0ull << true;
        QTest::newRow("unaligned start") << qulonglong(64) * 1024 * 1024 << 4100ull << true;
        QTest::newRow("odd size") << qulonglong(HugePages::kMinBytes) * 3 + 12345 << 7ull << true;
    }
    void advise()
    {
        QFETCH(qulonglong, bytes);
        QFETCH(qulonglong, offset);
        QFETCH(bool, advised);
        const size_t n = size_t(bytes), off = size_t(offset);
        std::unique_ptr<unsigned char[]> buffer(new unsigned char[n + off + 1]);
        unsigned char* p = buffer.get() + off;
        for (size_t i = 0; i < n; i += 4096)
            p[i] = static_cast<unsigned char>(i / 4096 * 7);
        QCOMPARE(HugePages::advise(p, n), advised && kernelHasHugePages());
        for (size_t i = 0; i < n; i += 4096)
            QCOMPARE(p[i], static_cast<unsigned char>(i / 4096 * 7));
        if (!advised || !kernelHasHugePages())
            return;
        // The aligned interior is marked; the bytes before it, which may belong to other
        // allocations, are not.
        const uintptr_t first
            = (reinterpret_cast<uintptr_t>(p) + HugePages::kHugePage - 1) & ~uintptr_t(HugePages::kHugePage - 1);
        QVERIFY(vmFlagsAt(reinterpret_cast<void*>(first)).split(' ').contains("hg"));
        if (first > reinterpret_cast<uintptr_t>(p))
            QVERIFY(!vmFlagsAt(reinterpret_cast<void*>(first - 1)).split(' ').contains("hg"));
    }
    void null() { QVERIFY(!HugePages::advise(nullptr, size_t(1) << 30)); }
};

QTEST_APPLESS_MAIN(tst_HugePages)
#include "tst_hugepages.moc"
