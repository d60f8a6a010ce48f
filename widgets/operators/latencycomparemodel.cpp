#include "latencycomparemodel.h"

#include <common/deltaformat.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QGuiApplication>

#include <cmath>

namespace strata::widgets {

namespace {

QString durationText(double ns)
{
    return UnitFormat::duration(store::TimeNs(std::llround(ns)));
}

QString countText(double n)
{
    return UnitFormat::count(qint64(std::llround(n)));
}

double figure(const analysis::LatencyStats& s, int row)
{
    using R = LatencyCompareModel::Row;
    switch (row) {
    case R::Count: return double(s.count);
    case R::Min: return double(s.minNs);
    case R::Mean: return s.meanNs;
    case R::P50: return s.medianNs;
    case R::P90: return s.p90Ns;
    case R::P95: return s.p95Ns;
    case R::P99: return s.p99Ns;
    case R::Max: return double(s.maxNs);
    default: return 0;
    }
}

} // namespace

LatencyCompareModel::LatencyCompareModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
}

void LatencyCompareModel::setStats(const analysis::LatencyStats& a, const analysis::LatencyStats& b)
{
    beginResetModel();
    m_a = a;
    m_b = b;
    m_a.samples.clear(); // the table needs the figures only
    m_b.samples.clear();
    m_valid = true;
    endResetModel();
}

void LatencyCompareModel::clear()
{
    beginResetModel();
    m_valid = false;
    endResetModel();
}

void LatencyCompareModel::setThresholdPct(double pct)
{
    m_thresholdPct = pct;
    if (rowCount() > 0)
        emit dataChanged(index(0, Delta), index(RowCount - 1, DeltaPct), { Qt::ForegroundRole });
}

std::optional<double> LatencyCompareModel::value(int row, bool bSide) const
{
    const analysis::LatencyStats& s = bSide ? m_b : m_a;
    if (!m_valid || (s.count == 0 && row != Count))
        return std::nullopt;
    return figure(s, row);
}

std::optional<double> LatencyCompareModel::cellValue(int row, int column) const
{
    const std::optional<double> a = value(row, false), b = value(row, true);
    switch (column) {
    case A: return a;
    case B: return b;
    case Delta: return a && b ? std::optional<double>(*b - *a) : std::nullopt;
    case DeltaPct: return a && b ? DeltaFormat::percentOf(*a, *b) : std::nullopt;
    default: return std::nullopt;
    }
}

int LatencyCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_valid ? 0 : RowCount;
}

QVariant LatencyCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return QVariant();
    const int row = index.row(), column = index.column();
    const std::optional<double> v = cellValue(row, column);
    auto format = row == Count ? &countText : &durationText;
    switch (role) {
    case Qt::DisplayRole:
        if (column == Statistic) {
            static const char* const kNames[] = { QT_TR_NOOP("Count"), QT_TR_NOOP("Min"), QT_TR_NOOP("Mean"),
                QT_TR_NOOP("p50"), QT_TR_NOOP("p90"), QT_TR_NOOP("p95"), QT_TR_NOOP("p99"), QT_TR_NOOP("Max") };
            return tr(kNames[row]);
        }
        if (!v)
            return DeltaFormat::missing();
        if (column == Delta)
            return DeltaFormat::signedValue(*v, format);
        if (column == DeltaPct)
            return DeltaFormat::percent(v);
        return format(*v);
    case ValueRole: return column == Statistic || !v ? QVariant() : QVariant(*v);
    case SortRole: return column == Statistic ? QVariant(row) : QVariant(v.value_or(0));
    case Qt::TextAlignmentRole: return alignment(column);
    case Qt::ForegroundRole: {
        const std::optional<double> a = value(row, false), b = value(row, true);
        if ((column != Delta && column != DeltaPct) || row == Count || !a || !b)
            return QVariant();
        const QColor c = DeltaFormat::colour(
            ThemePalette::from(QGuiApplication::palette()), *a, *b, DeltaFormat::Growth::Worse, m_thresholdPct);
        return c.isValid() ? QVariant(c) : QVariant();
    }
    case Qt::ToolTipRole:
        if (column == Statistic && row >= P50 && row <= P99)
            return tr("Percentile, linear interpolation between the closest ranks (numpy's default)");
        if ((column == A || column == B) && v && row != Count)
            return tr("%1 ns").arg(UnitFormat::decimal(*v, 3));
        break;
    default: break;
    }
    return QVariant();
}

QString LatencyCompareModel::columnTitle(int column) const
{
    switch (column) {
    case Statistic: return tr("Statistic");
    case A: return tr("A");
    case B: return tr("B");
    case Delta: return tr("Δ");
    case DeltaPct: return tr("Δ %");
    }
    return QString();
}

} // namespace strata::widgets
