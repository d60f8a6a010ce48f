#pragma once
#include <analysis/compare/comparerow.h>
#include <store/types.h>

#include <QWidget>

#include <functional>

namespace strata::widgets {

// Operator Charts in compare mode (objectName "operatorCompareBars"): where the time of A
// and of B goes, side by side. One row per operator that takes the most time in either
// profile (kTopRows, by the larger of the two totals), then Execution, Communication (when
// either side has some) and Data transfer:
// the name, a bar for A over a bar for B (the latency histogram's colours, A blue, B
// orange) on one scale per block, and Δ %. Painted rather than a chart so that eight rows
// stay readable in a dock a laptop gives a few hundred pixels; a row's tooltip tells both
// totals. The rows are CompareAggregator's join of the two operator tables at the dock's
// level, so they agree with the Compare dock.
class OperatorCompareBars : public QWidget {
    Q_OBJECT
public:
    static constexpr int kTopRows = 8;
    using MenuFn = std::function<void(const QPoint& globalPos)>;

    // A side's busy time split by kind of work, as Operator Charts' bar splits it: execution
    // (neither communication nor data transfer), communication, data transfer.
    struct Split {
        store::TimeNs executionNs = 0;
        store::TimeNs communicationNs = 0;
        store::TimeNs transferNs = 0;
    };

    explicit OperatorCompareBars(MenuFn menu, QWidget* parent = nullptr);

    // The joined rows (any order) and each side's split; no rows clears the operators.
    void setRows(const std::vector<analysis::CompareRow>& rows, Split a, Split b);
    QStringList operators() const; // the operator rows shown, top first
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    struct Row {
        QString name;
        double a = 0, b = 0; // ns
        double aCount = -1, bCount = -1; // slices; -1 for the split rows
    };
    int rowHeight() const;
    int rowAt(int y) const; // index into m_rows, or -1
    QString toolTipFor(const Row& row) const;

    MenuFn m_menu;
    std::vector<Row> m_rows; // operators, then the split rows
    size_t m_operatorRows = 0;
};

} // namespace strata::widgets
