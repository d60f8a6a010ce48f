// IndexRegistry, the one list of the kinds of derived index: names and types are unique, the
// stages come in order (the LOD index first, the lazy kinds last), every kind builds for a
// store, and every kind a snapshot keeps encodes, restores to the same bytes and refuses
// another store's blob; the attachment names old snapshots carry do not change.
#include "randomteststore.h"
#include <support/analysistestutil.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/indexes/indexregistry.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/source/sourceindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

#include <QtTest>

#include <set>

using namespace strata;
using analysis::IndexKind;
using analysis::IndexRegistry;
using analysis::IndexSet;
using analysis::IndexStage;

namespace {
using Store = std::shared_ptr<const store::EventStore>;

Store storeOf(const QString& kind)
{
    if (kind == "script")
        return analysistest::Script().run(
            "X 1 a 0 10 flops=3; X 1 b 5 10 bytes=100; X 2 c 0 5 mfu=1.5; C m 0 1; C m 4 2");
    std::vector<store::TimeNs> edges;
    return analysistest::randomStore(kind.toULongLong(), edges);
}

// Every index of the stages before `kind`'s, as the session would have them by then.
IndexSet builtBefore(const IndexKind& kind, const store::EventStore& s)
{
    IndexSet set;
    for (const IndexStage stage : { IndexStage::FirstPaint, IndexStage::AfterFirstPaint, IndexStage::Background })
        if (stage < kind.stage)
            IndexRegistry::buildStage(stage, s, set);
    return set;
}
} // namespace

class tst_IndexRegistry : public QObject {
    Q_OBJECT

private slots:
    void namesAndTypesAreUnique()
    {
        std::set<std::string> names;
        std::set<analysis::IndexType> types;
        for (const IndexKind& kind : IndexRegistry::kinds()) {
            QVERIFY(!kind.name.empty());
            QVERIFY2(names.insert(kind.name).second, kind.name.c_str());
            QVERIFY2(types.insert(kind.type).second, kind.name.c_str());
            QVERIFY(kind.build);
            QCOMPARE(bool(kind.encode), bool(kind.restore)); // kept in snapshots both ways, or not at all
            QCOMPARE(IndexRegistry::find(kind.name), &kind);
            QCOMPARE(IndexRegistry::find(kind.type), &kind);
        }
        QVERIFY(!IndexRegistry::find(std::string("nothing")));
        QVERIFY(!IndexRegistry::find(analysis::indexType<int>()));
    }

    // The list is in stage order, and the session's stages are today's: the LOD index first
    // and alone, then the summary index and catalog together, then the source index; the
    // search and operator window indexes are lazy. (A new kind may join any stage.)
    void stagesComeInOrder()
    {
        const std::vector<IndexKind>& kinds = IndexRegistry::kinds();
        for (size_t i = 1; i < kinds.size(); ++i)
            QVERIFY2(kinds[i - 1].stage <= kinds[i].stage, kinds[i].name.c_str());
        QCOMPARE(IndexRegistry::stage(IndexStage::FirstPaint).size(), size_t(1));
        QCOMPARE(&IndexRegistry::kindOf<analysis::LodIndex>(), &kinds.front());
        QCOMPARE(kinds.front().stage, IndexStage::FirstPaint);
        QCOMPARE(IndexRegistry::find(std::string("summary"))->stage, IndexStage::AfterFirstPaint);
        QCOMPARE(IndexRegistry::find(std::string("catalog"))->stage, IndexStage::AfterFirstPaint);
        QVERIFY(IndexRegistry::find(std::string("summary")) < IndexRegistry::find(std::string("catalog")));
        QCOMPARE(IndexRegistry::find(std::string("source"))->stage, IndexStage::Background);
        QCOMPARE(IndexRegistry::find(std::string("search"))->stage, IndexStage::OnRequest);
        QCOMPARE(IndexRegistry::find(std::string("operatorwindow"))->stage, IndexStage::OnRequest);
    }

    // The names old snapshots carry stay those of the same kinds.
    void attachmentNamesStay()
    {
        auto keptAs = [](const std::string& attachment) -> const IndexKind* {
            for (const IndexKind& k : IndexRegistry::kinds())
                if (k.persisted() && analysis::IndexAttachments::nameOf(k) == attachment)
                    return &k;
            return nullptr;
        };
        QCOMPARE(keptAs("index.lod"), &IndexRegistry::kindOf<analysis::LodIndex>());
        QCOMPARE(keptAs("index.summary"), &IndexRegistry::kindOf<analysis::SummaryIndex>());
        QCOMPARE(keptAs("index.catalog"), &IndexRegistry::kindOf<analysis::OperatorCatalog>());
    }

    void everyKindBuildsAndRoundTrips_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("store");
        for (const IndexKind& kind : IndexRegistry::kinds())
            for (const char* store : { "script", "3", "17" })
                QTest::addRow("%s/%s", kind.name.c_str(), store) << QString::fromStdString(kind.name) << store;
    }

    // Built against the store with what its stage may read; a kept kind encodes, restores to
    // an index that encodes to the same bytes, and refuses the blob of another store.
    void everyKindBuildsAndRoundTrips()
    {
        QFETCH(QString, kind);
        QFETCH(QString, store);
        const IndexKind& k = *IndexRegistry::find(kind.toStdString());
        const Store s = storeOf(store);
        const std::shared_ptr<const void> index = k.build(*s, builtBefore(k, *s), nullptr);
        QVERIFY(index);
        QVERIFY(IndexRegistry::fits(k, *s, index));
        if (!k.persisted())
            return;
        const std::string blob = k.encode(*s, index.get());
        QVERIFY(!blob.empty());
        std::string why;
        const std::shared_ptr<const void> restored = k.restore(*s, blob, &why);
        QVERIFY2(restored, why.c_str());
        QVERIFY(IndexRegistry::fits(k, *s, restored));
        QCOMPARE(k.encode(*s, restored.get()), blob);
        const Store other = storeOf("99");
        QVERIFY(!k.restore(*other, blob, &why));
        QVERIFY(!why.empty());
    }

    // buildStage() builds what the set lacks, keeps what fits, and stops at a raised flag.
    void buildStageKeepsWhatFits()
    {
        const Store s = storeOf("script"), other = storeOf("3");
        IndexSet set;
        QVERIFY(!IndexRegistry::complete(set));
        const auto summary = std::make_shared<const analysis::SummaryIndex>(*s);
        set.set(summary);
        set.set(std::make_shared<const analysis::LodIndex>(*other)); // another store's: rebuilt
        QVERIFY(IndexRegistry::buildStage(IndexStage::FirstPaint, *s, set));
        QCOMPARE(&set.get<analysis::LodIndex>()->store(), s.get());
        QVERIFY(IndexRegistry::buildStage(IndexStage::AfterFirstPaint, *s, set));
        QCOMPARE(set.get<analysis::SummaryIndex>(), summary);
        QVERIFY(set.get<analysis::OperatorCatalog>());
        QVERIFY(!IndexRegistry::complete(set));
        const std::atomic<bool> cancel { true };
        IndexSet cancelled = set;
        QVERIFY(!IndexRegistry::buildStage(IndexStage::Background, *s, cancelled, &cancel));
        QVERIFY(!cancelled.get<analysis::SourceIndex>());
        QVERIFY(IndexRegistry::buildStage(IndexStage::Background, *s, set));
        QVERIFY(IndexRegistry::complete(set)); // the lazy kinds are not waited for
    }

    void smallStoresBuildTheFirstStageInline()
    {
        QVERIFY(IndexRegistry::buildsInline(IndexStage::FirstPaint, *storeOf("script")));
        QVERIFY(!IndexRegistry::buildsInline(IndexStage::AfterFirstPaint, *storeOf("script")));
    }
};

QTEST_GUILESS_MAIN(tst_IndexRegistry)
#include "tst_indexregistry.moc"
