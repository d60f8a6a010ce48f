#pragma once
#include <cachedloader.h>
#include <job/jobplan.h>
#include <profileloader.h>

#include <analysis/collectives/collectiveresult.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::store {
class EventStore;
}

namespace strata::app {

// What the load of a job says besides its LoadResult: whether the paths were a job or a
// refusal, how many ranks the plan has, the members left out or cut short (file, reason,
// byte offset), and the clock alignment the store was put on.
struct JobReport {
    bool isJob = false; // the store holds the ranks of a job (JobLayout)
    bool refused = false; // the paths are not one job; the LoadResult's error is the refusal
    int ranks = 0; // the ranks the plan found (loaded or not)
    std::vector<importers::job::JobPlan::Problem> problems; // in the plan's order, then the loader's
    std::string alignment; // analysis::clockAlignmentName of the store's alignment
    std::string alignmentError; // the alignment asked could not be applied: why
    // For the job's own cache snapshot (importers::job::JobLoader::writeCache): the plan and
    // the alignment asked for ("" for the default), which name the snapshot.
    importers::job::JobPlan plan;
    std::string asked;
};

// The GUI's load of a job, on the load's worker (ImportJob): the job's snapshot in the cache
// when one is valid for its members and the alignment asked; else the ranks load as one
// merged store (importers::job::JobLoader, two at a time, each from its own snapshot when it
// has one), then the store is put on one clock (analysis::JobAligner: the alignment asked
// for, else the default one) with store::StoreMerger::shiftRanks before anyone else holds
// it; the store is immutable once it is handed to the GUI thread, so changing the alignment
// is another load. The job's snapshot is written later, with the indexes (SnapshotSaver).
class JobImport {
public:
    static constexpr unsigned kWorkers = 2;

    // Loads the ranks of `plan` (Kind::Job) and aligns them; `alignment` empty: the default.
    static importers::LoadResult load(const importers::job::JobPlan& plan, const std::string& alignment,
        const importers::ImportContext& ctx, const importers::CacheOptions& cache, JobReport* report);

    // A store read as one profile that holds a job (a .strata file of a job): the report
    // says so, and the store is put on `alignment` when one is asked that it is not on (the
    // indexes its snapshot carried are then dropped: they are of the old times).
    static void adoptLoaded(importers::LoadResult& result, const std::string& alignment, JobReport* report);

    // Puts a job's store, held by nobody else, on `target` (nullopt: JobAligner's default
    // alignment): each rank's recorded times shifted by its offset, offsets applied before
    // undone first; nothing moves when the store is on `target` already. Returns the
    // alignment applied; when an offset would move a rank's times out of what a store
    // holds, the store stays as recorded and *error says why.
    static analysis::ClockAlignment align(
        store::EventStore& store, std::optional<analysis::ClockAlignment> target, std::string* error = nullptr);

    // "recorded", "collectives" or "first-step"; nullopt for anything else.
    static std::optional<analysis::ClockAlignment> alignmentNamed(const std::string& name);
};

} // namespace strata::app
