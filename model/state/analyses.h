#pragma once
#include <analysis/indexes/indexregistry.h>
#include <analysis/indexset.h>

#include <QtGlobal>

namespace strata::model {

// The indexes derived from one open profile, as the session publishes them: get<T>() is the
// index of type T (analysis::IndexRegistry lists the kinds), null while it is not built. A
// value never changes once published: each stage of the build publishes a new one that also
// holds the indexes of the stages before it, so a dock may keep what it read for as long as
// it likes. The stages run in the list's order (analysis::IndexStage): the timeline's
// level-of-detail index (the first paint needs it), then the summary index and the operator
// catalog, then the source index. Lazy indexes are not in it (Session::lazyIndexes()).
struct Analyses : analysis::IndexSet {
    quint64 generation = 0; // Session::generation() of the profile these were built from

    bool complete() const { return analysis::IndexRegistry::complete(*this); } // every eager stage landed
};

} // namespace strata::model
