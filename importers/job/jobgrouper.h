#pragma once
#include "jobplan.h"
#include "rankprobe.h"

#include <string>
#include <vector>

namespace strata::importers::job {

// Decides whether the paths a user opened are the per-rank traces of one distributed job
// (PyTorch writes one Kineto trace per rank) and which file is which rank. Files belong to
// one job when they share distributedInfo.world_size, or, without it, the pattern of a rank
// in their names (rank-N, rank_N, workerN, x_rankN_y); the rank is distributedInfo.rank,
// else the name's. A folder that is one profile (Sophgo's bmprofile_data-N, the files of a
// Neuron profile) is opened as it always was, not as a job. Only headers are read
// (RankProbe), so a refusal costs no import.
class JobGrouper {
public:
    // One file: a profile. One folder: its files (not hidden, not in subfolders) as a job,
    // unless the folder is one profile or holds no file (then it opens as it always did).
    // Several files: a job.
    static JobPlan plan(const std::vector<std::string>& paths);
    // The decision on probed files; `what` names them in a refusal (the folder, or "the files").
    static JobPlan group(const std::vector<RankProbe>& probes, const std::string& what);
    // The regular files of a folder that are not hidden, sorted by name.
    static std::vector<std::string> filesOf(const std::string& folder);
    // A Sophgo bmprofile_data-N folder (or one holding its files): one profile.
    static bool isSophgoFolder(const std::string& folder);
    // Files that are all a Neuron profile's (and at least one): one profile, not ranks.
    static bool isNeuronProfile(const std::vector<RankProbe>& probes);
};

} // namespace strata::importers::job
