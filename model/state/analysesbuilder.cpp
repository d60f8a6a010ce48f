#include "analysesbuilder.h"

#include <analysis/operators/operatorcatalog.h>
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

} // namespace strata::model
