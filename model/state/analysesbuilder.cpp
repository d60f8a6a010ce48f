#include "analysesbuilder.h"

#include <analysis/operators/operatorcatalog.h>
#include <analysis/persist/indexattachments.h>
#include <analysis/source/sourceindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

namespace strata::model {

bool AnalysesBuilder::lodFitsInline(const store::EventStore& store)
{
    return size_t(store.sliceCount()) + store.counterSampleCount() < kInlineLodRows;
}

std::shared_ptr<const analysis::LodIndex> AnalysesBuilder::lod(const store::EventStore& store)
{
    return std::make_shared<const analysis::LodIndex>(store);
}

std::shared_ptr<const analysis::SummaryIndex> AnalysesBuilder::summary(const store::EventStore& store)
{
    return std::make_shared<const analysis::SummaryIndex>(store);
}

std::shared_ptr<const analysis::OperatorCatalog> AnalysesBuilder::catalog(const store::EventStore& store)
{
    return std::make_shared<const analysis::OperatorCatalog>(store);
}

std::shared_ptr<const analysis::SourceIndex> AnalysesBuilder::source(const store::EventStore& store)
{
    auto index = std::make_shared<analysis::SourceIndex>();
    index->build(store);
    return index;
}

Analyses AnalysesBuilder::restore(const store::EventStore& store, const std::map<std::string, std::string>& attachments,
    std::vector<std::string>* refused)
{
    analysis::IndexAttachments::Restored r = analysis::IndexAttachments::decode(store, attachments);
    if (refused)
        refused->insert(refused->end(), r.refused.begin(), r.refused.end());
    Analyses a;
    a.lod = std::move(r.lod);
    a.summary = std::move(r.summary);
    a.catalog = std::move(r.catalog);
    return a;
}

std::map<std::string, std::string> AnalysesBuilder::snapshotAttachments(
    const store::EventStore& store, const Analyses& built)
{
    return analysis::IndexAttachments::encode(store, built.lod, built.summary, built.catalog);
}

} // namespace strata::model
