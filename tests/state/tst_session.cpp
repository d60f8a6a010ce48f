#include <state/session.h>

#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatorwindowindex.h>
#include <analysis/search/searchindex.h>
#include <analysis/source/sourceindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>
#include <state/backgroundpool.h>
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace strata;

namespace {

std::shared_ptr<const store::EventStore> makeStore(store::TimeNs start, store::TimeNs dur)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(t, start, dur, b.type(b.intern("a"), b.intern("c")), store::ArgSetId());
    b.threadInstant(t, start, b.type(b.intern("i"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

// More slices than a LOD index is built for on the spot.
std::shared_ptr<const store::EventStore> makeBigStore()
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    const store::TypeId type = b.type(b.intern("k"), b.intern("c"));
    for (store::TimeNs i = 0;
         i < store::TimeNs(analysis::IndexRegistry::kindOf<analysis::LodIndex>().inlineBelowRows) + 10; ++i)
        b.completeSlice(t, i * 10, 5, type, store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_Session : public QObject {
    Q_OBJECT
private slots:
    void openResetsSharedState_data()
    {
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("duration");
        QTest::newRow("from zero") << 0LL << 5000LL;
        QTest::newRow("epoch clock") << 1700000000000000000LL << 123456LL;
    }

    void openResetsSharedState()
    {
        QFETCH(qlonglong, start);
        QFETCH(qlonglong, duration);
        model::Session s;
        QSignalSpy changed(&s, &model::Session::storeChanged);
        QVERIFY(!s.isOpen());
        s.open(makeStore(0, 10), QStringLiteral("/tmp/first.json"), {});
        s.selection()->setCurrent(model::EventRef::slice(store::SliceRow(0)));
        s.trackFilter()->setHidden(store::TrackId(0), true);
        s.viewport()->setVisible({ 2, 4 });

        model::LoadInfo info;
        info.format = QStringLiteral("chrome-json-object");
        s.open(makeStore(start, duration), QStringLiteral("/data/run/second.json"), info);
        QCOMPARE(changed.count(), 2);
        QVERIFY(s.isOpen());
        QCOMPARE(s.fileName(), QStringLiteral("second.json"));
        QCOMPARE(s.loadInfo().format, info.format);
        QCOMPARE(s.eventCount(), quint64(2)); // one slice and one instant
        QVERIFY(!s.selection()->current().valid());
        QVERIFY(!s.trackFilter()->isHidden(store::TrackId(0)));
        QCOMPARE(s.viewport()->visible().start, start);
        QCOMPARE(s.viewport()->visible().end, start + duration);
    }

    void closeForgetsTheProfile()
    {
        model::Session s;
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {});
        const std::weak_ptr<const store::EventStore> weak = s.store();
        QSignalSpy changed(&s, &model::Session::storeChanged);
        s.close();
        QCOMPARE(changed.count(), 1);
        QVERIFY(!s.isOpen());
        QVERIFY(s.filePath().isEmpty());
        QCOMPARE(s.eventCount(), quint64(0));
        model::BackgroundPool::instance()->waitForDone(); // the analyses hold it too
        QThreadPool::globalInstance()->waitForDone(); // released off the GUI thread
        QVERIFY(weak.expired());
    }

    // Each stage publishes a new Analyses value holding the earlier ones: LOD, then summary
    // and catalog together, then source; all of the open profile's generation.
    void analysesArriveInStages()
    {
        model::Session s;
        QList<std::shared_ptr<const model::Analyses>> seen;
        connect(&s, &model::Session::analysesChanged, &s, [&] { seen << s.analyses(); });
        QSignalSpy stores(&s, &model::Session::storeChanged);
        connect(&s, &model::Session::storeChanged, &s,
            [&] { QVERIFY(s.analyses()->get<analysis::LodIndex>()); }); // small: at once
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {}, nullptr, /*deferAnalyses=*/true);
        QCOMPARE(stores.count(), 1);
        QVERIFY(!s.analysesStarted());
        model::BackgroundPool::instance()->waitForDone(); // deferred: nothing was started
        QCoreApplication::processEvents();
        QVERIFY(seen.isEmpty());
        s.startAnalyses(s.generation());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(seen.size(), 2);
        QVERIFY(seen[0]->get<analysis::SummaryIndex>() && seen[0]->get<analysis::OperatorCatalog>()
            && !seen[0]->get<analysis::SourceIndex>());
        QCOMPARE(seen[0]->get<analysis::LodIndex>(), seen[1]->get<analysis::LodIndex>());
        QCOMPARE(seen[0]->get<analysis::OperatorCatalog>(), seen[1]->get<analysis::OperatorCatalog>());
        QVERIFY(seen[1]->get<analysis::SourceIndex>());
        QCOMPARE(seen[1]->generation, s.generation());
    }

    // A profile replaced before its analyses land: they are dropped, the new one's arrive.
    void staleAnalysesDropped()
    {
        model::Session s;
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {});
        const auto second = makeStore(5, 20);
        s.open(second, QStringLiteral("/tmp/b.json"), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        model::BackgroundPool::instance()->waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(s.analyses()->generation, s.generation());
        QCOMPARE(&s.analyses()->get<analysis::LodIndex>()->store(), second.get());
    }

    // The LOD index the load built is used as it is; a big store without one gets it on a
    // worker, published before the later stages.
    void lodIndexSources()
    {
        model::Session s;
        const auto small = makeStore(0, 10);
        const auto prebuilt = std::make_shared<const analysis::LodIndex>(*small);
        s.open(small, QString(), {}, prebuilt, /*deferAnalyses=*/true);
        QCOMPARE(s.analyses()->get<analysis::LodIndex>(), prebuilt);

        const auto big = makeBigStore();
        QList<bool> summaries;
        connect(&s, &model::Session::analysesChanged, &s,
            [&] { summaries << bool(s.analyses()->get<analysis::SummaryIndex>()); });
        s.open(big, QString(), {});
        QVERIFY(!s.analyses()->get<analysis::LodIndex>());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 30000));
        QCOMPARE(summaries, QList<bool>({ false, true, true }));
        QCOMPARE(&s.analyses()->get<analysis::LodIndex>()->store(), big.get());
    }

    // Indexes that came with the profile (a snapshot's): the LOD index is there at once, the
    // summary index and catalog are published at their stage, as if built, and are the given
    // ones; only the missing stages run.
    void prebuiltIndexesArriveAtTheirStage_data()
    {
        QTest::addColumn<bool>("withCatalog");
        QTest::newRow("summary and catalog") << true;
        QTest::newRow("summary only: the catalog is built") << false;
    }
    void prebuiltIndexesArriveAtTheirStage()
    {
        QFETCH(bool, withCatalog);
        model::Session s;
        const auto store = makeStore(0, 10);
        model::Analyses prebuilt;
        prebuilt.set(std::make_shared<const analysis::LodIndex>(*store));
        prebuilt.set(std::make_shared<const analysis::SummaryIndex>(*store));
        if (withCatalog)
            prebuilt.set(std::make_shared<const analysis::OperatorCatalog>(*store));
        QList<std::shared_ptr<const model::Analyses>> seen;
        connect(&s, &model::Session::analysesChanged, &s, [&] { seen << s.analyses(); });
        s.open(store, QString(), {}, prebuilt, /*deferAnalyses=*/true);
        QCOMPARE(s.analyses()->get<analysis::LodIndex>(), prebuilt.get<analysis::LodIndex>());
        QVERIFY(!s.analyses()->get<analysis::SummaryIndex>()
            && !s.analyses()->get<analysis::OperatorCatalog>()); // not before their stage
        s.startAnalyses(s.generation());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(seen.size(), 2);
        QCOMPARE(seen[0]->get<analysis::SummaryIndex>(), prebuilt.get<analysis::SummaryIndex>());
        QVERIFY(seen[0]->get<analysis::OperatorCatalog>());
        if (withCatalog)
            QCOMPARE(seen[0]->get<analysis::OperatorCatalog>(), prebuilt.get<analysis::OperatorCatalog>());
        // Opening another profile forgets them.
        s.open(makeStore(5, 20), QString(), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QVERIFY(s.analyses()->get<analysis::SummaryIndex>() != prebuilt.get<analysis::SummaryIndex>());
    }

    // follow(): what is open already is delivered at once, then every change, until the
    // receiver is gone.
    void followDeliversNowThenEachChange()
    {
        model::Session s;
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        auto receiver = std::make_unique<QObject>();
        QStringList stores;
        int analyses = 0;
        s.follow(
            receiver.get(), [&] { stores << s.fileName(); }, [&] { ++analyses; });
        QCOMPARE(stores, QStringList({ QStringLiteral("a.json") }));
        QCOMPARE(analyses, 1);

        s.open(makeStore(5, 20), QStringLiteral("/tmp/b.json"), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(stores, QStringList({ QStringLiteral("a.json"), QStringLiteral("b.json") }));
        QVERIFY(analyses >= 2); // one per published stage

        receiver.reset();
        const int before = analyses;
        s.close();
        QCOMPARE(stores.size(), 2);
        QCOMPARE(analyses, before);
    }

    // followIndex<T>(): delivered once now, then once per change of T (a new profile counts,
    // even while T is null before and after), never for a stage that leaves T as it was.
    void followIndexFiresOncePerChange()
    {
        model::Session s;
        auto receiver = std::make_unique<QObject>();
        QList<std::shared_ptr<const analysis::OperatorCatalog>> catalogs;
        QList<std::shared_ptr<const analysis::LodIndex>> lods;
        s.followIndex<analysis::OperatorCatalog>(receiver.get(), [&](auto c) { catalogs << c; });
        s.followIndex<analysis::LodIndex>(receiver.get(), [&](auto l) { lods << l; });
        QCOMPARE(catalogs.size(), 1); // now: nothing open
        QVERIFY(!catalogs[0]);

        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {}, nullptr, /*deferAnalyses=*/true);
        QCOMPARE(catalogs.size(), 2); // a new profile, its catalog still null
        QVERIFY(!catalogs[1]);
        QCOMPARE(lods.size(), 2); // small: the LOD index came with the store
        QVERIFY(lods[1]);
        s.startAnalyses(s.generation());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(catalogs.size(), 3); // the summary stage; the source stage left it alone
        QCOMPARE(catalogs[2], s.analyses()->get<analysis::OperatorCatalog>());
        QCOMPARE(lods.size(), 2); // no later stage changed it

        receiver.reset();
        s.close();
        QCOMPARE(catalogs.size(), 3);
    }

    // The lazy indexes: none built until asked, then kept for the next request; a new profile
    // gets a new set, and the old set's builds without a flag of their own stop.
    void lazyIndexesBuiltOnRequestAndKept()
    {
        model::Session s;
        const auto store = makeStore(0, 10);
        s.open(store, QString(), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        const std::shared_ptr<analysis::LazyIndexes> lazy = s.lazyIndexes();
        QCOMPARE(lazy->store(), store);
        QVERIFY(!lazy->peek<analysis::SearchIndex>());
        QVERIFY(!s.analyses()->get<analysis::SearchIndex>()); // not a stage of the analyses
        const auto built = lazy->get<analysis::SearchIndex>(*s.analyses());
        QVERIFY(built && built->fits(*store));
        QCOMPARE(lazy->get<analysis::SearchIndex>(*s.analyses()), built);
        QCOMPARE(s.lazyIndexes()->peek<analysis::SearchIndex>(), built);

        const std::shared_ptr<const model::Analyses> old = s.analyses();
        s.open(makeStore(5, 20), QString(), {});
        QVERIFY(s.lazyIndexes() != lazy);
        QVERIFY(!s.lazyIndexes()->peek<analysis::SearchIndex>());
        QCOMPARE(lazy->get<analysis::SearchIndex>(*old), built); // what it kept stays
        QVERIFY(!lazy->get<analysis::OperatorWindowIndex>(*old)); // abandoned: a build stops
    }
};

QTEST_GUILESS_MAIN(tst_Session)
#include "tst_session.moc"
