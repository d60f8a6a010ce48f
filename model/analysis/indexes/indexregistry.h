#pragma once
#include <analysis/indexkind.h>

#include <vector>

namespace strata::analysis {

// The one list of the kinds of derived index (IndexKind), in the order the session builds
// them, and what the code that loops over it needs: the session's stages (model/state),
// snapshot attachments (IndexAttachments), the CLI's indexOf<T>() and lazy indexes.
//
// Why here and not in model/state next to the Session: strata-cli links no Qt, and must build,
// restore and persist exactly the indexes the GUI does. model/analysis is the highest Qt-free
// layer both reach; the list sits above the feature folders whose kinds it names, and those
// folders include only the vocabulary (analysis/indexkind.h, analysis/indexset.h).
//
// An explicit list rather than kinds that register themselves from static initialisers: the
// linker drops an object file of a static library that nothing references, and its kind with
// it.
class IndexRegistry {
public:
    // Every kind, eager stages first in stage order, then the lazy ones; names are unique.
    static const std::vector<IndexKind>& kinds();
    // The kind of index type `type`, or of name `name`; null when there is none.
    static const IndexKind* find(IndexType type);
    static const IndexKind* find(const std::string& name);
    template <typename T> static const IndexKind& kindOf() { return *find(indexType<T>()); }

    // The kinds of one stage, in list order.
    static std::vector<const IndexKind*> stage(IndexStage stage);
    // True when `set` holds every index of the eager stages (the lazy ones are not waited for).
    static bool complete(const IndexSet& set);
    // True when `index` may serve `store` (IndexKind::fits).
    static bool fits(const IndexKind& kind, const store::EventStore& store, const std::shared_ptr<const void>& index);

    // Builds, in list order, every kind of `stage` that `set` lacks or holds unfit for `store`,
    // and adds it to `set`; each build sees what the ones before it added. False when
    // `cancel` was raised on the way (`set` then keeps what was built).
    static bool buildStage(
        IndexStage stage, const store::EventStore& store, IndexSet& set, const std::atomic<bool>* cancel = nullptr);
    // True when the stores this small get the indexes of `stage` on the spot, when it opens.
    static bool buildsInline(IndexStage stage, const store::EventStore& store);
};

} // namespace strata::analysis
