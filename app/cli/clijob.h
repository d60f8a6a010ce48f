#pragma once
#include <profileloader.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata::app {

// What a command opened: one profile (a file, or a folder that is one profile), printed as
// it always was, or the ranks of a job (a folder of per-rank traces, or several files),
// loaded in rank order. A member that could not be loaded, or was cut short, has been named
// on stderr with its file, reason and byte offset; the command prints the ranks it has and
// says so in its exit status.
struct CliJob {
    struct Rank {
        std::string path;
        std::optional<int64_t> rank; // none for one profile
        bool rankFromName = false; // no distributedInfo.rank: the file name's number
        importers::LoadResult load;
    };

    bool isJob = false;
    std::vector<Rank> ranks; // loaded: the one profile, or the job's ranks by rank
    size_t failed = 0; // members named on stderr

    // 0: everything read; 2: nothing to print (not a profile, a refused folder); 3: a job
    // printed without the members named on stderr.
    int status() const { return ranks.empty() ? 2 : failed ? 3 : 0; }
};

} // namespace strata::app
