#pragma once
#include <analysis/latency/latencystats.h>
#include <common/numbertablemodel.h>

namespace strata::widgets {

// The latency statistics of one unit as a table (as Furiosa's inference summary): count,
// min, max, mean, median, p90, p95, p97, p99, p99.9 — one row each; columns: the statistic,
// the value in the docks' duration format, and the value in ns as strata-cli latency prints
// it.
class LatencyStatsModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column { Statistic, Value, Nanoseconds, ColumnCount };
    enum Row { Count, Min, Max, Mean, Median, P90, P95, P97, P99, P99_9, RowCount };

    explicit LatencyStatsModel(QObject* parent = nullptr);
    void setStats(const analysis::LatencyStats& stats, bool valid = true);
    const analysis::LatencyStats& stats() const { return m_stats; }
    double value(int row) const; // the raw figure (ns, or the count)

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int column) const override;

    analysis::LatencyStats m_stats;
    bool m_valid = false;
};

} // namespace strata::widgets
