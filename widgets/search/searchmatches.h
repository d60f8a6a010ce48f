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
// Time order is a natural merge: the engine's slice rows are sorted by (track, depth, ts),
// so they fall into runs of non-decreasing start time (one per level), as do the instants
// (one per track); the runs are merged with a heap, O(M log runs). 4 bytes per match.
class SearchMatches {
public:
    // index: null, or the store's SearchIndex (the dock's SearchIndexCache); the matches are
    // the same either way.
    static std::shared_ptr<const SearchMatches> run(std::shared_ptr<const store::EventStore> store,
        const analysis::SearchQuery& query, const std::atomic<bool>* cancel = nullptr,
        const analysis::SearchIndex* index = nullptr);

    bool ok() const { return !m_cancelled && m_error.isEmpty(); }
    bool cancelled() const { return m_cancelled; }
    QString error() const { return m_error; }
    uint64_t count() const { return m_order.size(); }
    store::TimeNs totalNs() const { return m_totalNs; }
    uint32_t typesMatched() const { return m_types; }
    const model::Selection::RowSet& slices() const { return m_slices; }
    const model::Selection::InstantSet& instants() const { return m_instants; }

    // The i-th match in time order (start time, then slices before instants, then row).
    model::EventRef at(size_t i) const;
    store::TimeNs startOf(size_t i) const;
    // The first match starting at or after t; count() when none.
    size_t lowerBound(store::TimeNs t) const;
    // Where e is among the matches, or -1.
    long indexOf(model::EventRef e) const;

private:
    std::shared_ptr<const store::EventStore> m_store;
    model::Selection::RowSet m_slices;
    model::Selection::InstantSet m_instants;
    std::vector<uint32_t> m_order; // < slices: index into slices; else instants at (v - slices)
    store::TimeNs m_totalNs = 0;
    uint32_t m_types = 0;
    bool m_cancelled = false;
    QString m_error;
};

} // namespace strata::widgets
