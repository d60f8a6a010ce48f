#pragma once
#include <state/analyses.h> // the forward declarations of the index types
#include <store/eventstore.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace strata::model {

// How each derived index of a profile is made, in one place; the session runs the stages in
// order (Analyses). Each call is pure and thread-safe for a finished store: the load job
// calls lod() on its worker so that the timeline can paint the moment the store is shown.
class AnalysesBuilder {
public:
    // Stores with fewer slices + counter samples than this get their LOD index on the spot when
    // none came with them (tests and small profiles paint without waiting); bigger ones on a
    // worker.
    static constexpr size_t kInlineLodRows = 200000;

    static bool lodFitsInline(const store::EventStore& store);
    static std::shared_ptr<const analysis::LodIndex> lod(const store::EventStore& store);
    static std::shared_ptr<const analysis::SummaryIndex> summary(const store::EventStore& store);
    static std::shared_ptr<const analysis::OperatorCatalog> catalog(const store::EventStore& store);
    static std::shared_ptr<const analysis::SourceIndex> source(const store::EventStore& store);

    // A snapshot's derived indexes (analysis::IndexAttachments): the ones it carries that pass
    // their checks against `store`; each refused one adds a line to *refused and is left null,
    // to be built as usual.
    static Analyses restore(const store::EventStore& store, const std::map<std::string, std::string>& attachments,
        std::vector<std::string>* refused);
    // The attachments a snapshot of `store` keeps of `built`; what `built` lacks is built
    // here (slow: for workers).
    static std::map<std::string, std::string> snapshotAttachments(
        const store::EventStore& store, const Analyses& built);
};

} // namespace strata::model
