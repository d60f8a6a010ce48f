#include <state/session.h>

#include <analysis/operators/operatorcatalog.h>
#include <analysis/source/sourceindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>
#include <state/analysesbuilder.h>
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
    for (store::TimeNs i = 0; i < store::TimeNs(model::AnalysesBuilder::kInlineLodRows) + 10; ++i)
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
        connect(&s, &model::Session::storeChanged, &s, [&] { QVERIFY(s.analyses()->lod); }); // small: at once
        s.open(makeStore(0, 10), QStringLiteral("/tmp/a.json"), {}, nullptr, /*deferAnalyses=*/true);
        QCOMPARE(stores.count(), 1);
        QVERIFY(!s.analysesStarted());
        model::BackgroundPool::instance()->waitForDone(); // deferred: nothing was started
        QCoreApplication::processEvents();
        QVERIFY(seen.isEmpty());
        s.startAnalyses(s.generation());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(seen.size(), 2);
        QVERIFY(seen[0]->summary && seen[0]->catalog && !seen[0]->source);
        QCOMPARE(seen[0]->lod, seen[1]->lod);
        QCOMPARE(seen[0]->catalog, seen[1]->catalog);
        QVERIFY(seen[1]->source);
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
        QCOMPARE(&s.analyses()->lod->store(), second.get());
    }

    // The LOD index the load built is used as it is; a big store without one gets it on a
    // worker, published before the later stages.
    void lodIndexSources()
    {
        model::Session s;
        const auto small = makeStore(0, 10);
        const auto prebuilt = model::AnalysesBuilder::lod(*small);
        s.open(small, QString(), {}, prebuilt, /*deferAnalyses=*/true);
        QCOMPARE(s.analyses()->lod, prebuilt);

        const auto big = makeBigStore();
        QList<bool> summaries;
        connect(&s, &model::Session::analysesChanged, &s, [&] { summaries << bool(s.analyses()->summary); });
        s.open(big, QString(), {});
        QVERIFY(!s.analyses()->lod);
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 30000));
        QCOMPARE(summaries, QList<bool>({ false, true, true }));
        QCOMPARE(&s.analyses()->lod->store(), big.get());
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
        prebuilt.lod = model::AnalysesBuilder::lod(*store);
        prebuilt.summary = model::AnalysesBuilder::summary(*store);
        if (withCatalog)
            prebuilt.catalog = model::AnalysesBuilder::catalog(*store);
        QList<std::shared_ptr<const model::Analyses>> seen;
        connect(&s, &model::Session::analysesChanged, &s, [&] { seen << s.analyses(); });
        s.open(store, QString(), {}, prebuilt, /*deferAnalyses=*/true);
        QCOMPARE(s.analyses()->lod, prebuilt.lod);
        QVERIFY(!s.analyses()->summary && !s.analyses()->catalog); // not before their stage
        s.startAnalyses(s.generation());
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QCOMPARE(seen.size(), 2);
        QCOMPARE(seen[0]->summary, prebuilt.summary);
        QVERIFY(seen[0]->catalog);
        if (withCatalog)
            QCOMPARE(seen[0]->catalog, prebuilt.catalog);
        // Opening another profile forgets them.
        s.open(makeStore(5, 20), QString(), {});
        QVERIFY(QTest::qWaitFor([&] { return s.analyses()->complete(); }, 10000));
        QVERIFY(s.analyses()->summary != prebuilt.summary);
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
};

QTEST_GUILESS_MAIN(tst_Session)
#include "tst_session.moc"
