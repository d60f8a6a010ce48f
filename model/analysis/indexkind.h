#pragma once
#include "indexset.h"

#include <store/eventstore.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace strata::analysis {

// When the session builds an index of the open profile. The eager stages run in this order,
// each on a worker once the one before it has landed; an index of a later stage may read the
// ones of the earlier stages in its build().
enum class IndexStage {
    FirstPaint, // the timeline's first paint waits for it: interactive priority, inline when small
    AfterFirstPaint, // the overview docks wait for it; may be held back (Session::startAnalyses)
    Background, // docks that can say "indexing…" a while longer
    OnRequest, // lazy: built on the first request, on the requester's worker, then kept (LazyIndexes)
};

// One kind of derived index: how it is built, and how a snapshot keeps it. Each kind is
// defined beside its index (for example summary/summaryindexkind.cpp) and named once in
// IndexRegistry's list, which is all a new derived index adds outside its own folder.
//
// The functions take and give the index type-erased; IndexKind::of() makes a kind from typed
// functions, so that a kind's file never casts. Every function is thread-safe for a finished
// store: the session calls them on workers.
struct IndexKind {
    using Any = std::shared_ptr<const void>;

    std::string name; // unique; a snapshot keeps the index as the attachment "index.<name>"
    IndexStage stage = IndexStage::Background;
    IndexType type = nullptr; // indexType<T>()
    // Null when `cancel` was raised, or when an index it needs is not in `built`.
    std::function<Any(const store::EventStore& store, const IndexSet& built, const std::atomic<bool>* cancel)> build;
    // Empty for an index that snapshots do not keep. Else the bytes of `index`, built for
    // `store`, with the checks restore() needs.
    std::function<std::string(const store::EventStore& store, const void* index)> encode;
    // Null, with the reason in *why, for a blob that fails its checks against `store`.
    std::function<Any(const store::EventStore& store, std::string_view blob, std::string* why)> restore;
    // Whether `index` may serve `store` (an index of another store, or a cancelled build, may
    // not); a kind without the function accepts every index it is given.
    std::function<bool(const store::EventStore& store, const void* index)> fits;
    // A store with fewer slices + counter samples than this gets the index on the spot when
    // it opens (tests and small profiles paint without waiting); 0: always on a worker.
    size_t inlineBelowRows = 0;

    bool persisted() const { return bool(encode); }

    // A kind from typed functions; `encode` and `restore` may be null (not kept in snapshots).
    template <typename T>
    static IndexKind of(std::string name, IndexStage stage,
        std::shared_ptr<const T> (*build)(const store::EventStore&, const IndexSet&, const std::atomic<bool>*),
        std::string (*encode)(const store::EventStore&, const T&) = nullptr,
        std::shared_ptr<const T> (*restore)(const store::EventStore&, std::string_view, std::string*) = nullptr)
    {
        IndexKind k;
        k.name = std::move(name);
        k.stage = stage;
        k.type = indexType<T>();
        k.build = [build](const store::EventStore& s, const IndexSet& built, const std::atomic<bool>* cancel) -> Any {
            return build(s, built, cancel);
        };
        if (encode)
            k.encode = [encode](const store::EventStore& s, const void* index) {
                return encode(s, *static_cast<const T*>(index));
            };
        if (restore)
            k.restore = [restore](const store::EventStore& s, std::string_view blob, std::string* why) -> Any {
                return restore(s, blob, why);
            };
        return k;
    }
    // Sets fits() from a typed test.
    template <typename T> IndexKind& fitting(bool (*test)(const store::EventStore&, const T&))
    {
        fits = [test](const store::EventStore& s, const void* index) { return test(s, *static_cast<const T*>(index)); };
        return *this;
    }
};

} // namespace strata::analysis
