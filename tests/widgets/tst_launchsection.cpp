// LaunchSection: the "Launched by" rows of device work and the "Device work" rows of the host
// code that launched it, as Event Details shows them.
#include <support/widgettestutil.h>

#include "details/launchsection.h"

#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using widgets::LaunchSection;

namespace {

// host 100/100: aten::linear [100,500) > aten::addmm [150,450) > cudaLaunchKernel [200,210) corr i
//               (60 launches: corr 1..60, each 2 ns apart)
// host 100/100: cudaMemcpyAsync [800,810) corr 99 (no op around it)
// device 0/7:   k1..k60 kernels, memcpy [900,950) corr 99
std::shared_ptr<const EventStore> makeStore()
{
    widgettest::Builder s;
    const uint32_t host = s.thread(100, "python", 100, "main");
    const uint32_t stream = s.thread(0, "python", 7, "stream 7");
    s.X(host, "aten::linear", "cpu_op", 100, 400);
    s.X(host, "aten::addmm", "cpu_op", 150, 300);
    for (int i = 1; i <= 60; ++i) {
        s.X(host, "cudaLaunchKernel", "cuda_runtime", 200 + 4 * i, 2, s.args({ { "correlation", int64_t(i) } }));
        s.X(stream, qPrintable(QString("k%1").arg(i)), "kernel", 1000 + 10 * i, 5,
            s.args({ { "correlation", int64_t(i) } }));
    }
    s.X(host, "cudaMemcpyAsync", "cuda_runtime", 800, 10, s.args({ { "correlation", int64_t(99) } }));
    s.X(stream, "memcpy", "gpu_memcpy", 900, 50, s.args({ { "correlation", int64_t(99) } }));
    return StoreFinalizer::finalize(s.b);
}

SliceRow named(const EventStore& s, const QString& name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (storetest::qs(s.str(s.sliceName(SliceRow(r)))) == name)
            return SliceRow(r);
    return SliceRow();
}

} // namespace

class tst_LaunchSection : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_store = makeStore();
        m_index = analysis::LaunchIndex(*m_store);
    }

    void sections_data()
    {
        QTest::addColumn<QString>("slice");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QStringList>("rows"); // "key: target name"
        QTest::addColumn<QString>("more");
        QTest::newRow("kernel") << "k1"
                                << "Launched by"
                                << QStringList { "launch: cudaLaunchKernel", "framework op: aten::linear",
                                       "op: aten::addmm" }
                                << "";
        QTest::newRow("copy without an op")
            << "memcpy"
            << "Launched by" << QStringList { "launch: cudaMemcpyAsync" } << "no CPU op encloses the launch";
        QTest::newRow("copy call") << "cudaMemcpyAsync"
                                   << "Device work (1)" << QStringList { "↓ 1: memcpy" } << "";
        QTest::newRow("nothing on a plain slice") << "nothing"
                                                  << "" << QStringList {} << "";
    }

    void sections()
    {
        QFETCH(QString, slice);
        QFETCH(QString, title);
        QFETCH(QStringList, rows);
        QFETCH(QString, more);
        const LaunchSection sec = LaunchSection::build(*m_store, m_index, named(*m_store, slice));
        QCOMPARE(sec.title, title);
        QStringList seen;
        for (const LaunchSection::Row& r : sec.rows)
            seen << QString("%1: %2").arg(r.key, storetest::qs(m_store->str(m_store->sliceName(r.target))));
        QCOMPARE(seen, rows);
        QCOMPARE(sec.more, more);
    }

    // An op that launched more than kMaxRows kernels lists the first ones, in order, and says
    // how many more there are.
    void opListsItsKernels()
    {
        const LaunchSection sec = LaunchSection::build(*m_store, m_index, named(*m_store, "aten::linear"));
        QCOMPARE(sec.title, QString("Device work (60)"));
        QCOMPARE(sec.rows.size(), LaunchSection::kMaxRows);
        QCOMPARE(storetest::qs(m_store->str(m_store->sliceName(sec.rows.front().target))), QString("k1"));
        QCOMPARE(sec.rows.front().key, QString("↓ 1"));
        QCOMPARE(sec.more, QString("and 10 more"));
    }

private:
    std::shared_ptr<const EventStore> m_store;
    analysis::LaunchIndex m_index;
};

QTEST_MAIN(tst_LaunchSection)
#include "tst_launchsection.moc"
