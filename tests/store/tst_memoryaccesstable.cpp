// MemoryAccessTable: sorting by (space, start), time-window queries by binary search,
// the per-slice index, banks, accessed ranges and regions.
#include <store/memoryaccesstable.h>

#include <QtTest>

using namespace strata::store;

namespace {

MemoryAccess access(MemorySpaceId space, TimeNs start, TimeNs end, uint64_t address, uint64_t size, bool write,
    uint32_t slice = UINT32_MAX)
{
    return MemoryAccess { start, end, address, size, space, write, 0,
        slice == UINT32_MAX ? SliceRow() : SliceRow(slice) };
}

// Two spaces: LOCAL (256 KiB, 16 banks) and GLOBAL; accesses added out of order.
MemoryAccessTable makeTable(MemorySpaceId* local, MemorySpaceId* global)
{
    MemoryAccessTable t;
    MemorySpace l;
    l.kind = MemoryKind::Local;
    l.size = 256 * 1024;
    l.banks = 16;
    l.lanes = 64;
    *local = t.addSpace(l);
    MemorySpace g;
    g.kind = MemoryKind::Global;
    g.base = 0x100000000ull;
    *global = t.addSpace(g);
    t.add(access(*global, 500, 900, 0x100002000ull, 4096, true, 3));
    t.add(access(*local, 300, 400, 0x8000, 512, false, 1));
    t.add(access(*local, 100, 1000, 0x0, 1024, true, 0)); // long: starts well before later windows
    t.add(access(*global, 100, 200, 0x100000000ull, 8192, false, 0));
    t.add(access(*local, 300, 350, 0x4000, 256, true, 1));
    t.add(access(*local, 1200, 1300, 0x3F000, 64, false)); // no slice
    t.finish();
    return t;
}

QString rowsIn(const MemoryAccessTable& t, MemorySpaceId s, TimeNs t0, TimeNs t1)
{
    QStringList out;
    t.forEachInRange(s, t0, t1, [&](uint32_t r) { out << QString("%1@%2").arg(t.address(r), 0, 16).arg(t.start(r)); });
    return out.join(' ');
}

} // namespace

class tst_MemoryAccessTable : public QObject {
    Q_OBJECT
private slots:
    void sortedBySpaceThenStart()
    {
        MemorySpaceId local, global;
        const MemoryAccessTable t = makeTable(&local, &global);
        QCOMPARE(t.size(), size_t(6));
        QCOMPARE(t.rowsOf(local).begin, 0u);
        QCOMPARE(t.rowsOf(local).end, 4u);
        QCOMPARE(t.rowsOf(global).begin, 4u);
        QCOMPARE(t.rowsOf(global).end, 6u);
        for (uint32_t r = 1; r < t.size(); ++r) {
            if (t.spaceOf(r) == t.spaceOf(r - 1))
                QVERIFY(t.start(r - 1) <= t.start(r));
        }
        // Same start: by address.
        QCOMPARE(t.address(1), uint64_t(0x4000));
        QCOMPARE(t.address(2), uint64_t(0x8000));
    }

    void windowQuery_data()
    {
        QTest::addColumn<bool>("global");
        QTest::addColumn<qint64>("t0");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<QString>("expected");
        QTest::newRow("all local") << false << qint64(0) << qint64(5000) << "0@100 4000@300 8000@300 3f000@1200";
        QTest::newRow("long access overlaps a late window") << false << qint64(950) << qint64(1100) << "0@100";
        QTest::newRow("edges touch") << false << qint64(400) << qint64(400) << "0@100 8000@300";
        QTest::newRow("empty gap") << false << qint64(1001) << qint64(1199) << "";
        QTest::newRow("after everything") << false << qint64(2000) << qint64(3000) << "";
        QTest::newRow("reversed window") << false << qint64(500) << qint64(100) << "";
        QTest::newRow("global middle") << true << qint64(250) << qint64(600) << "100002000@500";
        QTest::newRow("far negative window")
            << true << qint64(std::numeric_limits<qint64>::min()) << qint64(150) << "100000000@100";
    }
    void windowQuery()
    {
        QFETCH(bool, global);
        QFETCH(qint64, t0);
        QFETCH(qint64, t1);
        QFETCH(QString, expected);
        MemorySpaceId local, glob;
        const MemoryAccessTable t = makeTable(&local, &glob);
        QCOMPARE(rowsIn(t, global ? glob : local, t0, t1), expected);
    }

    void accessesOfSlice_data()
    {
        QTest::addColumn<uint32_t>("slice");
        QTest::addColumn<int>("count");
        QTest::newRow("slice 0: local write and global read") << 0u << 2;
        QTest::newRow("slice 1: two local accesses") << 1u << 2;
        QTest::newRow("slice 3") << 3u << 1;
        QTest::newRow("slice without accesses") << 2u << 0;
    }
    void accessesOfSlice()
    {
        QFETCH(uint32_t, slice);
        QFETCH(int, count);
        MemorySpaceId local, global;
        const MemoryAccessTable t = makeTable(&local, &global);
        const std::vector<uint32_t> rows = t.accessesOf(SliceRow(slice));
        QCOMPARE(int(rows.size()), count);
        for (uint32_t r : rows)
            QCOMPARE(t.slice(r), SliceRow(slice));
    }

    void banksAndLanes_data()
    {
        QTest::addColumn<quint64>("address");
        QTest::addColumn<int>("bank");
        QTest::newRow("first byte") << quint64(0) << 0;
        QTest::newRow("second bank") << quint64(16 * 1024) << 1;
        QTest::newRow("last byte") << quint64(256 * 1024 - 1) << 15;
        QTest::newRow("outside") << quint64(256 * 1024) << int(MemoryAccessTable::kNoBank);
    }
    void banksAndLanes()
    {
        QFETCH(quint64, address);
        QFETCH(int, bank);
        MemorySpaceId local, global;
        const MemoryAccessTable t = makeTable(&local, &global);
        QCOMPARE(int(t.bankOf(local, address)), bank);
        QCOMPARE(int(t.bankOf(global, address)), int(MemoryAccessTable::kNoBank)); // not banked
        QCOMPARE(int(t.bank(t.rowsOf(local).begin + 2)), 2); // 0x8000 is in bank 2
    }

    void accessedRangeAndRegions()
    {
        MemorySpaceId local, global;
        MemoryAccessTable t = makeTable(&local, &global);
        QCOMPARE(t.accessedRange(global).first, uint64_t(0x100000000ull));
        QCOMPARE(t.accessedRange(global).second, uint64_t(0x100003000ull));
        QCOMPARE(t.accessedRange(local).second, uint64_t(0x3F040));

        MemoryAccessTable r;
        MemorySpace g;
        const MemorySpaceId gs = r.addSpace(g);
        MemoryRegion b;
        b.space = gs;
        b.address = 0x2000;
        b.size = 10;
        MemoryRegion a = b;
        a.address = 0x1000;
        r.addRegion(b);
        r.addRegion(a);
        r.finish();
        QCOMPARE(r.regions().size(), size_t(2));
        QCOMPARE(r.regions()[0].address, uint64_t(0x1000)); // sorted by address
        QVERIFY(r.empty());
        QVERIFY(r.candidates(gs, 0, 100).empty());
        QCOMPARE(r.accessedRange(gs).second, uint64_t(0));
    }

    void endBeforeStartIsClamped()
    {
        MemoryAccessTable t;
        const MemorySpaceId s = t.addSpace(MemorySpace {});
        t.add(access(s, 100, 50, 0, 8, false));
        t.finish();
        QCOMPARE(t.end(0), TimeNs(100));
    }
};

QTEST_APPLESS_MAIN(tst_MemoryAccessTable)
#include "tst_memoryaccesstable.moc"
