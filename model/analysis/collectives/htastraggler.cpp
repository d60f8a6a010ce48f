#include "htastraggler.h"

#include <analysis/operators/launchindex.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace strata::analysis {

using store::SliceRow;
using store::TimeNs;

namespace {

// One rank's steps as HTA keeps them, and the iteration of a launch time.
struct KeptSteps {
    std::vector<const ProfilerStep*> steps; // kept, in start order
    TimeNs cutoff = std::numeric_limits<TimeNs>::max(); // launches at or after it are dropped

    // HTA walks every step and the last one holding ts wins; steps are in start order, so
    // that is the first holding it going back from the last step starting at or before ts.
    int64_t iterationAt(TimeNs ts) const
    {
        auto it = std::upper_bound(
            steps.begin(), steps.end(), ts, [](TimeNs t, const ProfilerStep* s) { return t < s->start; });
        while (it != steps.begin()) {
            --it;
            if (ts < (*it)->start + (*it)->dur)
                return (*it)->number;
        }
        return -1;
    }
};

bool isNcclKernel(const std::string& name)
{
    return name.rfind("ncclKernel", 0) == 0 || name.rfind("ncclDevKernel", 0) == 0;
}

// The launch call of a device slice (the CPU op when it was linked by External id).
SliceRow launchOf(const LaunchIndex* launches, SliceRow device)
{
    const LaunchIndex::Link* link = launches ? launches->find(device) : nullptr;
    if (!link)
        return {};
    return SliceRow(link->launch != LaunchIndex::kNone ? link->launch : link->innerOp);
}

// The launch links of a rank's device slices. In a store shared by ranks, a rank's tracks are
// one block and the store's slice rows are grouped by track in track order, so its slices are
// one run of rows, and its links (sorted by device row) one run of links: two binary searches,
// not a test per link per rank.
struct LinkRun {
    const LaunchIndex::Link* first = nullptr;
    const LaunchIndex::Link* last = nullptr;
    const LaunchIndex::Link* begin() const { return first; }
    const LaunchIndex::Link* end() const { return last; }
};

LinkRun linksOf(const CollectiveRank& rank)
{
    const std::vector<LaunchIndex::Link>& links = rank.launches->links();
    const store::EventStore& s = *rank.store;
    uint32_t lo = std::numeric_limits<uint32_t>::max(), hi = 0;
    const uint32_t trackEnd = uint32_t(std::min<size_t>(rank.trackEnd, s.trackCount()));
    for (uint32_t t = rank.trackBegin; t < trackEnd; ++t) {
        const store::RowRange rows = s.track(store::TrackId(t)).slices;
        if (!rows.empty()) {
            lo = std::min(lo, rows.begin);
            hi = std::max(hi, rows.end);
        }
    }
    if (lo >= hi)
        return {};
    auto byDevice = [](const LaunchIndex::Link& l, uint32_t row) { return l.device < row; };
    const auto from = std::lower_bound(links.begin(), links.end(), lo, byDevice);
    const auto to = std::lower_bound(from, links.end(), hi, byDevice);
    return { links.data() + (from - links.begin()), links.data() + (to - links.begin()) };
}

std::vector<KeptSteps> keptSteps(const std::vector<std::vector<ProfilerStep>>& steps)
{
    std::set<std::string> names;
    for (const auto& rank : steps)
        for (const ProfilerStep& s : rank)
            names.insert(s.name);
    std::vector<KeptSteps> out(steps.size());
    for (size_t r = 0; r < steps.size(); ++r) {
        if (names.size() > 1 && !steps[r].empty())
            out[r].cutoff = steps[r].back().start; // start order: the last step starts last
        for (const ProfilerStep& s : steps[r])
            if (s.number >= 0 && s.start < out[r].cutoff)
                out[r].steps.push_back(&s);
    }
    return out;
}

// HTA's mean iteration time over the kept iterations, in ns; 0 when there are none.
double meanIterationNs(
    const std::vector<CollectiveRank>& ranks, const std::vector<KeptSteps>& kept, const std::vector<TimeNs>& offsets)
{
    std::set<int64_t> iterations;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (size_t r = 0; r < ranks.size(); ++r) {
        const store::EventStore& s = *ranks[r].store;
        for (const ProfilerStep* step : kept[r].steps) {
            iterations.insert(step->number);
            first = std::min(first, step->start - offsets[r]);
        }
        const uint32_t trackEnd = uint32_t(std::min<size_t>(ranks[r].trackEnd, s.trackCount()));
        for (uint32_t t = ranks[r].trackBegin; t < trackEnd; ++t) {
            const store::TrackInfo& info = s.track(store::TrackId(t));
            if (info.role != store::TrackRole::Host || info.kind == store::TrackKind::Async)
                continue;
            for (uint32_t row = info.slices.begin; row < info.slices.end; ++row)
                if (s.sliceTs(SliceRow(row)) < kept[r].cutoff && kept[r].iterationAt(s.sliceTs(SliceRow(row))) >= 0)
                    last = std::max(last, s.sliceEnd(SliceRow(row)) - offsets[r]);
        }
        if (!ranks[r].launches)
            continue;
        for (const LaunchIndex::Link& link : linksOf(ranks[r])) {
            const SliceRow launch = launchOf(ranks[r].launches, SliceRow(link.device));
            if (!launch.valid() || s.sliceTs(launch) >= kept[r].cutoff || kept[r].iterationAt(s.sliceTs(launch)) < 0)
                continue;
            first = std::min(first, s.sliceTs(SliceRow(link.device)) - offsets[r]);
            last = std::max(last, s.sliceEnd(SliceRow(link.device)) - offsets[r]);
        }
    }
    if (iterations.empty() || last < first)
        return 0;
    return double(last - first) / double(iterations.size());
}

struct Candidate {
    TimeNs start = 0;
    TimeNs dur = 0;
};
// (channel, name) -> iteration -> rank -> the last eligible kernel
using Candidates = std::map<std::pair<std::string, std::string>, std::map<int64_t, std::map<size_t, Candidate>>>;

double sampleStdDev(const std::map<size_t, Candidate>& byRank)
{
    if (byRank.size() < 2)
        return std::nan("");
    double mean = 0;
    for (const auto& [r, c] : byRank)
        mean += double(c.dur);
    mean /= double(byRank.size());
    double sq = 0;
    for (const auto& [r, c] : byRank)
        sq += (double(c.dur) - mean) * (double(c.dur) - mean);
    return std::sqrt(sq / double(byRank.size() - 1));
}

} // namespace

int HtaStraggler::rankOf(const std::vector<CollectiveRank>& ranks, const std::vector<std::vector<CommSeries>>& series,
    const std::vector<std::vector<ProfilerStep>>& steps, const std::vector<TimeNs>& offsets)
{
    const std::vector<KeptSteps> kept = keptSteps(steps);
    const double minDur = meanIterationNs(ranks, kept, offsets) * kMinNormalizedDuration;
    Candidates candidates;
    for (size_t r = 0; r < ranks.size(); ++r) {
        for (const CommSeries& cs : series[r]) {
            if (!isNcclKernel(cs.name))
                continue;
            for (const CommKernel& k : cs.kernels) {
                const SliceRow launch = launchOf(ranks[r].launches, k.row);
                if (!launch.valid() || ranks[r].store->sliceTs(launch) >= kept[r].cutoff)
                    continue;
                const int64_t iter = kept[r].iterationAt(ranks[r].store->sliceTs(launch));
                if (iter <= 0 || double(k.end - k.start) < minDur)
                    continue;
                const Candidate c { k.start - offsets[r], k.end - k.start };
                auto [it, fresh] = candidates[{ cs.channel, cs.name }][iter].try_emplace(r, c);
                if (!fresh && c.start >= it->second.start)
                    it->second = c; // HTA's groupby().last(): the latest of the group
            }
        }
    }
    // The (stream, name) whose durations vary most across ranks.
    const std::map<int64_t, std::map<size_t, Candidate>>* chosen = nullptr;
    double chosenSpread = -1;
    for (const auto& [key, byIteration] : candidates) {
        double sum = 0;
        int n = 0;
        for (const auto& [iter, byRank] : byIteration) {
            const double sd = sampleStdDev(byRank);
            if (!std::isnan(sd)) {
                sum += sd;
                ++n;
            }
        }
        if (n > 0 && sum / n > chosenSpread) {
            chosenSpread = sum / n;
            chosen = &byIteration;
        }
    }
    if (!chosen)
        return -1;
    std::vector<uint32_t> scores(ranks.size(), 0);
    for (const auto& [iter, byRank] : *chosen) {
        TimeNs latest = std::numeric_limits<TimeNs>::min();
        for (const auto& [r, c] : byRank)
            latest = std::max(latest, c.start);
        for (const auto& [r, c] : byRank)
            scores[r] += c.start == latest;
    }
    const auto best = std::max_element(scores.begin(), scores.end());
    return *best > 0 ? int(best - scores.begin()) : -1;
}

} // namespace strata::analysis
