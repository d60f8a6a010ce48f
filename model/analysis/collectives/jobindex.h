#pragma once
#include "collectiveresult.h"

#include <store/joblayout.h>

#include <memory>
#include <utility>

namespace strata::analysis {

// The collectives of a job held in one store, for the Ranks dock and the timeline's skew
// strip: the store's JobLayout and the CollectiveAnalysis over its ranks. The store's times
// are already aligned (the loader shifted them), so the analysis runs "as recorded" and the
// offsets shown are the layout's. An index kind (IndexRegistry, name "job"); null for a store
// that is not a job.
class JobIndex {
public:
    static std::shared_ptr<const JobIndex> build(const store::EventStore& store);

    JobIndex() = default;
    // An index of given parts: what build() finds, or a hand-made job for the tests of its
    // readers (the timeline's skew strip).
    JobIndex(store::JobLayout layout, CollectiveAnalysis analysis)
        : m_layout(std::move(layout))
        , m_analysis(std::move(analysis))
    {
    }

    const store::JobLayout& layout() const { return m_layout; }
    // Ranks are the layout's, in its order; times are the store's.
    const CollectiveAnalysis& analysis() const { return m_analysis; }

private:
    store::JobLayout m_layout;
    CollectiveAnalysis m_analysis;
};

} // namespace strata::analysis
