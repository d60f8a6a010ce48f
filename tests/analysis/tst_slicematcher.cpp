#include <analysis/compare/slicematcher.h>

#include <analysis/operators/operatorcatalog.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QTest>

using namespace strata;
using analysis::SliceMatcher;

namespace {

struct Slice {
    const char* name;
    store::TimeNs ts;
};

// One thread; slices given out of start order on purpose (the ordinal is by start).
std::shared_ptr<const store::EventStore> makeStore(std::initializer_list<Slice> slices)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    for (const Slice& s : slices)
        b.completeSlice(t, s.ts, 50, b.type(b.intern(s.name), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

store::SliceRow rowAt(const store::EventStore& s, store::TimeNs ts)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (s.sliceTs(store::SliceRow(r)) == ts)
            return store::SliceRow(r);
    return store::SliceRow();
}

} // namespace

class tst_SliceMatcher : public QObject {
    Q_OBJECT
private slots:
    void identifyAndFind_data()
    {
        QTest::addColumn<qlonglong>("aTs"); // the slice of A
        QTest::addColumn<QString>("name");
        QTest::addColumn<uint>("ordinal");
        QTest::addColumn<qlonglong>("bTs"); // its match in B; -1 none
        QTest::newRow("first RBLN conv") << 100LL << "conv1" << 0u << 1100LL;
        QTest::newRow("second RBLN conv") << 300LL << "conv1" << 1u << 1300LL;
        QTest::newRow("numbered step") << 200LL << "ProfilerStep" << 1u << 1200LL;
        QTest::newRow("no third relu in B") << 600LL << "relu" << 2u << -1LL;
    }

    void identifyAndFind()
    {
        QFETCH(qlonglong, aTs);
        QFETCH(QString, name);
        QFETCH(uint, ordinal);
        QFETCH(qlonglong, bTs);
        const auto a = makeStore({ { "12_conv1_0", 300 }, { "ProfilerStep#3", 0 }, { "7_conv1_0", 100 },
            { "ProfilerStep#4", 200 }, { "relu", 400 }, { "relu", 500 }, { "relu", 600 } });
        const auto b = makeStore({ { "57_conv1_0", 1100 }, { "ProfilerStep#7", 1000 }, { "58_conv1_0", 1300 },
            { "ProfilerStep#8", 1200 }, { "relu", 1400 }, { "relu", 1500 } });
        const auto id = SliceMatcher::identify(*a, rowAt(*a, aTs));
        QVERIFY(id);
        QCOMPARE(QString::fromStdString(id->name), name);
        QCOMPARE(id->ordinal, ordinal);
        const auto match = SliceMatcher::find(*b, *id);
        QCOMPARE(match.has_value(), bTs >= 0);
        if (match)
            QCOMPARE(b->sliceTs(*match), store::TimeNs(bTs));
    }

    void outOfRangeRow()
    {
        const auto a = makeStore({ { "relu", 0 } });
        QVERIFY(!SliceMatcher::identify(*a, store::SliceRow(5)));
    }

    void firstInstanceStart_data()
    {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<qlonglong>("start"); // -1 none
        QTest::newRow("numbered unit") << "ProfilerStep" << 200LL;
        QTest::newRow("plain name") << "relu" << 400LL;
        QTest::newRow("no such unit") << "forward" << -1LL;
        QTest::newRow("empty unit") << "" << -1LL;
    }

    void firstInstanceStart()
    {
        QFETCH(QString, unit);
        QFETCH(qlonglong, start);
        const auto s = makeStore({ { "ProfilerStep#9", 900 }, { "ProfilerStep#4", 200 }, { "relu", 400 } });
        const analysis::OperatorCatalog catalog(*s);
        const auto got = SliceMatcher::firstInstanceStart(*s, catalog, unit.toStdString());
        QCOMPARE(got.has_value(), start >= 0);
        if (got)
            QCOMPARE(*got, store::TimeNs(start));
    }
};

QTEST_GUILESS_MAIN(tst_SliceMatcher)
#include "tst_slicematcher.moc"
