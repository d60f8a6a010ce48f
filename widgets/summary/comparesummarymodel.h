#pragma once
#include "comparesummarycomputer.h"
#include <common/themepalette.h>

#include <QAbstractItemModel>

#include <memory>
#include <optional>
#include <vector>

namespace strata::widgets {

// The engines of two summaries side by side (the summaries' A | B | Δ mode): one top-level
// row per engine pair (EngineMatcher) with its busy time in A, in B, Δ = B − A and Δ % (of
// A), and under it a row per other metric either side has: utilisation (Δ in percentage
// points), data moved, bandwidth, FLOPs. A side without the engine or the metric shows "—".
//
// Δ of busy time and bandwidth is coloured (ThemePalette::slower / faster) when |Δ %| is at
// least the comparison's threshold: more busy time is slower, more bandwidth faster. Bytes,
// FLOPs and utilisation are amounts of work, neither better nor worse, and stay uncoloured.
//
// A result with the same pairs (another window of the same two profiles) updates in place,
// so expanded rows and the sort order survive panning. Sorting reorders the engines only;
// the metric rows under each keep their order.
class CompareSummaryModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Engine, A, B, Delta, DeltaPct, ColumnCount };
    enum class Metric { Busy, Util, Bytes, Bandwidth, Flops };
    enum Role {
        SortRole = Qt::UserRole + 1,
        ValueRole, // the side's exact value (A, B columns) or Δ / Δ %; invalid where "—"
        MetricRole, // int(Metric) of the row
    };

    explicit CompareSummaryModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const CompareSummaryComputer::Result> result);
    const std::shared_ptr<const CompareSummaryComputer::Result>& result() const { return m_result; }
    void setThresholdPct(double pct);
    double thresholdPct() const { return m_thresholdPct; }
    void setPalette(const QPalette& palette); // the theme's slower/faster colours

    // The engine pair a row shows (a metric row: its engine's); none for an invalid index.
    std::optional<analysis::EngineMatcher::Pair> pairAt(const QModelIndex& index) const;
    // The side's value of a metric of the pair shown in top-level row `row`.
    std::optional<double> value(int row, Metric metric, bool bSide) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    struct Row {
        analysis::EngineMatcher::Pair pair;
        std::vector<Metric> metrics; // the child rows, Busy excluded
        QString label;
    };
    const analysis::TrackSummaryRow* side(const Row& row, bool bSide) const;
    std::optional<double> metricValue(const Row& row, Metric metric, bool bSide) const;
    QVariant cell(const Row& row, Metric metric, int column, int role) const;
    QString engineToolTip(const Row& row) const;
    void buildRows();
    void reorder(); // m_order and m_position from the sort settings, no signals
    void applySort();
    void emitColours(); // the Δ columns' colours changed (theme, threshold)

    std::shared_ptr<const CompareSummaryComputer::Result> m_result;
    std::vector<Row> m_rows; // in pair order
    std::vector<int> m_order; // display position → index into m_rows
    std::vector<int> m_position; // index into m_rows → display position
    double m_thresholdPct = 2.0;
    ThemePalette m_theme;
    int m_sortColumn = -1; // -1: pair order (A's engines, then B's only)
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace strata::widgets
