#include "breakdowncalculator.h"

#include <cstdlib>

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
