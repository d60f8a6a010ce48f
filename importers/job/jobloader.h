#pragma once
#include "jobplan.h"

#include <cachedloader.h>
#include <importer.h>
#include <profileloader.h>

#include <map>
#include <string>
#include <vector>

namespace strata::importers::job {

// Loads the ranks of a job (a JobPlan of Kind::Job) as one store, the one the window opens:
// the members load in parallel (`workers` at a time, each with its own importer and store,
// from its cached snapshot when one is valid, as a single file loads, its import on its
// share of the cores, so the ranks together run no more threads than there are cores), and
// each finished rank is merged (store::StoreMerger) as soon as every rank before it is, so
// the ranks waiting their turn are the only copies held besides the merged store. Progress counts ranks (each
// rank's own progress inside its share); cancel stops every member at its next poll.
//
// The job's merged store has a snapshot of its own in the cache, keyed on every member (the
// paths, each file's fingerprint, the rank each is) and on the alignment the caller names, so
// a job opened again reads one snapshot instead of N. How a caller uses it:
//
//     Result job = JobLoader::loadCached(plan, alignment, ctx, cache);   // the aligned store
//     if (!job.merged.store && !job.merged.cancelled && job.merged.error.empty()) {
//         job = JobLoader::load(plan, ctx, cache);                        // every offset 0
//         // ...shift the ranks (StoreMerger::shiftRanks) before anyone else reads the store:
//         // the result is its only holder, so std::const_pointer_cast is safe here...
//     }
//     // ...later, with the derived indexes built on the store as published:
//     JobLoader::writeCache(job, plan, alignment, cache, &error, indexAttachments);
//
// `alignment` is the caller's name for what it asked for ("" for the job's default), the
// same on read and write: one snapshot per job and alignment. A job read from its snapshot
// comes back with fromSnapshot set, the plan's problems and the members' problems it had
// when written; writeCache then does nothing unless merged.refreshCache is set (as
// CachedLoader::writeCache). load() itself writes each member parsed from its source to the
// member's own snapshot (no indexes), so a re-alignment re-reads N snapshots, not N sources.
class JobLoader {
public:
    struct Result {
        // The merged store with its JobLayout (every offset 0, alignment "recorded"); null
        // when no rank loaded (error says why) or the load was cancelled. `error` is empty
        // when at least one rank loaded, even if others failed (see problems). format is
        // "job of N ranks (FORMAT)", the byte counts and phases are the members' summed,
        // seconds is the wall time and finalizeSeconds the merge's last step.
        LoadResult merged;
        // The plan's problems, then each member that failed ("not loaded: REASON") or was
        // cut short ("cut short: WHERE": its events up to the offset are in the store), in
        // rank order.
        std::vector<JobPlan::Problem> problems;
        size_t ranksLoaded = 0;
        double sumRankSeconds = 0; // the members' own load times added up (the benchmark's baseline)
        double mergeSeconds = 0; // the appends to the merged store, on the members' threads, added up
        double mergeCpuSeconds = 0; // the same appends' CPU time (their threads' clocks)
        double waitSeconds = 0; // the members' threads waiting for their turn to append, added up
    };

    // `workers` ranks load at a time, each import on `rankThreads` threads
    // (ImportContext::threads), 0 for the cores shared among the workers (at least one each:
    // on two cores, two ranks parse on one thread each). The last workers - 1 ranks, which
    // end alone as the other workers run out of ranks, take the importer's own choice.
    static Result load(const JobPlan& plan, const ImportContext& ctx = {}, const CacheOptions& cache = {},
        unsigned workers = 2, unsigned rankThreads = 0);

    // The job's merged store from the cache's snapshot when one is valid for the plan's
    // members as they are now and for `alignment`; else no store, no error (read the members
    // with load()). A snapshot refused is deleted and said in merged.snapshotNotes.
    static Result loadCached(const JobPlan& plan, const std::string& alignment, const ImportContext& ctx = {},
        const CacheOptions& cache = {});
    // Writes the job's snapshot of `job.merged.store` (CachedLoader::writeKeyed) with its
    // members' problems and the caller's `extra` attachments (the derived indexes).
    static bool writeCache(const Result& job, const JobPlan& plan, const std::string& alignment,
        const CacheOptions& cache, std::string* error, const std::map<std::string, std::string>& extra = {});

    // The job's name in the cache: the members' absolute paths, sorted, and the alignment.
    static std::string cacheKey(const JobPlan& plan, const std::string& alignment);
    // What the job's snapshot is valid for: the alignment and, per rank, its number and its
    // file's fingerprint (store::SnapshotCache::sourceFingerprint); empty when a member
    // cannot be read.
    static std::string cacheFingerprint(const JobPlan& plan, const std::string& alignment);
};

} // namespace strata::importers::job
