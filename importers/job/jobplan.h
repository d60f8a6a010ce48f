#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata::importers::job {

// What JobGrouper decided about the paths a user opened: one profile (a file, or a folder
// that is one profile: Sophgo's bmprofile_data-N, a Neuron profile's files), the per-rank
// traces of one job, or a refusal that lists the files and why they are not one job.
struct JobPlan {
    enum class Kind { Profile, Job, Refused };
    // One rank of the job.
    struct Member {
        std::string path;
        int64_t rank = 0;
        bool rankFromName = false; // no distributedInfo.rank: the number is the file name's
    };
    // A file of the job's folder (or of the files given) that is not loaded, and why.
    struct Problem {
        std::string path;
        std::string reason; // one line, without the path
        uint64_t offset = 0; // byte of the problem in the decompressed input
    };

    Kind kind = Kind::Refused;
    std::string profile; // Kind::Profile: the path to open as one profile
    std::vector<Member> ranks; // Kind::Job: in rank order, each rank once
    std::vector<Problem> problems; // Kind::Job: the files left out
    std::optional<int64_t> worldSize; // Kind::Job: distributedInfo's, when the ranks carry it
    std::string refusal; // Kind::Refused: the message, a line per file found
};

} // namespace strata::importers::job
