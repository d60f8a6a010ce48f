#include "jobaligner.h"
#include "clockaligner.h"
#include "commkernels.h"
#include "profilersteps.h"

#include <store/eventstore.h>

#include <algorithm>
#include <limits>

namespace strata::analysis {

using store::TimeNs;
using store::TrackId;

std::vector<CollectiveRank> JobAligner::ranksOf(const store::EventStore& s, const store::JobLayout& layout)
{
    std::vector<CollectiveRank> out;
    out.reserve(layout.ranks().size());
    for (const store::JobRank& jr : layout.ranks()) {
        CollectiveRank r;
        r.rank = jr.rank;
        r.store = &s;
        r.trackBegin = jr.trackBegin;
        r.trackEnd = jr.trackBegin + jr.trackCount;
        for (uint32_t t = r.trackBegin; t < r.trackEnd && t < s.trackCount(); ++t) {
            const store::TrackInfo& info = s.track(TrackId(t));
            if (info.kind == store::TrackKind::Thread && info.role == store::TrackRole::Device)
                r.tracks.push_back(TrackId(t));
        }
        out.push_back(std::move(r));
    }
    return out;
}

ClockAlignment JobAligner::defaultAlignment(const store::EventStore& s, const store::JobLayout& layout)
{
    struct Range {
        TimeNs start = std::numeric_limits<TimeNs>::max();
        TimeNs end = std::numeric_limits<TimeNs>::min();
    };
    std::vector<Range> ranges;
    for (const store::JobRank& jr : layout.ranks()) {
        Range r;
        for (uint32_t t = jr.trackBegin; t < jr.trackBegin + jr.trackCount && t < s.trackCount(); ++t) {
            const store::TrackInfo& info = s.track(TrackId(t));
            // A level's rows are in start order: its first row starts first; ends need a look at each.
            for (uint32_t d = 0; d < info.levelCount; ++d) {
                const store::RowRange rows = s.level(TrackId(t), d);
                if (!rows.empty())
                    r.start = std::min(r.start, s.sliceTs(store::SliceRow(rows.begin)));
            }
            for (uint32_t row = info.slices.begin; row < info.slices.end; ++row)
                r.end = std::max(r.end, s.sliceEnd(store::SliceRow(row)));
            for (uint32_t row = info.instants.begin; row < info.instants.end; ++row) {
                r.start = std::min(r.start, s.instantTs(store::InstantRow(row)));
                r.end = std::max(r.end, s.instantTs(store::InstantRow(row)));
            }
        }
        if (r.start <= r.end)
            ranges.push_back(r);
    }
    for (size_t a = 0; a < ranges.size(); ++a)
        for (size_t b = a + 1; b < ranges.size(); ++b)
            if (ranges[a].end < ranges[b].start || ranges[b].end < ranges[a].start)
                return ClockAlignment::CollectiveEnds;
    return ClockAlignment::Recorded;
}

std::vector<TimeNs> JobAligner::offsets(
    const store::EventStore& s, const store::JobLayout& layout, ClockAlignment alignment)
{
    if (alignment == ClockAlignment::Recorded)
        return std::vector<TimeNs>(layout.ranks().size(), 0);
    std::vector<std::vector<CommSeries>> series;
    std::vector<std::vector<ProfilerStep>> steps;
    for (const CollectiveRank& r : ranksOf(s, layout)) {
        if (alignment == ClockAlignment::CollectiveEnds)
            series.push_back(CommKernels::of(r));
        else
            steps.push_back(ProfilerSteps::of(s, r.trackBegin, r.trackEnd));
    }
    return ClockAligner::offsets(alignment, series, steps);
}

} // namespace strata::analysis
