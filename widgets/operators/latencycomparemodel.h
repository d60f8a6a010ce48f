#pragma once
#include <analysis/latency/latencystats.h>
#include <common/numbertablemodel.h>

#include <optional>

namespace strata::widgets {

// The latency of one unit in two profiles side by side (the Latency dock while comparing):
// count, min, mean, p50, p90, p95, p99 and max, each for A, for B, Δ = B − A and Δ % (of A).
// A side without instances shows "—". A duration's Δ is coloured (ThemePalette::slower /
// faster) when |Δ %| is at least the comparison's threshold; the count's is not. The colours
// are the application palette's at the time they are asked for, so a theme switch (which
// repaints every view) recolours the table.
class LatencyCompareModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column { Statistic, A, B, Delta, DeltaPct, ColumnCount };
    enum Row { Count, Min, Mean, P50, P90, P95, P99, Max, RowCount };
    static constexpr int ValueRole = SortRole + 1; // the exact figure (ns or count); invalid where "—"

    explicit LatencyCompareModel(QObject* parent = nullptr);
    void setStats(const analysis::LatencyStats& a, const analysis::LatencyStats& b);
    void clear(); // no rows
    void setThresholdPct(double pct);
    // A row's figure on one side; none when that side has no instances (the count always is).
    std::optional<double> value(int row, bool bSide) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int column) const override;
    std::optional<double> cellValue(int row, int column) const;

    analysis::LatencyStats m_a, m_b;
    bool m_valid = false;
    double m_thresholdPct = 2.0;
};

} // namespace strata::widgets
