#pragma once
#include <analysis/latency/latencystats.h>

#include <QAbstractTableModel>

namespace strata::widgets {

// The latency statistics of one unit as a table (as Furiosa's inference summary): count,
// min, max, mean, median, p90, p95, p97, p99, p99.9 — one row each; columns: the statistic,
// the value in the docks' duration format, and the value in ns as strata-cli latency prints
// it.
class LatencyStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Statistic, Value, Nanoseconds, ColumnCount };
    enum Row { Count, Min, Max, Mean, Median, P90, P95, P97, P99, P99_9, RowCount };
    static constexpr int SortRole = Qt::UserRole + 1; // the raw number

    explicit LatencyStatsModel(QObject* parent = nullptr);
    void setStats(const analysis::LatencyStats& stats, bool valid = true);
    const analysis::LatencyStats& stats() const { return m_stats; }
    double value(int row) const; // the raw figure (ns, or the count)

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    analysis::LatencyStats m_stats;
    bool m_valid = false;
};

} // namespace strata::widgets
