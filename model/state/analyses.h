#pragma once
#include <QtGlobal>

#include <memory>

namespace strata::analysis {
class LodIndex;
class OperatorCatalog;
class SourceIndex;
class SummaryIndex;
} // namespace strata::analysis

namespace strata::model {

// The indexes derived from one open profile, as the session publishes them. A value never
// changes once published: each stage of the build publishes a new one that also holds the
// indexes of the stages before it, so a dock may keep what it read for as long as it likes.
// The stages run in this order: the timeline's level-of-detail index (the first paint needs
// it), then the summary index and the operator catalog, then the source index. A null member
// is not built yet.
struct Analyses {
    quint64 generation = 0; // Session::generation() of the profile these were built from
    std::shared_ptr<const analysis::LodIndex> lod;
    std::shared_ptr<const analysis::SummaryIndex> summary;
    std::shared_ptr<const analysis::OperatorCatalog> catalog;
    std::shared_ptr<const analysis::SourceIndex> source;

    bool complete() const { return lod && summary && catalog && source; }
};

} // namespace strata::model
