// LazyIndexes: a lazy kind is built by the first request and kept, a cancelled or abandoned
// build leaves nothing behind, peek() never builds, a kind that needs an eager index builds
// only with it, and requests from two threads at once build once.
#include <support/analysistestutil.h>

#include <analysis/indexes/lazyindexes.h>
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatorwindowindex.h>
#include <analysis/search/searchindex.h>
#include <analysis/timeline/lodindex.h>

#include <QtTest>

#include <thread>

using namespace strata;
using analysis::IndexSet;
using analysis::LazyIndexes;
using analysis::OperatorWindowIndex;
using analysis::SearchIndex;

namespace {
std::shared_ptr<const store::EventStore> makeStore()
{
    return analysistest::Script().run("X 1 conv 0 10; X 1 matmul 5 10; X 2 conv 0 5; X 2 relu 20 5; C m 0 1");
}
} // namespace

class tst_LazyIndexes : public QObject {
    Q_OBJECT

private slots:
    void builtOnceAndKept()
    {
        const auto store = makeStore();
        LazyIndexes lazy(store);
        QVERIFY(!lazy.peek<SearchIndex>());
        const auto first = lazy.get<SearchIndex>(IndexSet());
        QVERIFY(first && first->fits(*store));
        QCOMPARE(lazy.get<SearchIndex>(IndexSet()), first);
        QCOMPARE(lazy.peek<SearchIndex>(), first);
    }

    void cancelledBuildLeavesNothing()
    {
        LazyIndexes lazy(makeStore());
        // The build looks at the flag after its counting pass at the latest.
        std::atomic<bool> cancel { true };
        QVERIFY(!lazy.get<SearchIndex>(IndexSet(), &cancel));
        QVERIFY(!lazy.peek<SearchIndex>());
        cancel = false;
        QVERIFY(lazy.get<SearchIndex>(IndexSet(), &cancel));
    }

    // abandon() (a new profile) stops the builds that have no flag of their own; what was
    // built before stays readable.
    void abandonedStopsBuildsWithoutAFlag()
    {
        const auto store = makeStore();
        LazyIndexes lazy(store);
        const auto search = lazy.get<SearchIndex>(IndexSet());
        IndexSet built;
        built.set(std::make_shared<const analysis::OperatorCatalog>(*store));
        lazy.abandon();
        QVERIFY(!lazy.get<OperatorWindowIndex>(built));
        QCOMPARE(lazy.get<SearchIndex>(IndexSet()), search);
        const std::atomic<bool> go { false };
        QVERIFY(lazy.get<OperatorWindowIndex>(built, &go)); // a requester's own flag decides
    }

    // The operator window index reads the catalog: without it nothing is built (nor kept),
    // with it the index answers as the aggregator does.
    void buildsFromTheEagerIndexes()
    {
        const auto store = makeStore();
        LazyIndexes lazy(store);
        QVERIFY(!lazy.get<OperatorWindowIndex>(IndexSet()));
        QVERIFY(!lazy.peek<OperatorWindowIndex>());
        const auto catalog = std::make_shared<const analysis::OperatorCatalog>(*store);
        IndexSet built;
        built.set(catalog);
        const auto index = lazy.get<OperatorWindowIndex>(built);
        QVERIFY(index && index->built());
        QCOMPARE(index->level(), analysis::OperatorLevel::Op);
        QCOMPARE(index->scope(), analysis::OperatorAggregator::defaultScope(*catalog));
        const store::TimeRange window { 0, 30 };
        const auto table = analysis::OperatorAggregator::aggregate(
            *store, *catalog, analysis::OperatorLevel::Op, window, index->scope());
        QCOMPARE(index->query(*store, *catalog, window).busyNs, table.busyNs);
    }

    void eagerKindsAreNotLazy()
    {
        LazyIndexes lazy(makeStore());
        QVERIFY(!lazy.get<analysis::LodIndex>(IndexSet()));
        LazyIndexes none(nullptr);
        QVERIFY(!none.get<SearchIndex>(IndexSet()));
    }

    // Two requests at once: the second waits for the first one's build and reads it.
    void concurrentRequestsBuildOnce()
    {
        LazyIndexes lazy(makeStore());
        std::shared_ptr<const SearchIndex> a, b;
        std::thread other([&] { a = lazy.get<SearchIndex>(IndexSet()); });
        b = lazy.get<SearchIndex>(IndexSet());
        other.join();
        QVERIFY(a);
        QCOMPARE(a, b);
    }
};

QTEST_GUILESS_MAIN(tst_LazyIndexes)
#include "tst_lazyindexes.moc"
