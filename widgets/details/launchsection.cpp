#include "launchsection.h"

#include <common/qstr.h>
#include <common/unitformat.h>

namespace strata::widgets {

namespace {

QString describe(const store::EventStore& s, store::SliceRow r)
{
    return QStringLiteral("%1 · %2").arg(qstr(s.str(s.sliceName(r))), UnitFormat::duration(s.sliceDur(r)));
}

QString whereText(const store::EventStore& s, store::SliceRow r)
{
    const store::TrackId t = s.sliceTrack(r);
    return QStringLiteral("%1 / %2").arg(qstr(s.processLabel(s.track(t).process)), qstr(s.trackLabel(t)));
}

} // namespace

LaunchSection LaunchSection::build(
    const store::EventStore& s, const analysis::LaunchIndex& launches, store::SliceRow row)
{
    LaunchSection out;
    if (!row.valid() || row.v >= s.sliceCount())
        return out;
    if (const analysis::LaunchIndex::Link* link = launches.find(row)) {
        out.title = tr("Launched by");
        if (link->launch != analysis::LaunchIndex::kNone) {
            const store::SliceRow l(link->launch);
            out.rows.push_back({ tr("launch"), describe(s, l), l,
                tr("The host call that launched this work, on %1").arg(whereText(s, l)) });
        }
        const std::vector<store::SliceRow> ops = launches.opStack(s, *link);
        for (size_t i = 0; i < ops.size(); ++i) {
            const QString key = i == 0 ? tr("framework op")
                : i + 1 == ops.size()  ? tr("op")
                                       : tr("op (depth %1)").arg(i + 1);
            out.rows.push_back({ key, describe(s, ops[i]), ops[i],
                i == 0 ? tr("The outermost CPU op around the launch: this work's framework op")
                       : tr("A CPU op around the launch") });
        }
        if (ops.empty())
            out.more = tr("no CPU op encloses the launch");
        return out;
    }
    if (s.track(s.sliceTrack(row)).role == store::TrackRole::Device)
        return out;
    size_t total = 0;
    const std::vector<store::SliceRow> work = launches.launchedBy(s, row, kMaxRows, &total);
    if (work.empty())
        return out;
    out.title = tr("Device work (%1)").arg(total);
    for (size_t i = 0; i < work.size(); ++i)
        out.rows.push_back({ QStringLiteral("↓ %1").arg(i + 1), describe(s, work[i]), work[i],
            tr("Device work launched from here, on %1").arg(whereText(s, work[i])) });
    if (total > work.size())
        out.more = tr("and %1 more").arg(total - work.size());
    return out;
}

} // namespace strata::widgets
