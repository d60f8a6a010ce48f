#include "jobgrouper.h"

#include "../sophgo/sophgofolder.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace strata::importers::job {

namespace fs = std::filesystem;

namespace {

// The most frequent value of `key` over the probes that have one, and how often it occurs
// (ties: the smallest value, so the answer does not depend on the files' order).
template <typename T, typename Key> std::pair<T, size_t> mostCommon(const std::vector<RankProbe>& probes, Key key)
{
    std::map<T, size_t> counts;
    for (const RankProbe& p : probes)
        if (const std::optional<T> v = key(p))
            ++counts[*v];
    std::pair<T, size_t> best {};
    for (const auto& [value, n] : counts)
        if (n > best.second)
            best = { value, n };
    return best;
}

std::optional<int64_t> worldSizeOf(const RankProbe& p)
{
    return p.worldSize;
}

std::optional<std::string> patternOf(const RankProbe& p)
{
    return p.nameRank ? std::optional(p.namePattern) : std::nullopt;
}

std::string fileName(const std::string& path)
{
    return fs::path(path).filename().string();
}

// What a file says about its job, for the refusal's listing.
std::string describe(const RankProbe& p)
{
    if (!p.readable)
        return p.error + " (at byte " + std::to_string(p.errorOffset) + ")";
    std::string out;
    if (p.worldSize || p.infoRank)
        out = "distributedInfo world_size " + (p.worldSize ? std::to_string(*p.worldSize) : std::string("none"))
            + ", rank " + (p.infoRank ? std::to_string(*p.infoRank) : std::string("none"));
    else
        out = "no distributedInfo";
    out += p.nameRank ? ", rank " + std::to_string(*p.nameRank) + " in its name (" + p.namePattern + ")"
                      : std::string(", no rank in its name");
    if (p.importer.empty())
        out += ", not a supported profile";
    return out;
}

} // namespace

std::vector<std::string> JobGrouper::filesOf(const std::string& folder)
{
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        std::error_code fileEc;
        if (!name.empty() && name[0] != '.' && it->is_regular_file(fileEc))
            files.push_back((fs::path(folder) / name).string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

bool JobGrouper::isSophgoFolder(const std::string& folder)
{
    return sophgo::SophgoFolder::isProfileFolderName(fs::path(folder).filename().string())
        || !sophgo::SophgoFolder::entryFile(folder).empty();
}

bool JobGrouper::isNeuronProfile(const std::vector<RankProbe>& probes)
{
    // A folder of Neuron files holds the views of one profile (device, system, op tables),
    // not ranks.
    bool neuron = false;
    for (const RankProbe& p : probes) {
        const bool isNeuron = p.importer.rfind("neuron", 0) == 0;
        if (p.readable && !isNeuron)
            return false;
        neuron = neuron || isNeuron;
    }
    return neuron;
}

JobPlan JobGrouper::plan(const std::vector<std::string>& paths)
{
    JobPlan out;
    std::error_code ec;
    if (paths.size() == 1 && !fs::is_directory(paths.front(), ec)) {
        out.kind = JobPlan::Kind::Profile;
        out.profile = paths.front();
        return out;
    }
    std::vector<std::string> files = paths;
    std::string what = "the files given";
    const auto oneProfile = [&out, &paths] {
        out.kind = JobPlan::Kind::Profile;
        out.profile = paths.front();
        return out;
    };
    if (paths.size() == 1) {
        // A folder that is one profile, or holds no file, opens as it always did.
        if (isSophgoFolder(paths.front()))
            return oneProfile();
        what = paths.front();
        files = filesOf(paths.front());
        if (files.empty())
            return oneProfile();
    } else {
        for (const std::string& p : paths) {
            if (fs::is_directory(p, ec)) {
                out.refusal = p + ": a folder among several paths; give one folder, or the files of one job";
                return out;
            }
        }
    }
    std::vector<RankProbe> probes;
    probes.reserve(files.size());
    for (const std::string& f : files)
        probes.push_back(RankProbe::read(f));
    if (paths.size() == 1 && isNeuronProfile(probes))
        return oneProfile();
    return group(probes, what);
}

JobPlan JobGrouper::group(const std::vector<RankProbe>& probes, const std::string& what)
{
    JobPlan out;
    std::vector<RankProbe> readable;
    for (const RankProbe& p : probes) {
        if (p.readable)
            readable.push_back(p);
        else
            out.problems.push_back({ p.path, p.error, p.errorOffset });
    }
    const auto [refWs, wsCount] = mostCommon<int64_t>(readable, worldSizeOf);
    const auto [refPattern, patternCount] = mostCommon<std::string>(readable, patternOf);
    const bool alone = readable.size() == 1;
    const bool byWs = wsCount >= 2 || (alone && wsCount == 1);
    const bool byName = !byWs && (patternCount >= 2 || (alone && patternCount == 1));
    if (!byWs && !byName && !alone) {
        out.refusal = what
            + ": not the traces of one job: no two of its files share distributedInfo.world_size "
              "or a rank pattern in their names (rank-N, rank_N, workerN, x_rankN)";
        if (probes.empty())
            out.refusal = what + ": no trace to open";
        for (const RankProbe& p : probes)
            out.refusal += "\n  " + fileName(p.path) + ": " + describe(p);
        out.problems.clear();
        return out;
    }
    // The name pattern of the job's ranks, for members that carry no distributedInfo.
    std::set<std::string> jobPatterns;
    for (const RankProbe& p : readable)
        if (p.nameRank && ((byWs && p.worldSize == refWs) || (byName && p.namePattern == refPattern)))
            jobPatterns.insert(p.namePattern);
    std::map<int64_t, std::string> taken;
    for (const RankProbe& p : readable) {
        const auto problem = [&out, &p](std::string reason, uint64_t offset) {
            out.problems.push_back({ p.path, std::move(reason), offset });
        };
        if (p.worldSize && byWs && *p.worldSize != refWs) {
            problem("a rank of another job: distributedInfo.world_size " + std::to_string(*p.worldSize)
                    + ", the job's is " + std::to_string(refWs),
                p.infoOffset);
            continue;
        }
        const bool member = alone || (p.worldSize && byWs) || (p.nameRank && jobPatterns.count(p.namePattern) != 0);
        if (!member) {
            if (p.importer.empty())
                problem("not a supported profile", 0);
            else if (p.nameRank)
                problem("not of this job: its name's rank pattern " + p.namePattern + " is not the job's", 0);
            else
                problem("not of this job: no distributedInfo and no rank in its name", 0);
            continue;
        }
        const std::optional<int64_t> rank = alone && !p.rank() ? std::optional<int64_t>(0) : p.rank();
        if (!rank) {
            problem("no rank: distributedInfo has none and its name carries none", p.infoOffset);
            continue;
        }
        const int64_t ws = p.worldSize ? *p.worldSize : byWs ? refWs : 0; // 0: not known
        if (*rank < 0 || (ws > 0 && *rank >= ws)) {
            problem("rank " + std::to_string(*rank) + " is outside the job's world_size "
                    + (ws > 0 ? std::to_string(ws) : std::string("(none)")),
                p.infoOffset);
            continue;
        }
        if (const auto it = taken.find(*rank); it != taken.end()) {
            problem("claims rank " + std::to_string(*rank) + ", which " + fileName(it->second) + " already has",
                p.infoRank ? p.infoOffset : 0);
            continue;
        }
        taken[*rank] = p.path;
        out.ranks.push_back({ p.path, *rank, !p.infoRank && p.nameRank.has_value() });
    }
    std::sort(out.ranks.begin(), out.ranks.end(),
        [](const JobPlan::Member& a, const JobPlan::Member& b) { return a.rank < b.rank; });
    if (byWs)
        out.worldSize = refWs;
    out.kind = out.ranks.empty() ? JobPlan::Kind::Refused : JobPlan::Kind::Job;
    if (out.ranks.empty()) {
        out.refusal = what + ": no rank of the job could be opened";
        for (const JobPlan::Problem& p : out.problems)
            out.refusal += "\n  " + fileName(p.path) + ": " + p.reason + " (at byte " + std::to_string(p.offset) + ")";
    }
    return out;
}

} // namespace strata::importers::job
