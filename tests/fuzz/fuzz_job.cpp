// The fuzz target of opening a folder as a job (importers/job: RankProbe reads each file's
// distributedInfo and name, JobGrouper decides), then loading each rank as the command line
// does (ProfileLoader, the importer picked by the probes). One input holds the folder as
// FuzzFolder lays it out: rank-0.json first, then any files after their marks (rank-1.json,
// worker2.json.gz, ...). A refusal or a bad member is fine; a crash, a sanitizer report or a
// hang is not.
#include "fuzzfolder.h"
#include "fuzzscratch.h"

#include <job/jobgrouper.h>
#include <profileloader.h>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using strata::importers::job::JobPlan;
    const std::string folder = strata::fuzz::FuzzScratch::freshFolder("job");
    strata::fuzz::FuzzFolder::layOut(folder, "rank-0.json", data, size);
    const JobPlan plan = strata::importers::job::JobGrouper::plan({ folder });
    if (plan.kind == JobPlan::Kind::Job)
        for (const JobPlan::Member& m : plan.ranks)
            (void)strata::importers::ProfileLoader::load(m.path);
    return 0;
}
