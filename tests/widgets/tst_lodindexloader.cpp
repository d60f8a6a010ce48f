#include "markerprofile.h"

#include <store/storefinalizer.h>
#include <timeline/lodindexloader.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using widgets::LodIndex;
using widgets::LodIndexLoader;

namespace {

// Enough slices to be built on the thread pool rather than inline.
std::shared_ptr<const store::EventStore> bigStore()
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    const store::TypeId ty = b.type(b.intern("k"), b.intern("op"));
    for (uint32_t i = 0; i < LodIndexLoader::kInlineRows + 10; ++i)
        b.completeSlice(t, store::TimeNs(i) * 10, 5, ty, {});
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_LodIndexLoader : public QObject {
    Q_OBJECT

private slots:
    void smallStoreBuildsAtOnce()
    {
        LodIndexLoader loader;
        QSignalSpy ready(&loader, &LodIndexLoader::ready);
        const auto s = markerprofile::make();
        loader.reset(s);
        QVERIFY(loader.index());
        QCOMPARE(&loader.index()->store(), s.get());
        QCOMPARE(ready.count(), 0); // nothing to wait for
        loader.reset(nullptr);
        QVERIFY(!loader.index());
        QCOMPARE(loader.buildMs(), 0.0);
    }

    void prebuiltOnlyForItsStore()
    {
        LodIndexLoader loader;
        const auto s = markerprofile::make(), other = markerprofile::make();
        auto prebuilt = std::make_shared<const LodIndex>(*s);
        loader.reset(s, prebuilt);
        QCOMPARE(loader.index(), prebuilt.get());
        loader.reset(other, prebuilt); // made for another store: built anew
        QVERIFY(loader.index() && loader.index() != prebuilt.get());
        QCOMPARE(&loader.index()->store(), other.get());
    }

    void bigStoreBuildsOnThePool()
    {
        LodIndexLoader loader;
        QSignalSpy ready(&loader, &LodIndexLoader::ready);
        const auto s = bigStore();
        loader.reset(s);
        if (!loader.index()) // may already be done: wait() is what a paint does
            QVERIFY(ready.wait(60000));
        QVERIFY(loader.index());
        QCOMPARE(&loader.index()->store(), s.get());
    }

    void replacedStoreDropsTheBuild()
    {
        LodIndexLoader loader;
        QSignalSpy ready(&loader, &LodIndexLoader::ready);
        loader.reset(bigStore());
        const auto small = markerprofile::make();
        loader.reset(small); // before the big build can arrive
        loader.wait();
        QCoreApplication::processEvents();
        QCOMPARE(&loader.index()->store(), small.get());
        QCOMPARE(ready.count(), 0);
    }

    void waitBlocksUntilBuilt()
    {
        LodIndexLoader loader;
        const auto s = bigStore();
        loader.reset(s);
        loader.wait();
        QVERIFY(loader.index());
        QVERIFY(loader.buildMs() >= 0);
    }
};

QTEST_MAIN(tst_LodIndexLoader)
#include "tst_lodindexloader.moc"
