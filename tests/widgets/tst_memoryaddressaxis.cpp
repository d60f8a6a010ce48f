// MemoryAddressAxis: which bands a space's chart shows, how tall each is, and address ↔ y.
#include "memoryteststore.h"

#include <memory/memoryaddressaxis.h>

#include <QtTest>

using namespace strata;
using widgets::MemoryAddressAxis;
using namespace memorytest;

class tst_MemoryAddressAxis : public QObject {
    Q_OBJECT
private slots:
    void localIsOneLinearBand()
    {
        const TestStore t = make();
        const auto bands = MemoryAddressAxis::collectBands(*t.store, t.local);
        QCOMPARE(bands.size(), size_t(1));
        QCOMPARE(bands[0].begin, uint64_t(0));
        QCOMPARE(bands[0].end, uint64_t(256 * 1024));
        MemoryAddressAxis axis;
        axis.setBands(bands, true);
        axis.layout(256);
        QCOMPARE(axis.yOf(0), 0.0);
        QCOMPARE(axis.yOf(128 * 1024), 128.0);
        QCOMPARE(axis.yOf(256 * 1024), 256.0);
        bool inside = false;
        QCOMPARE(axis.addressAt(64, &inside), uint64_t(64 * 1024));
        QVERIFY(inside);
    }

    void globalShowsRegionsAndStrayAccesses()
    {
        const TestStore t = make();
        const auto bands = MemoryAddressAxis::collectBands(*t.store, t.global);
        // A band per allocation (adjacent ones stay apart), then the access outside them all.
        QCOMPARE(bands.size(), size_t(4));
        QCOMPARE(bands[0].begin, kGlobal);
        QCOMPARE(bands[0].end, kGlobal + 0x10000);
        QCOMPARE(bands[0].label, QString("coeff"));
        QVERIFY(bands[0].region && !bands[0].accessed);
        QCOMPARE(bands[1].label, QString("runtime"));
        QCOMPARE(bands[2].label, QString("tensor"));
        QVERIFY(bands[2].accessed);
        QCOMPARE(bands[3].label, QString("unallocated"));
        QCOMPARE(bands[3].begin, kGlobal + 0x900000);
        QVERIFY(!bands[3].region && bands[3].accessed);
    }

    void layout_data()
    {
        QTest::addColumn<double>("height");
        QTest::newRow("roomy") << 300.0;
        QTest::newRow("tight") << 60.0;
        QTest::newRow("tiny") << 10.0;
    }
    void layout()
    {
        QFETCH(double, height);
        const TestStore t = make();
        MemoryAddressAxis axis;
        axis.setBands(MemoryAddressAxis::collectBands(*t.store, t.global), false);
        axis.layout(height);
        const auto& b = axis.bands();
        for (size_t i = 0; i < b.size(); ++i) {
            QVERIFY(b[i].y1 > b[i].y0);
            if (i > 0)
                QCOMPARE(b[i].y0, b[i - 1].y1 + MemoryAddressAxis::kGap);
        }
        // The bands never accessed get the minimum; the accessed ones share the rest by bytes.
        if (height >= 100) {
            QCOMPARE(b[0].y1 - b[0].y0, MemoryAddressAxis::kMinBand);
            QCOMPARE(b[1].y1 - b[1].y0, MemoryAddressAxis::kMinBand);
            QVERIFY(b[2].y1 - b[2].y0 > MemoryAddressAxis::kMinBand);
            // One access each: as tall as each other, though the tensor region holds 8× the bytes.
            QCOMPARE(b[2].y1 - b[2].y0, b[3].y1 - b[3].y0);
            QVERIFY(std::abs(b.back().y1 - height) < 1.0);
        }
    }

    void addressToYAndBack_data()
    {
        QTest::addColumn<quint64>("address");
        QTest::newRow("tensor start") << quint64(kGlobal + 0x30000);
        QTest::newRow("tensor middle") << quint64(kGlobal + 0x34000);
        QTest::newRow("stray access") << quint64(kGlobal + 0x900000);
    }
    void addressToYAndBack()
    {
        QFETCH(quint64, address);
        const TestStore t = make();
        MemoryAddressAxis axis;
        axis.setBands(MemoryAddressAxis::collectBands(*t.store, t.global), false);
        axis.layout(400);
        const double y = axis.yOf(address);
        bool inside = false;
        const uint64_t back = axis.addressAt(y + 1e-6, &inside);
        QVERIFY(inside);
        QVERIFY(back >= address && back - address < 0x1000); // within a pixel's worth of bytes
        const auto [y0, y1] = axis.span(address, 1);
        QVERIFY(y1 - y0 >= 1.0); // a byte is still a pixel tall
    }

    void gapsMapToTheNextBand()
    {
        const TestStore t = make();
        MemoryAddressAxis axis;
        axis.setBands(MemoryAddressAxis::collectBands(*t.store, t.global), false);
        axis.layout(400);
        const auto& b = axis.bands();
        QCOMPARE(axis.yOf(kGlobal + 0x500000), b[3].y0); // between tensor and the stray band
        QCOMPARE(axis.yOf(0), b[0].y0); // before everything
        QCOMPARE(axis.yOf(~uint64_t(0)), b.back().y1); // after everything
        bool inside = true;
        axis.addressAt(b[0].y1 + 1, &inside); // in the gap between two bands
        QVERIFY(!inside);
    }
};

QTEST_MAIN(tst_MemoryAddressAxis)
#include "tst_memoryaddressaxis.moc"
