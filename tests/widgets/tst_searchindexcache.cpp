// SearchIndexCache: built on the first get() and kept, a new index for another store, a
// cancelled build leaves nothing behind, peek() never builds; SearchMatches with the cached
// index finds what it finds without one.
#include <support/searchdockstore.h>

#include <search/searchindexcache.h>
#include <search/searchmatches.h>

#include <QtTest>

using namespace strata;
using widgets::SearchIndexCache;
using widgets::SearchMatches;

class tst_SearchIndexCache : public QObject {
    Q_OBJECT
private slots:
    void builtOnceAndKept()
    {
        const auto store = searchtest::makeStore();
        SearchIndexCache cache;
        QVERIFY(!cache.peek(*store));
        const auto first = cache.get(store);
        QVERIFY(first);
        QVERIFY(first->fits(*store));
        QCOMPARE(cache.get(store), first);
        QCOMPARE(cache.peek(*store), first);
    }

    void otherStore()
    {
        const auto a = searchtest::makeStore();
        const auto b = searchtest::makeStore();
        SearchIndexCache cache;
        const auto ia = cache.get(a);
        QVERIFY(!cache.peek(*b));
        const auto ib = cache.get(b);
        QVERIFY(ib);
        QVERIFY(ib != ia);
        QVERIFY(ib->fits(*b));
        QVERIFY(!cache.peek(*a));
        QVERIFY(!cache.get(nullptr));
    }

    void cancelledBuild()
    {
        const auto store = searchtest::makeStore();
        SearchIndexCache cache;
        // The build looks at the flag after its counting pass at the latest.
        std::atomic<bool> cancel { true };
        QVERIFY(!cache.get(store, &cancel));
        QVERIFY(!cache.peek(*store));
        cancel = false;
        QVERIFY(cache.get(store, &cancel));
    }

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
        SearchIndexCache cache;
        analysis::SearchQuery q;
        q.name = name.toStdString();
        const auto plain = SearchMatches::run(store, q);
        const auto indexed = SearchMatches::run(store, q, nullptr, cache.get(store).get());
        QVERIFY(plain->ok() && indexed->ok());
        QCOMPARE(indexed->count(), plain->count());
        QCOMPARE(indexed->totalNs(), plain->totalNs());
        QCOMPARE(indexed->typesMatched(), plain->typesMatched());
        QVERIFY(*indexed->slices() == *plain->slices());
        QVERIFY(*indexed->instants() == *plain->instants());
        for (size_t i = 0; i < plain->count(); ++i)
            QVERIFY(indexed->at(i) == plain->at(i));
    }
};

QTEST_MAIN(tst_SearchIndexCache)
#include "tst_searchindexcache.moc"
