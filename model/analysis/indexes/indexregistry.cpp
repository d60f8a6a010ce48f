#include "indexregistry.h"

namespace strata::analysis {

// Each defined beside its index (timeline/lodindexkind.cpp, …).
IndexKind lodIndexKind();
IndexKind summaryIndexKind();
IndexKind operatorCatalogKind();
IndexKind sourceIndexKind();
IndexKind searchIndexKind();
IndexKind operatorWindowIndexKind();
IndexKind breakdownIndexKind();
IndexKind overlapLaneIndexKind();
IndexKind jobIndexKind();

const std::vector<IndexKind>& IndexRegistry::kinds()
{
    // The list. Its order is the order of the stages and, within a stage, of the builds.
    // Never destroyed: a background build still under way when the process exits reads it
    // (a pool thread is not joined before static destructors run).
    static const std::vector<IndexKind>* const list = new std::vector<IndexKind> {
        lodIndexKind(),
        summaryIndexKind(),
        operatorCatalogKind(),
        sourceIndexKind(),
        breakdownIndexKind(),
        overlapLaneIndexKind(),
        jobIndexKind(),
        searchIndexKind(),
        operatorWindowIndexKind(),
    };
    return *list;
}

const IndexKind* IndexRegistry::find(IndexType type)
{
    for (const IndexKind& kind : kinds())
        if (kind.type == type)
            return &kind;
    return nullptr;
}

const IndexKind* IndexRegistry::find(const std::string& name)
{
    for (const IndexKind& kind : kinds())
        if (kind.name == name)
            return &kind;
    return nullptr;
}

std::vector<const IndexKind*> IndexRegistry::stage(IndexStage stage)
{
    std::vector<const IndexKind*> out;
    for (const IndexKind& kind : kinds())
        if (kind.stage == stage)
            out.push_back(&kind);
    return out;
}

bool IndexRegistry::complete(const IndexSet& set)
{
    for (const IndexKind& kind : kinds())
        if (kind.stage != IndexStage::OnRequest && !set.has(kind.type))
            return false;
    return true;
}

bool IndexRegistry::fits(
    const IndexKind& kind, const store::EventStore& store, const std::shared_ptr<const void>& index)
{
    return index && (!kind.fits || kind.fits(store, index.get()));
}

bool IndexRegistry::buildStage(
    IndexStage stage, const store::EventStore& store, IndexSet& set, const std::atomic<bool>* cancel)
{
    for (const IndexKind* kind : IndexRegistry::stage(stage)) {
        if (fits(*kind, store, set.find(kind->type)))
            continue;
        set.put(kind->type, kind->build(store, set, cancel));
        if (cancel && cancel->load())
            return false;
    }
    return true;
}

bool IndexRegistry::buildsInline(IndexStage stage, const store::EventStore& store)
{
    const size_t rows = size_t(store.sliceCount()) + store.counterSampleCount();
    for (const IndexKind* kind : IndexRegistry::stage(stage))
        if (rows >= kind->inlineBelowRows)
            return false;
    return true;
}

} // namespace strata::analysis
