#pragma once
#include "comparewindowbox.h"
#include <analysis/compare/comparerow.h>
#include <analysis/operators/operatorcatalog.h>
#include <common/dockcontext.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QStackedWidget;
class QTreeView;

namespace strata::analysis {
class OperatorWindowIndex;
}
namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class CompareFilterProxy;
class CompareHighlighter;
class CompareTableModel;

// The Compare dock (objectName "compare"; as HTA's TraceDiff, in one window with both
// timelines): one row per operator identity of A or B at a level, with counts, totals,
// averages and their changes, a status and a bar of Δ; sorted by |Δ total|, filtered by
// text and status. Controls: level, scope, per step, the shared threshold, and a window for
// each side (CompareWindowBox). Clicking rows highlights their operators' slices in both
// timelines (each side's Selection).
//
// Built with a DockContext that has the Comparison; follows A through the session and B
// through DockContext::followB. The comparison (CompareAggregator::compare) and the
// highlight's rows run on the background pool through LatestJob: a newer request or a new
// profile drops a result still on its way.
class CompareWidget : public QWidget {
    Q_OBJECT
public:
    explicit CompareWidget(const DockContext& context, QWidget* parent = nullptr); // needs the Comparison
    ~CompareWidget() override;
    QSize sizeHint() const override;

    void setLevel(analysis::OperatorLevel level);
    analysis::OperatorLevel level() const;
    void setScope(analysis::OperatorScope scope);
    analysis::OperatorScope scope() const;
    void setPerStep(bool on);
    void setStatusFilter(std::optional<analysis::CompareStatus> status);
    void setFilterText(const QString& text);
    CompareWindowBox* windowBox(CompareWindowBox::Side side) const
    {
        return side == CompareWindowBox::Side::A ? m_windowA : m_windowB;
    }

    QTreeView* view() const { return m_view; }
    CompareTableModel* model() const { return m_model; }
    CompareFilterProxy* proxy() const { return m_proxy; }
    std::shared_ptr<const analysis::CompareResult> result() const;
    bool isBusy() const { return m_computing; }
    bool showsTable() const; // false while the placeholder stands in for it
    QString placeholderText() const;
    // The rows as shown (filtered, in view order) as CSV, in the columns strata-cli diff --csv
    // writes (CompareReport).
    std::string tableCsv() const;

signals:
    void resultChanged(); // a new comparison is in the model
    void highlightApplied(); // both sides' highlights are set for the selected rows

private:
    // What a shown result was computed from: the highlight reads the same stores.
    using Steps = std::shared_ptr<const std::vector<store::TimeNs>>;
    struct Inputs {
        std::shared_ptr<const store::EventStore> storeA, storeB;
        std::shared_ptr<const analysis::OperatorCatalog> catalogA, catalogB;
        Steps stepsA, stepsB; // CompareAggregator::stepStarts of each side; null until found
        // Each side's window index at the level and scope last compared; null until built.
        std::shared_ptr<const analysis::OperatorWindowIndex> indexA, indexB;
        bool complete() const { return storeA && storeB && catalogA && catalogB; }
    };
    Inputs currentInputs() const;
    void onProfilesChanged();
    void recompute();
    void applyResult(std::shared_ptr<const analysis::CompareResult> result, Inputs inputs);
    void updatePlaceholder();
    void updateStatus();
    void updatePerStepToolTip();
    void onSelectionChanged();
    void showContextMenu(const QPoint& pos);
    std::vector<int> selectedSourceRows() const;
    void buildControls();
    void buildTable();
    void wireActions();

    model::Comparison* m_comparison;
    QComboBox* m_levelBox = nullptr;
    QComboBox* m_scopeBox = nullptr;
    QCheckBox* m_perStep = nullptr;
    QDoubleSpinBox* m_threshold = nullptr;
    QComboBox* m_statusBox = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    CompareWindowBox* m_windowA = nullptr;
    CompareWindowBox* m_windowB = nullptr;
    QWidget* m_controls = nullptr;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QTreeView* m_view = nullptr;
    QLabel* m_status = nullptr;
    CompareTableModel* m_model = nullptr;
    CompareFilterProxy* m_proxy = nullptr;

    bool m_levelChosen = false; // the user picked a level or scope: keep it for the next pair
    bool m_scopeChosen = false;
    std::weak_ptr<const analysis::OperatorCatalog> m_defaultsFor; // A's catalog the defaults were taken from

    model::LatestJob m_job;
    bool m_computing = false;
    Inputs m_shown; // what the model's result was computed from
    Inputs m_requested; // what the job under way computes from
    CompareHighlighter* m_highlighter;
};

} // namespace strata::widgets
