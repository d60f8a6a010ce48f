#include "findingthresholds.h"

#include <stdexcept>

namespace strata::analysis {

const std::vector<FindingThresholds::Spec>& FindingThresholds::specs()
{
    static const std::vector<Spec> table {
        { "device-idle.idle_pct", 20, "%", "a device idle for this share of its span" },
        { "exposed-communication.exposed_pct", 15, "%", "communication not hidden behind compute, share of the span" },
        { "clock-offset.offset_us", 50, "µs", "a rank's collectives end this far from the first rank's" },
        { "clock-offset.spread_ratio", 10, "x spread", "and that many times farther than they scatter" },
        { "straggler.last_arrival_pct", 50, "%", "one rank arrives last at this share of its collectives" },
        { "straggler.wait_pct", 10, "%", "and the others wait for it this share of the step time" },
        { "launch-bound.kernels_pct", 30, "%", "share of kernels that run shorter than their launch call" },
        { "sync-stall.sync_pct", 10, "%", "host time in synchronising calls, share of the step time" },
        { "pageable-memcpy.copies", 1, "copies", "copies from or to pageable host memory" },
        { "small-transfers.max_bytes", 65536, "bytes", "a transfer smaller than this is small" },
        { "small-transfers.time_pct", 10, "%", "small transfers' share of the memory time" },
        { "step-variance.cv_pct", 10, "%", "coefficient of variation of the step time" },
        { "step-variance.outlier_ratio", 1.5, "x median", "a step this many times the median step" },
        { "dataloader-wait.wait_pct", 10, "%", "host time in data-loader spans, share of the step time" },
        { "hot-operator.device_pct", 40, "%", "one operator's share of the device time" },
    };
    return table;
}

const FindingThresholds::Spec* FindingThresholds::spec(std::string_view key)
{
    for (const Spec& s : specs())
        if (key == s.key)
            return &s;
    return nullptr;
}

double FindingThresholds::get(std::string_view key) const
{
    const auto it = m_values.find(key);
    if (it != m_values.end())
        return it->second;
    const Spec* s = spec(key);
    if (!s)
        throw std::out_of_range("no findings threshold " + std::string(key));
    return s->defaultValue;
}

bool FindingThresholds::set(std::string_view key, double value)
{
    if (!spec(key) || !(value >= 0))
        return false;
    m_values[std::string(key)] = value;
    return true;
}

} // namespace strata::analysis
