#include "latencystatsmodel.h"

#include <common/unitformat.h>

#include <cmath>

namespace strata::widgets {

namespace {

// As the CLI's JSON rounds them: to 1e-3 ns.
double round3(double v)
{
    return std::round(v * 1e3) / 1e3;
}

QString nsText(double v)
{
    return UnitFormat::decimal(round3(v), 3, UnitFormat::Zeros::Drop);
}

} // namespace

LatencyStatsModel::LatencyStatsModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
}

void LatencyStatsModel::setStats(const analysis::LatencyStats& stats, bool valid)
{
    beginResetModel();
    m_stats = stats;
    m_stats.samples.clear(); // the table needs the figures only
    m_valid = valid;
    endResetModel();
}

double LatencyStatsModel::value(int row) const
{
    switch (row) {
    case Count: return double(m_stats.count);
    case Min: return double(m_stats.minNs);
    case Max: return double(m_stats.maxNs);
    case Mean: return m_stats.meanNs;
    case Median: return m_stats.medianNs;
    case P90: return m_stats.p90Ns;
    case P95: return m_stats.p95Ns;
    case P97: return m_stats.p97Ns;
    case P99: return m_stats.p99Ns;
    case P99_9: return m_stats.p99_9Ns;
    default: return 0;
    }
}

int LatencyStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_valid ? 0 : RowCount;
}

QVariant LatencyStatsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= RowCount || index.column() >= ColumnCount || !m_valid)
        return QVariant();
    const int row = index.row();
    const double v = value(row);
    const bool empty = m_stats.count == 0 && row != Count;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Statistic: {
            static const char* const kNames[]
                = { QT_TR_NOOP("Count"), QT_TR_NOOP("Min"), QT_TR_NOOP("Max"), QT_TR_NOOP("Mean"), QT_TR_NOOP("Median"),
                      QT_TR_NOOP("p90"), QT_TR_NOOP("p95"), QT_TR_NOOP("p97"), QT_TR_NOOP("p99"), QT_TR_NOOP("p99.9") };
            return tr(kNames[row]);
        }
        case Value:
            if (empty)
                return QStringLiteral("–");
            return row == Count ? UnitFormat::count(quint64(m_stats.count))
                                : UnitFormat::duration(store::TimeNs(std::llround(v)));
        case Nanoseconds:
            if (empty)
                return QStringLiteral("–");
            return row == Count ? UnitFormat::count(quint64(m_stats.count)) : nsText(v);
        }
        break;
    case SortRole: return index.column() == Statistic ? QVariant(row) : QVariant(v);
    case Qt::TextAlignmentRole: return alignment(index.column());
    case Qt::ToolTipRole:
        if (index.column() == Statistic && row >= P90)
            return tr("Percentile, linear interpolation between the closest ranks (numpy's default)");
        if (index.column() == Value && row != Count && !empty)
            return tr("%1 ns").arg(nsText(v));
        break;
    default: break;
    }
    return QVariant();
}

QString LatencyStatsModel::columnTitle(int column) const
{
    switch (column) {
    case Statistic: return tr("Statistic");
    case Value: return tr("Latency");
    case Nanoseconds: return tr("ns");
    }
    return QString();
}

} // namespace strata::widgets
