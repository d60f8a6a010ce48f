#include "profilersteps.h"

#include <algorithm>
#include <cctype>

namespace strata::analysis {

using store::SliceRow;
using store::TrackId;

int64_t ProfilerSteps::numberOf(std::string_view name)
{
    constexpr std::string_view kPrefix = "ProfilerStep";
    if (name.substr(0, kPrefix.size()) != kPrefix)
        return -1;
    size_t i = kPrefix.size();
    auto skipSpaces = [&] {
        while (i < name.size() && std::isspace(static_cast<unsigned char>(name[i])))
            ++i;
    };
    skipSpaces();
    if (i >= name.size() || name[i] != '#')
        return -1;
    ++i;
    skipSpaces();
    int64_t n = -1;
    // HTA's re.match reads the leading digits and ignores what follows them.
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && n < (int64_t(1) << 58))
        n = (n < 0 ? 0 : n * 10) + (name[i++] - '0');
    return n;
}

std::vector<ProfilerStep> ProfilerSteps::of(const store::EventStore& s)
{
    return of(s, 0, uint32_t(s.trackCount()));
}

StepTimes ProfilerSteps::timesOf(const std::vector<ProfilerStep>& steps)
{
    StepTimes out;
    store::TimeNs sum = 0;
    for (const ProfilerStep& step : steps) {
        sum += step.dur;
        out.maxNs = std::max(out.maxNs, step.dur);
    }
    out.count = steps.size();
    out.meanNs = steps.empty() ? 0 : sum / store::TimeNs(steps.size());
    return out;
}

std::vector<ProfilerStep> ProfilerSteps::of(const store::EventStore& s, uint32_t trackBegin, uint32_t trackEnd)
{
    // The step types first: one name test per type, not per slice.
    std::vector<int64_t> stepOfType(s.types().size(), -2);
    for (uint32_t t = 0; t < stepOfType.size(); ++t) {
        const std::string_view name = s.str(s.types().get(store::TypeId(t)).name);
        if (name.substr(0, 12) == "ProfilerStep")
            stepOfType[t] = numberOf(name);
    }
    std::vector<ProfilerStep> out;
    for (uint32_t i = trackBegin; i < std::min<size_t>(trackEnd, s.trackCount()); ++i) {
        const store::TrackInfo& info = s.track(TrackId(i));
        if (info.role != store::TrackRole::Host
            || (info.kind != store::TrackKind::Thread && info.kind != store::TrackKind::Overflow))
            continue;
        for (uint32_t r = info.slices.begin; r < info.slices.end; ++r) {
            const int64_t n = stepOfType[s.sliceType(SliceRow(r)).v];
            if (n == -2)
                continue;
            const SliceRow row(r);
            out.push_back({ row, std::string(s.str(s.sliceName(row))), n, s.sliceTs(row), s.sliceDur(row) });
        }
    }
    std::sort(out.begin(), out.end(), [](const ProfilerStep& a, const ProfilerStep& b) {
        return a.start != b.start ? a.start < b.start : a.row.v < b.row.v;
    });
    return out;
}

} // namespace strata::analysis
