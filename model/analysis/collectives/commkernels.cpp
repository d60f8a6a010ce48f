#include "commkernels.h"

#include <store/workclassifier.h>

#include <algorithm>
#include <map>
#include <utility>

namespace strata::analysis {

using store::SliceRow;
using store::TrackId;

namespace {

// The keys a trace names a collective's process group with (PyTorch's record_param_comms
// and NCCL's own annotations); the first one present wins.
constexpr const char* kGroupKeys[] = { "Process Group Name", "pg_name", "Process Group ID", "pg_id" };

std::string idText(const store::EventStore& s, const store::IdValue& v)
{
    return v.isString ? std::string(s.str(v.str)) : std::to_string(v.num);
}

std::string groupOf(const store::EventStore& s, SliceRow row, const std::vector<store::StringId>& keys)
{
    const store::ArgSetId set = s.sliceArgs(row);
    if (!set.valid())
        return {};
    for (store::StringId key : keys) {
        store::Arg a;
        if (!key.valid() || !s.args().find(set, key, &a))
            continue;
        if (a.kind == store::ArgKind::String)
            return "pg " + std::string(s.str(a.stringValue()));
        double v = 0;
        if (a.number(&v))
            return "pg " + std::to_string(int64_t(v));
    }
    return {};
}

// The thread tracks to read and, per thread, its overflow lanes.
std::vector<TrackId> tracksOf(const CollectiveRank& rank)
{
    const store::EventStore& s = *rank.store;
    std::vector<char> chosen(s.trackCount(), 0);
    if (rank.tracks.empty()) {
        for (uint32_t i = 0; i < s.trackCount(); ++i)
            chosen[i] = rank.owns(TrackId(i)) && s.track(TrackId(i)).role == store::TrackRole::Device;
    } else {
        for (TrackId t : rank.tracks)
            if (t.v < s.trackCount() && rank.owns(t) && s.track(t).role == store::TrackRole::Device)
                chosen[t.v] = 1;
    }
    std::vector<TrackId> out;
    for (uint32_t i = 0; i < s.trackCount(); ++i) {
        const store::TrackInfo& info = s.track(TrackId(i));
        const bool lane = info.kind == store::TrackKind::Overflow && info.parent.valid() && chosen[info.parent.v];
        if ((chosen[i] && info.kind == store::TrackKind::Thread) || lane)
            out.push_back(TrackId(i));
    }
    return out;
}

} // namespace

std::vector<CommSeries> CommKernels::of(const CollectiveRank& rank)
{
    const store::EventStore& s = *rank.store;
    std::vector<store::StringId> keys;
    for (const char* k : kGroupKeys)
        keys.push_back(s.strings().find(k));
    // Per type: its kind by name and category, decided once (-1: not yet).
    std::vector<int8_t> typeKind(s.types().size(), -1);
    std::map<std::pair<std::string, std::string>, std::vector<CommKernel>> series;
    for (TrackId t : tracksOf(rank)) {
        const store::TrackInfo& info = s.track(t);
        const TrackId thread = info.kind == store::TrackKind::Overflow ? info.parent : t;
        const std::string stream = idText(s, s.track(thread).tid);
        const store::WorkKind trackName = store::WorkClassifier::ofTrackName(s, t);
        if (s.levelCount(t) == 0)
            continue;
        const store::RowRange rows = s.level(t, 0);
        for (uint32_t r = rows.begin; r < rows.end; ++r) {
            const SliceRow row(r);
            const store::TypeId type = s.sliceType(row);
            if (typeKind[type.v] < 0) {
                const store::EventType& et = s.types().get(type);
                typeKind[type.v] = int8_t(store::WorkClassifier::ofType(s.str(et.name), s.str(et.category)));
            }
            const bool comm = store::WorkClassifier::combine(trackName, false, store::WorkKind(typeKind[type.v]))
                == store::WorkKind::Communication;
            if (!comm)
                continue;
            const std::string group = groupOf(s, row, keys);
            series[{ std::string(s.str(s.sliceName(row))), group.empty() ? stream : group }].push_back(
                { row, s.sliceTs(row), s.sliceEnd(row) });
        }
    }
    std::vector<CommSeries> out;
    for (auto& [key, kernels] : series) {
        std::sort(kernels.begin(), kernels.end(), [](const CommKernel& a, const CommKernel& b) {
            return a.start != b.start ? a.start < b.start : a.row.v < b.row.v;
        });
        out.push_back({ key.first, key.second, std::move(kernels) });
    }
    return out;
}

} // namespace strata::analysis
