#pragma once
#include <analysis/indexes/lazyindexes.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <state/marker.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QSplitter;
class QTableView;

namespace strata::widgets {

class AnnotationsTableModel;
class PairMetricsComputer;
class PairMetricsView;
struct PairMetrics;

// The Annotations dock (objectName "annotations"; as in the Neuron profiler): the markers
// of the shared AnnotationsModel as a table (zoom checkbox, colour, name edited in place,
// time, Δ to the previous marker, Diff vs, Δt) and, under it, what ran between the current
// row's marker and its Diff-vs marker (PairMetricsView), computed off the GUI thread once
// the summary index is there. The pane's TimeScope can measure the current selection or the
// visible range instead of the pair. Add, rename, delete, colour, save and load are buttons and
// the table's context menu. The current row follows the marker selected on the timeline.
class AnnotationsWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 60; // a marker being dragged recomputes at most this often

    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit AnnotationsWidget(const DockContext& context, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    AnnotationsTableModel* tableModel() const { return m_model; }
    PairMetricsView* details() const { return m_details; }
    TimeScope* timeScope() const { return m_scope; }
    QComboBox* scopeBox() const { return m_scopeBox; }
    PairMetricsComputer* computer() const { return m_computer; }
    model::MarkerId currentMarker() const { return m_current; }
    bool isBusy() const; // pair metrics are waiting for the debounce or their result
    QSize sizeHint() const override; // the table's columns and the details side by side

    void addMarker(); // at the centre of the visible window
    void renameCurrent();
    void deleteCurrent();
    void chooseColor(); // a QColorDialog for the current marker
    void promptSave();
    void promptLoad();
    // Marker files (AnnotationsFile); on failure `error` names the file and the markers stay.
    bool save(const QString& path, QString* error = nullptr);
    bool load(const QString& path, QString* error = nullptr);

protected:
    void resizeEvent(QResizeEvent* e) override;

signals:
    void metricsUpdated(); // the detail pane shows a new result or placeholder
    void statusMessage(const QString& text, bool warning);

private:
    void setStore(std::shared_ptr<const store::EventStore> store, const QString& tracePath = QString());
    void takeAnalyses(const model::Analyses& analyses); // what is new in them
    QAction* addAction(const QString& text, const QString& name, const QString& tip, void (AnnotationsWidget::*slot)());
    void setCurrent(model::MarkerId id);
    void restoreCurrentRow();
    void updateActions();
    void refreshMetrics();
    void applyMetrics(std::shared_ptr<const PairMetrics> metrics);
    void rebuildAnalysis();
    QString defaultFileDir(bool saving) const; // the profile's folder, else the one last used

    model::AnnotationsModel* m_annotations;
    model::Viewport* m_viewport;
    AnnotationsTableModel* m_model;
    QTableView* m_table;
    PairMetricsView* m_details;
    QSplitter* m_split; // table and details: side by side in a wide dock, stacked in a tall one
    bool m_splitPlaced = false;
    // The session's lazy indexes of the open profile (null without a session): where the
    // pair metrics' operator index is kept.
    std::shared_ptr<analysis::LazyIndexes> m_lazyIndexes;
    PairMetricsComputer* m_computer;
    TimeScope* m_scope; // the marker pair (m_current's), or a window the user picked instead
    QComboBox* m_scopeBox = nullptr;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::SummaryIndex> m_index;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    QString m_tracePath;
    model::MarkerId m_current;
    QString m_pendingTitle;
    QAction *m_addAction, *m_renameAction, *m_deleteAction, *m_colorAction, *m_saveAction, *m_loadAction;
};

} // namespace strata::widgets
