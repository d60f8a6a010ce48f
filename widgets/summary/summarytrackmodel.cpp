#include "summarytrackmodel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <common/summaryformat.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

namespace strata::widgets {

using analysis::TrackSummaryRow;

namespace {

QVariant opt(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant();
}

QString exact(double v, int decimals)
{
    return UnitFormat::decimal(v, decimals);
}

} // namespace

size_t SummaryTrackModel::rowsIn(const analysis::TraceSummary& s) const
{
    return s.tracks.size();
}

SummaryGroupModel::RowKey SummaryTrackModel::keyOf(const analysis::TraceSummary& s, size_t row) const
{
    const TrackSummaryRow& r = s.tracks[row];
    return { r.process, r.processLabel, r.track.v };
}

QVariant SummaryTrackModel::rowData(const analysis::TraceSummary& s, size_t row, int column, int role) const
{
    const TrackSummaryRow& r = s.tracks[row];
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Engine: return SummaryFormat::trackName(r);
        case Events: return UnitFormat::count(r.events);
        case Busy: return UnitFormat::duration(r.busyNs);
        case Util: return SummaryFormat::utilization(r.utilization);
        case AvgDuration: return r.events ? SummaryFormat::duration(r.avgDurNs) : QString();
        case Bytes: return SummaryFormat::optional(r.bytes, &SummaryFormat::bytes);
        case Bandwidth: return SummaryFormat::optional(r.bandwidthBytesPerS, &SummaryFormat::bandwidth);
        case Flops: return SummaryFormat::optional(r.flops, &SummaryFormat::flops);
        case Mfu: return SummaryFormat::optional(r.mfu, &SummaryFormat::utilizationMetric);
        case Hfu: return SummaryFormat::optional(r.hfu, &SummaryFormat::utilizationMetric);
        }
        break;
    case ValueRole:
        switch (column) {
        case Engine: return SummaryFormat::trackName(r);
        case Events: return qulonglong(r.events);
        case Busy: return qlonglong(r.busyNs);
        case Util: return r.utilization;
        case AvgDuration: return r.avgDurNs;
        case Bytes: return opt(r.bytes);
        case Bandwidth: return opt(r.bandwidthBytesPerS);
        case Flops: return opt(r.flops);
        case Mfu: return opt(r.mfu);
        case Hfu: return opt(r.hfu);
        }
        break;
    case SortRole: {
        if (column == Engine)
            return SummaryFormat::trackName(r).toLower();
        const QVariant v = rowData(s, row, column, ValueRole);
        return v.isValid() ? v.toDouble() : -1.0;
    }
    case PercentRole: return column == Util ? QVariant(r.utilization * 100.0) : QVariant();
    case IdRole: return r.track.v;
    case BarColorRole:
        return r.engine == store::WorkKind::Memory       ? ThemePalette::transfer()
            : r.engine == store::WorkKind::Communication ? ThemePalette::communication()
                                                         : ThemePalette::execution();
    case Qt::TextAlignmentRole: return QVariant((column == Engine ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        // Beside device engines, host threads and annotation lanes read as context, not as
        // the device's time.
        if (column == Engine && r.role != store::TrackRole::Device && s.device.fallback.empty())
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        break;
    case Qt::FontRole:
        if (column == Engine && r.role == store::TrackRole::Annotation) {
            QFont f;
            f.setItalic(true); // an annotation lane: drawn, searchable, not device time
            return f;
        }
        break;
    case Qt::ToolTipRole: return rowToolTip(s, r, column);
    default: break;
    }
    return QVariant();
}

QString SummaryTrackModel::rowToolTip(const analysis::TraceSummary& s, const TrackSummaryRow& r, int column) const
{
    switch (column) {
    case Engine: {
        QString tip = QStringLiteral("<b>%1</b><br>%2")
                          .arg(SummaryFormat::trackName(r).toHtmlEscaped(),
                              QString::fromStdString(r.processLabel).toHtmlEscaped());
        if (r.hasTid && !r.tid.isString)
            tip += QStringLiteral(" · tid %1").arg(r.tid.num);
        if (r.kind == store::TrackKind::Async)
            tip += tr(" · async lane %1").arg(r.lane);
        tip += QStringLiteral("<br>")
            + (r.engine == store::WorkKind::Memory               ? tr("Data-transfer engine")
                    : r.engine == store::WorkKind::Communication ? tr("Communication engine")
                                                                 : tr("Compute engine"));
        tip += QStringLiteral(" · ")
            + (r.role == store::TrackRole::Device ? tr("device: its busy time is device time")
                    : r.role == store::TrackRole::Annotation
                    ? tr("annotation lane: labels device work, never busy device time")
                    : tr("host"));
        if (r.overflowLanes)
            tip += QStringLiteral("<br>")
                + tr("Includes %n overflow lane(s): slices that partially overlapped a sibling", nullptr,
                    int(r.overflowLanes));
        return tip;
    }
    case Events: return tr("%1 slices in the window, at every depth").arg(UnitFormat::count(r.events));
    case Busy:
        return tr("%1 ns: the length of the union of the engine's top-level slices inside the window")
            .arg(UnitFormat::count(qint64(r.busyNs)));
    case Util:
        return tr("Busy %1 of %2 (%3 %)")
            .arg(UnitFormat::duration(r.busyNs), UnitFormat::duration(s.window.duration()))
            .arg(r.utilization * 100.0, 0, 'f', 4);
    case AvgDuration: return tr("Mean full duration of those slices: %1 ns").arg(exact(r.avgDurNs, 1));
    case Bytes:
        return r.bytes ? tr("%1 bytes moved (byte-like args: bytes, size, …; slices cut by the window count pro rata)")
                             .arg(exact(*r.bytes, 0))
                       : QString();
    case Bandwidth:
        return r.bandwidthBytesPerS ? tr("%1 GB/s: bytes over busy time").arg(exact(*r.bandwidthBytesPerS * 1e-9, 3))
                                    : QString();
    case Flops: return r.flops ? tr("%1 FLOP").arg(exact(*r.flops, 0)) : QString();
    case Mfu:
        return r.mfu ? tr("Model FLOPs utilisation %1, duration-weighted mean").arg(*r.mfu, 0, 'g', 4) : QString();
    case Hfu:
        return r.hfu ? tr("Hardware FLOPs utilisation %1, duration-weighted mean").arg(*r.hfu, 0, 'g', 4) : QString();
    }
    return QString();
}

QVariant SummaryTrackModel::groupData(const analysis::TraceSummary& s, const Group& g, int column, int role) const
{
    if (role == Qt::DisplayRole)
        return column == Engine ? QVariant(g.label) : QVariant();
    if (role != SortRole && role != Qt::ToolTipRole)
        return QVariant();
    // What adds up over a process's engines: a sort key, and the process row's tooltip.
    uint64_t events = 0;
    double bytes = 0, flops = 0;
    bool hasBytes = false, hasFlops = false;
    for (uint32_t i : g.rows) {
        const TrackSummaryRow& r = s.tracks[i];
        events += r.events;
        if (r.bytes) {
            bytes += *r.bytes;
            hasBytes = true;
        }
        if (r.flops) {
            flops += *r.flops;
            hasFlops = true;
        }
    }
    if (role == SortRole) {
        switch (column) {
        case Engine: return g.label.toLower();
        case Events: return double(events);
        case Bytes: return hasBytes ? bytes : -1.0;
        case Flops: return hasFlops ? flops : -1.0;
        default: return -1.0;
        }
    }
    QStringList sums { g.rows.size() == 1 ? tr("1 engine") : tr("%1 engines").arg(UnitFormat::count(g.rows.size())),
        tr("%1 events").arg(UnitFormat::count(events)) };
    if (hasBytes)
        sums << SummaryFormat::bytes(bytes);
    if (hasFlops)
        sums << SummaryFormat::flops(flops);
    return QStringLiteral("<b>%1</b><br>%2").arg(g.label.toHtmlEscaped(), sums.join(QStringLiteral(" · ")));
}

QVariant SummaryTrackModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Engine: return tr("Engine");
        case Events: return tr("Events");
        case Busy: return tr("Busy");
        case Util: return tr("Utilisation");
        case AvgDuration: return tr("Avg");
        case Bytes: return tr("Bytes");
        case Bandwidth: return tr("Bandwidth");
        case Flops: return tr("FLOPs");
        case Mfu: return tr("MFU");
        case Hfu: return tr("HFU");
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant((section == Engine ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Engine:
            return tr("Threads (their overflow lanes folded in) and async lanes, by process; "
                      "utilisation bars in orange: compute, in blue: data transfer");
        case Events: return tr("Slices in the window, at every depth");
        case Busy: return tr("Length of the union of the engine's top-level slice intervals, clipped to the window");
        case Util: return tr("Busy time over the window's length");
        case AvgDuration: return tr("Average duration: the mean full duration of the slices in the window");
        case Bytes:
            return tr(
                "Data moved: the sum of byte-like args (bytes, size, …); slices cut by the window count pro rata");
        case Bandwidth: return tr("Achieved bandwidth of data-transfer engines: data moved over busy time");
        case Flops: return tr("Sum of FLOP-count args");
        case Mfu: return tr("Model FLOPs utilisation, duration-weighted mean of the slices' args");
        case Hfu: return tr("Hardware FLOPs utilisation, duration-weighted mean of the slices' args");
        }
    }
    return QVariant();
}

} // namespace strata::widgets
