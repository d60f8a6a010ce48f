#include "breakdownshares.h"

#include <cmath>

namespace strata::analysis {

namespace {

double share(store::TimeNs part, store::TimeNs whole)
{
    return 100.0 * double(part) / double(whole);
}

} // namespace

std::optional<BreakdownShares::Shares> BreakdownShares::of(const BreakdownTimes& t)
{
    if (t.spanNs <= 0)
        return std::nullopt;
    Shares s;
    s.compute = share(t.computeNs, t.spanNs);
    s.communication = share(t.communicationNs, t.spanNs);
    s.memory = share(t.memoryNs, t.spanNs);
    s.idle = share(t.idleNs, t.spanNs);
    s.overlapped = t.commOverlapPct();
    s.memoryShown = t.memoryNs > 0;
    return s;
}

std::string BreakdownShares::percent(double pct)
{
    // Integers only, so no decimal separator can follow the locale.
    if (pct > 0 && pct < 0.5)
        return "<1 %";
    if (pct < 100 && pct >= 99.5)
        return ">99 %";
    return std::to_string(static_cast<long long>(std::lround(pct))) + " %";
}

std::string BreakdownShares::line(const BreakdownTimes& t)
{
    const std::optional<Shares> s = of(t);
    if (!s)
        return "no device work in the window";
    static const std::string dot = " \xc2\xb7 "; // " · "
    std::string out = "compute " + percent(s->compute);
    if (s->overlapped)
        out += dot + "communication " + percent(s->communication) + " (" + percent(*s->overlapped) + " overlapped)";
    if (s->memoryShown)
        out += dot + "memory " + percent(s->memory);
    out += dot + "idle " + percent(s->idle);
    return out;
}

} // namespace strata::analysis
