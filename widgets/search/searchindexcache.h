#pragma once
#include <analysis/search/searchindex.h>
#include <store/eventstore.h>

#include <atomic>
#include <memory>
#include <mutex>

namespace strata::widgets {

// The Search dock's SearchIndex for its store: built on the first search's worker thread
// (never on the GUI thread) and kept for every later search of the same store. The dock
// owns one per store and makes a new one when the store changes; a worker holds the cache
// through a shared_ptr, so a search still running on an old store keeps its own.
//
// Thread-safe: workers of consecutive searches may call get() at once; the second waits
// for the first one's build (or, when the first was cancelled, builds itself).
class SearchIndexCache {
public:
    // The index of `store`, built now when there is none yet. Null when `cancel` was raised
    // during the build (the next call builds again).
    std::shared_ptr<const analysis::SearchIndex> get(
        const std::shared_ptr<const store::EventStore>& store, const std::atomic<bool>* cancel = nullptr);

    // The index when one was built for `store`, else null; never builds.
    std::shared_ptr<const analysis::SearchIndex> peek(const store::EventStore& store) const;

private:
    mutable std::mutex m_mutex;
    std::weak_ptr<const store::EventStore> m_store; // what m_index was built for
    std::shared_ptr<const analysis::SearchIndex> m_index;
};

} // namespace strata::widgets
