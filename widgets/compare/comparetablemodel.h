#pragma once
#include <analysis/compare/comparerow.h>

#include <QAbstractTableModel>

#include <memory>

namespace strata::widgets {

// The Compare dock's table over a CompareResult: one row per operator identity of A or B.
// Read-only; setResult() swaps the whole result (a model reset).
//
// Roles: DisplayRole is the text shown (times through UnitFormat, as every dock shows
// them); SortRole the raw number (or the name) a proxy sorts by, with Δ total and Δ avg by
// magnitude so a descending sort puts the largest changes first whatever their sign;
// StatusRole the row's CompareStatus as int; DeltaBarRole (Δ total column) the row's Δ over
// the largest |Δ| of the result, in [-1, 1], for the bar.
class CompareTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Status,
        ACount,
        BCount,
        ATotal,
        BTotal,
        DeltaTotal,
        DeltaPct,
        AAvg,
        BAvg,
        DeltaAvg,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, StatusRole, DeltaBarRole };

    explicit CompareTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const analysis::CompareResult> result);
    const std::shared_ptr<const analysis::CompareResult>& result() const { return m_result; }
    const analysis::CompareRow* rowAt(int row) const; // null outside the result

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "Added", "Removed", "Slower", "Faster", "Unchanged"
    static QString statusText(analysis::CompareStatus status);
    // "+12.5 %", "−3.0 %"; empty when A has none
    static QString deltaPctText(const std::optional<double>& pct);
    // A signed duration: "+1.250 ms", "−12 ns", "0 ns"
    static QString signedDuration(double ns);
    // A count, whole ("1,234") or, per step, with two decimals ("12.50")
    static QString countText(double count);

private:
    QVariant display(const analysis::CompareRow& row, int column) const;
    QVariant sortValue(const analysis::CompareRow& row, int column) const;
    QString toolTip(const analysis::CompareRow& row) const;

    std::shared_ptr<const analysis::CompareResult> m_result;
    double m_maxAbsDelta = 0;
};

} // namespace strata::widgets
