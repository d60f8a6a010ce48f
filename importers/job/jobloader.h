#pragma once
#include "jobplan.h"

#include <cachedloader.h>
#include <importer.h>
#include <profileloader.h>

#include <string>
#include <vector>

namespace strata::importers::job {

// Loads the ranks of a job (a JobPlan of Kind::Job) as one store, the one the window opens:
// the members load in parallel (`workers` at a time, each with its own importer and store,
// from its cached snapshot when one is valid, as a single file loads), and each finished rank
// is merged (store::StoreMerger) as soon as every rank before it is, so the ranks waiting
// their turn are the only copies held besides the merged store. Progress counts ranks (each
// rank's own progress inside its share); cancel stops every member at its next poll.
class JobLoader {
public:
    struct Result {
        // The merged store with its JobLayout (every offset 0, alignment "recorded"); null
        // when no rank loaded (error says why) or the load was cancelled. `error` is empty
        // when at least one rank loaded, even if others failed (see problems).
        LoadResult merged;
        // The plan's problems, then each member that failed ("not loaded") or was cut short
        // (loaded in part: its events up to the offset are in the store), in rank order.
        std::vector<JobPlan::Problem> problems;
        size_t ranksLoaded = 0;
        double sumRankSeconds = 0; // the members' own load times added up (the benchmark's baseline)
    };

    static Result load(
        const JobPlan& plan, const ImportContext& ctx = {}, const CacheOptions& cache = {}, unsigned workers = 2);
};

} // namespace strata::importers::job
