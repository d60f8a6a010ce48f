#pragma once
#include <analysis/indexset.h>
#include <store/eventstore.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace strata::analysis {

struct IndexKind;

// The derived indexes that take long to build (each IndexRegistry kind with an encode(): the
// level of detail, the summary, the operator catalog) as named snapshot attachments,
// "index.<kind name>", and back. A snapshot carries them so that reopening a profile reads
// them instead of building them again; the snapshot's CRC covers their bytes, and each kind's
// restore() checks its blob against the store, so a blob that is refused for any reason
// (another layout, damaged, crafted) only costs the build it would have saved.
class IndexAttachments {
public:
    // What decode() found. An index not in `indexes` was not in the attachments or was
    // refused; `refused` says why, one line per refused blob.
    struct Restored {
        IndexSet indexes;
        std::vector<std::string> refused;
        std::map<std::string, double> ms; // restore time per kind name, for the benchmarks
    };

    // "index.<kind name>": the attachment that keeps an index of this kind.
    static std::string nameOf(const IndexKind& kind);
    // True for the names encode() writes: the loader hands these on untouched.
    static bool isIndexName(const std::string& name);
    // True when `set` holds every index a snapshot keeps, or `attachments` carries them all.
    static bool keepsAll(const IndexSet& set);
    static bool carriesAll(const std::map<std::string, std::string>& attachments);

    // The blobs of every kept index of `store`: `built`'s, when it fits the store, else built
    // here first (slow: the callers run this on a worker, after whatever the user waits for).
    static std::map<std::string, std::string> encode(const store::EventStore& store, const IndexSet& built = {});
    static Restored decode(const store::EventStore& store, const std::map<std::string, std::string>& attachments);
    // One kind's index from `attachments`: null when its blob is not there or is refused (a
    // refusal adds its line to *refused).
    static std::shared_ptr<const void> restore(const IndexKind& kind, const store::EventStore& store,
        const std::map<std::string, std::string>& attachments, std::vector<std::string>* refused, double* ms = nullptr);
};

} // namespace strata::analysis
