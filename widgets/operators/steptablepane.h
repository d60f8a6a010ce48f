#pragma once
#include <analysis/latency/stepbreakdown.h>
#include <state/statefwd.h>

#include <QWidget>

class QTableView;

namespace strata::widgets {

class StepTableModel;

// The Latency dock's Steps tab: the StepTableModel in a table; the column headers' tooltips
// say what busy, idle and the outlier mark mean (no line of text under it: the dock is often
// only a few rows high). Clicking a step selects its slice and brings it into
// view (Selection::setCurrent with reveal), so the Current Selection Summary reports exactly
// that step. The columns fit their text; the top operator's column takes the rest and
// elides at its end, its whole name in the tooltip.
class StepTablePane : public QWidget {
    Q_OBJECT
public:
    StepTablePane(model::Selection* selection, QWidget* parent = nullptr);

    // origin: the trace start, from which the Start column counts.
    void setSteps(analysis::StepTable steps, store::TimeNs origin);
    StepTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

private:
    void select(const QModelIndex& index);

    model::Selection* m_selection;
    StepTableModel* m_model;
    QTableView* m_view;
};

} // namespace strata::widgets
