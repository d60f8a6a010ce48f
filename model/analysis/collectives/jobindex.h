#pragma once
#include "collectiveresult.h"

#include <store/joblayout.h>

#include <memory>

namespace strata::analysis {

// The collectives of a job held in one store, for the Ranks dock and the timeline's skew
// strip: the store's JobLayout and the CollectiveAnalysis over its ranks. The store's times
// are already aligned (the loader shifted them), so the analysis runs "as recorded" and the
// offsets shown are the layout's. An index kind (IndexRegistry, name "job"); null for a store
// that is not a job.
class JobIndex {
public:
    static std::shared_ptr<const JobIndex> build(const store::EventStore& store);

    const store::JobLayout& layout() const { return m_layout; }
    // Ranks are the layout's, in its order; times are the store's.
    const CollectiveAnalysis& analysis() const { return m_analysis; }

private:
    store::JobLayout m_layout;
    CollectiveAnalysis m_analysis;
};

} // namespace strata::analysis
