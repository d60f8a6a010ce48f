// SearchMatches: the engine's result as highlight sets and in time order, positions by
// time and by event, cancellation and errors; the order found lazily (a search per run) is
// the merged one, ties of start time across tracks, levels and instants included; the
// matches are the same with the search index.
#include <support/searchdockstore.h>

#include <analysis/search/searchindex.h>
#include <search/searchmatches.h>

#include <QtTest>

using namespace strata;
using widgets::SearchMatches;

class tst_SearchMatches : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_store = searchtest::makeStore(); }

    void timeOrder_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("order");
        QTest::addColumn<qlonglong>("total");
        QTest::newRow("slices and an instant") << "conv"
                                               << "conv@100 conv_inner@110 conv_mark@250 conv@300 conv@400" << 120LL;
        QTest::newRow("across tracks") << "m"
                                       << "dma_copy@150 matmul@200 conv_mark@250" << 40LL;
        QTest::newRow("nothing") << "nope"
                                 << "" << 0LL;
    }

    void timeOrder()
    {
        QFETCH(QString, name);
        QFETCH(QString, order);
        QFETCH(qlonglong, total);
        analysis::SearchQuery q;
        q.name = name.toStdString();
        const auto m = SearchMatches::run(m_store, q);
        QVERIFY(m->ok());
        QStringList got;
        for (size_t i = 0; i < m->count(); ++i)
            got << searchtest::describe(*m_store, m->at(i));
        QCOMPARE(got.join(' '), order);
        QCOMPARE(qlonglong(m->totalNs()), total);
        QCOMPARE(m->slices()->size() + m->instants()->size(), size_t(m->count()));
        QVERIFY(std::is_sorted(m->slices()->begin(), m->slices()->end()));
        for (size_t i = 0; i < m->count(); ++i)
            QCOMPARE(m->indexOf(m->at(i)), long(i));
    }

    void positions()
    {
        analysis::SearchQuery q;
        q.name = "conv";
        const auto m = SearchMatches::run(m_store, q);
        QCOMPARE(m->lowerBound(0), size_t(0));
        QCOMPARE(m->lowerBound(110), size_t(1));
        QCOMPARE(m->lowerBound(111), size_t(2));
        QCOMPARE(m->lowerBound(401), size_t(5));
        QCOMPARE(m->indexOf(model::EventRef()), -1L);
        QCOMPARE(m->indexOf(model::EventRef::slice(store::SliceRow(12345))), -1L);
        // matmul is no match, though it starts where none does.
        for (uint32_t r = 0; r < m_store->sliceCount(); ++r)
            if (m_store->str(m_store->sliceName(store::SliceRow(r))) == "matmul")
                QCOMPARE(m->indexOf(model::EventRef::slice(store::SliceRow(r))), -1L);
    }

    void cancelledAndInvalid()
    {
        analysis::SearchQuery q;
        q.name = "conv";
        std::atomic<bool> cancel { true };
        const auto c = SearchMatches::run(m_store, q, &cancel);
        QVERIFY(c->cancelled());
        QVERIFY(!c->ok());
        QCOMPARE(c->count(), uint64_t(0));
        q.name = "(";
        q.nameMode = analysis::NameMode::Regex;
        const auto e = SearchMatches::run(m_store, q);
        QVERIFY(!e->ok());
        QVERIFY(e->error().contains("regular expression"));
        QCOMPARE(e->count(), uint64_t(0));
        QCOMPARE(e->indexOf(model::EventRef::slice(store::SliceRow(0))), -1L);
        QCOMPARE(e->lowerBound(0), size_t(0));
    }

    void lazyOrderIsTheMergedOne_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qlonglong>("spread"); // the first track starts this much earlier, the last later
        QTest::newRow("everything") << QString() << 0LL;
        QTest::newRow("parents") << "outer" << 0LL;
        QTest::newRow("children and instants") << "i" << 0LL;
        QTest::newRow("one track's") << "t2" << 0LL;
        QTest::newRow("nothing") << "nope" << 0LL;
        // Start times 2e18 ns apart: the bisection on time takes its ~60 steps.
        QTest::newRow("everything, times far apart") << QString() << 1000000000000000000LL;
    }

    // Three tracks whose slices, their children and instants all start at the same few
    // times: every tie the order breaks (slices before instants, then row).
    void lazyOrderIsTheMergedOne()
    {
        QFETCH(QString, name);
        QFETCH(qlonglong, spread);
        using namespace strata::store;
        StoreBuilder b;
        const ProcessId p = b.process(IdValue::number(1));
        for (int t = 0; t < 3; ++t) {
            const uint32_t th = b.thread(p, IdValue::number(t + 1));
            const std::string tag = "_t" + std::to_string(t);
            for (int k = 0; k < 6; ++k) {
                const TimeNs ts = k % 2 * 10 + (t - 1) * spread; // without spread, the same on every track
                b.completeSlice(th, ts + 40 * k, 8, b.type(b.intern("outer" + tag), b.intern("c")), ArgSetId());
                b.completeSlice(th, ts + 40 * k, 3, b.type(b.intern("inner" + tag), b.intern("c")), ArgSetId());
                b.threadInstant(th, ts + 40 * k, b.type(b.intern("instant" + tag), b.intern("c")), ArgSetId());
            }
        }
        const auto s = StoreFinalizer::finalize(b);
        analysis::SearchQuery q;
        q.name = name.toStdString();
        const auto lazy = SearchMatches::run(s, q);
        const auto merged = SearchMatches::run(s, q, nullptr, nullptr, 0);
        QVERIFY(lazy->ok() && merged->ok());
        QCOMPARE(lazy->count(), merged->count());
        if (name.isEmpty())
            QCOMPARE(merged->count(), uint64_t(54)); // every event, none dropped
        QVERIFY(merged->merged());
        QCOMPARE(lazy->merged(), lazy->count() == 0);
        for (size_t i = 0; i < merged->count(); ++i) {
            QCOMPARE(lazy->at(i), merged->at(i));
            QCOMPARE(lazy->startOf(i), merged->startOf(i));
            QCOMPARE(lazy->indexOf(merged->at(i)), long(i));
            QCOMPARE(merged->indexOf(merged->at(i)), long(i));
            if (i)
                QVERIFY(merged->startOf(i - 1) <= merged->startOf(i));
        }
        for (TimeNs t = -1; t <= 300; ++t)
            QCOMPARE(lazy->lowerBound(t), merged->lowerBound(t));
        for (size_t i = 0; i < merged->count(); ++i)
            for (TimeNs d : { -1, 0, 1 })
                QCOMPARE(lazy->lowerBound(merged->startOf(i) + d), merged->lowerBound(merged->startOf(i) + d));
        QCOMPARE(lazy->at(lazy->count()), model::EventRef());
    }

    // The same matches with the search index as without it.
    void matchesSameWithIndex_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("conv") << "conv";
        QTest::newRow("m") << "m";
        QTest::newRow("nothing") << "nope";
        QTest::newRow("everything") << "";
    }

    void matchesSameWithIndex()
    {
        QFETCH(QString, name);
        const auto store = searchtest::makeStore();
        analysis::SearchIndex index;
        QVERIFY(index.build(*store));
        analysis::SearchQuery q;
        q.name = name.toStdString();
        const auto plain = SearchMatches::run(store, q);
        const auto indexed = SearchMatches::run(store, q, nullptr, &index);
        QVERIFY(plain->ok() && indexed->ok());
        QCOMPARE(indexed->count(), plain->count());
        QCOMPARE(indexed->totalNs(), plain->totalNs());
        QCOMPARE(indexed->typesMatched(), plain->typesMatched());
        QVERIFY(*indexed->slices() == *plain->slices());
        QVERIFY(*indexed->instants() == *plain->instants());
        for (size_t i = 0; i < plain->count(); ++i)
            QVERIFY(indexed->at(i) == plain->at(i));
    }

private:
    std::shared_ptr<const store::EventStore> m_store;
};

QTEST_APPLESS_MAIN(tst_SearchMatches)
#include "tst_searchmatches.moc"
