#pragma once
#include <analysis/indexkind.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

namespace strata::analysis {

// The lazy indexes (IndexStage::OnRequest) of one store: each is built by the first request,
// on the requester's thread (a dock's worker, never the GUI thread), and kept for every later
// request. The session keeps one per open profile (Session::lazyIndexes()) and drops it for the
// next profile; a worker holds it through a shared_ptr, so a request still running on an old
// profile keeps its own.
//
// Thread-safe: requests of one kind wait for each other's build (the second one reads what the
// first one built, or builds itself when the first was cancelled); requests of different
// kinds do not wait for each other.
class LazyIndexes {
public:
    explicit LazyIndexes(std::shared_ptr<const store::EventStore> store);

    // The index of kind T, built now when there is none yet. `built` holds the eager indexes
    // of the same profile that the kind's build may read (the session's Analyses). Null when
    // the build was stopped: by `cancel`, or without one by abandon(); the next call builds
    // again.
    template <typename T> std::shared_ptr<const T> get(const IndexSet& built, const std::atomic<bool>* cancel = nullptr)
    {
        return std::static_pointer_cast<const T>(get(indexType<T>(), built, cancel));
    }
    // The index when one was built, else null; never builds.
    template <typename T> std::shared_ptr<const T> peek() const
    {
        return std::static_pointer_cast<const T>(peek(indexType<T>()));
    }
    std::shared_ptr<const void> get(IndexType type, const IndexSet& built, const std::atomic<bool>* cancel);
    std::shared_ptr<const void> peek(IndexType type) const;

    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    // Stops the builds that run without a cancel flag of their own: the profile was replaced.
    void abandon() { m_abandoned = true; }

private:
    struct Slot {
        std::mutex building; // held through a build: a second request waits for it
        mutable std::mutex reading; // guards `index` alone, so peek() never waits for a build
        std::shared_ptr<const void> index;
    };

    std::shared_ptr<const store::EventStore> m_store;
    std::map<IndexType, std::unique_ptr<Slot>> m_slots; // one per lazy kind, made up front
    std::atomic<bool> m_abandoned { false };
};

} // namespace strata::analysis
