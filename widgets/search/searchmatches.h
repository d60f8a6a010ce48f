#pragma once
#include <analysis/search/searchindex.h>
#include <analysis/search/searchquery.h>
#include <state/selection.h>
#include <store/eventstore.h>

#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace strata::widgets {

// What one search found, ready for the GUI thread: the rows as the Selection's highlight
// sets (moved, not copied, out of the engine's result) and the matches in time order for
// paging. Built on a worker thread by run(); immutable afterwards.
//
// Time order is (start time, then slices before instants, then row): the order of the key
// (ts, v), v being a match's place in slices then instants. The engine's slice rows are
// sorted by (track, depth, ts), so they fall into runs in which that key ascends (one per
// level), as do the instants (one per track). With at most kMaxLazyRuns runs the order is
// never built: a position is a binary search per run (lowerBound, indexOf: O(runs log M))
// and the i-th match a selection across the runs (at: O(runs log M) per bisection step, ~100
// steps), so a search of 44M matches is shown in the engine's time, not after a merge of
// seconds. With more runs they are merged once with a heap, O(M log runs), 4 bytes a match.
class SearchMatches {
public:
    static constexpr size_t kMaxLazyRuns = 2048;

    // index: null, or the store's SearchIndex (a lazy index of the session); the matches are
    // the same either way. maxLazyRuns: above it the order is merged up front (tests set 0
    // to compare the two ways).
    static std::shared_ptr<const SearchMatches> run(std::shared_ptr<const store::EventStore> store,
        const analysis::SearchQuery& query, const std::atomic<bool>* cancel = nullptr,
        const analysis::SearchIndex* index = nullptr, size_t maxLazyRuns = kMaxLazyRuns);

    bool ok() const { return !m_cancelled && m_error.isEmpty(); }
    bool cancelled() const { return m_cancelled; }
    QString error() const { return m_error; }
    uint64_t count() const { return m_count; }
    store::TimeNs totalNs() const { return m_totalNs; }
    uint32_t typesMatched() const { return m_types; }
    const model::Selection::RowSet& slices() const { return m_slices; }
    const model::Selection::InstantSet& instants() const { return m_instants; }
    bool merged() const { return !m_order.empty() || m_count == 0; } // the order was built

    // The i-th match in time order (start time, then slices before instants, then row).
    model::EventRef at(size_t i) const;
    store::TimeNs startOf(size_t i) const;
    // The first match starting at or after t; count() when none.
    size_t lowerBound(store::TimeNs t) const;
    // Where e is among the matches, or -1.
    long indexOf(model::EventRef e) const;

private:
    struct Run {
        uint32_t begin, end; // [begin, end) in v: slices, then instants
    };
    store::TimeNs tsOf(uint32_t v) const;
    // Matches whose key (ts, v) is below (t, v) in all runs: the rank of that key.
    size_t rank(store::TimeNs t, uint32_t v) const;
    // The v of the i-th match in time order.
    uint32_t select(size_t i) const;

    std::shared_ptr<const store::EventStore> m_store;
    model::Selection::RowSet m_slices;
    model::Selection::InstantSet m_instants;
    std::vector<Run> m_runs; // when not merged
    std::vector<uint32_t> m_order; // when merged: v in time order
    uint64_t m_count = 0;
    store::TimeNs m_totalNs = 0;
    uint32_t m_types = 0;
    bool m_cancelled = false;
    QString m_error;
};

} // namespace strata::widgets
