#include "breakdowncalculator.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace strata::analysis {

RankBreakdown BreakdownCalculator::compute(
    const store::EventStore& s, const BreakdownIndex& index, store::TimeRange window, store::TimeNs thresholdNs)
{
    RankBreakdown out;
    out.rank = rankOf(s);
    out.window = window;
    out.thresholdNs = thresholdNs;
    out.times = index.rank(window, thresholdNs);
    for (uint32_t d = 0; d < index.devices().size(); ++d) {
        const BreakdownIndex::Device& device = index.devices()[d];
        DeviceBreakdown row;
        row.process = device.process;
        row.pid = s.process(device.process).pid;
        row.label = s.processLabel(device.process);
        row.times = index.device(d, window, thresholdNs);
        for (uint32_t e : device.engines) {
            const BreakdownIndex::Engine& engine = index.engines()[e];
            row.engines.push_back(
                { engine.track, s.trackLabel(engine.track), engine.kind, index.engine(e, window, thresholdNs) });
        }
        out.devices.push_back(std::move(row));
    }
    return out;
}

RankBreakdown BreakdownCalculator::computeRank(const store::EventStore& s, const BreakdownIndex& index,
    const store::JobRank& rank, store::TimeRange window, store::TimeNs thresholdNs)
{
    RankBreakdown out;
    out.rank = rank.rank;
    out.window = window;
    out.thresholdNs = thresholdNs;
    const std::string prefix = "rank " + std::to_string(rank.rank) + " \u00b7 "; // StoreMerger's
    std::vector<store::TrackId> tracks;
    for (uint32_t d = 0; d < index.devices().size(); ++d) {
        const BreakdownIndex::Device& device = index.devices()[d];
        if (device.process.v < rank.processBegin || device.process.v >= rank.processBegin + rank.processCount)
            continue;
        DeviceBreakdown row;
        row.process = device.process;
        row.pid = s.process(device.process).pid;
        row.label = s.processLabel(device.process);
        if (row.label.compare(0, prefix.size(), prefix) == 0)
            row.label.erase(0, prefix.size());
        // The merger names an unnamed process "Process PID": its own file's label is that alone.
        const std::string unnamed = "Process " + std::to_string(row.pid.num);
        if (!row.pid.isString && row.label == unnamed + " (" + std::to_string(row.pid.num) + ")")
            row.label = unnamed;
        row.times = index.device(d, window, thresholdNs);
        for (uint32_t e : device.engines) {
            const BreakdownIndex::Engine& engine = index.engines()[e];
            tracks.push_back(engine.track);
            row.engines.push_back(
                { engine.track, s.trackLabel(engine.track), engine.kind, index.engine(e, window, thresholdNs) });
        }
        out.devices.push_back(std::move(row));
    }
    out.times = index.tracks(tracks, window, thresholdNs);
    return out;
}

std::optional<int64_t> BreakdownCalculator::rankOf(const store::EventStore& s)
{
    for (const auto& [key, value] : s.metadata()) {
        if (key != "distributedInfo.rank" || value.empty())
            continue;
        char* end = nullptr;
        const long long rank = std::strtoll(value.c_str(), &end, 10);
        if (*end == '\0')
            return rank;
    }
    return std::nullopt;
}

} // namespace strata::analysis
