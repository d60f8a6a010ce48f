#pragma once
#include <analysis/operators/operatortree.h>
#include <common/dockcontext.h>
#include <common/exportactions.h>
#include <common/timescope.h>
#include <state/latestjob.h>

#include <analysis/operators/operatorcatalog.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QStackedWidget;
class QToolButton;
class QTreeView;

namespace strata::widgets {

class OperatorFilterProxy;
class OperatorTreeModel;

// The Operator Table dock (objectName "operatorTable"; as in the Neuron profiler): the
// operator tree — e.g. framework op › operator › command — with count,
// total/self/avg/min/max/median time, share of busy time, bytes, FLOPs, MFU/HFU and engines
// per row, sortable and filterable (substring or regex on name, engine, category).
//
// Selecting rows highlights all their slices on the timeline (Selection::setHighlighted);
// a double-click zooms to the row's longest instance and selects it. The table covers the
// whole trace or the current selection (TimeScope). Aggregation and the highlight's
// row lists run on the thread pool; a generation counter drops results that a newer request
// has overtaken, and the tree keeps its expanded rows, selection and sort across updates.
class OperatorTableWidget : public QWidget {
    Q_OBJECT
public:
    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit OperatorTableWidget(const DockContext& context, QWidget* parent = nullptr);
    ~OperatorTableWidget() override;
    QSize sizeHint() const override; // the default layout's share of a 1600 px window

    void setGrouping(int index);
    int grouping() const;
    void setScope(analysis::OperatorScope scope);
    analysis::OperatorScope scope() const { return m_scope; }
    void setMode(TimeScope::Mode mode);
    TimeScope* timeScope() const { return m_window; }
    void setFilter(const QString& text, bool regex); // at once (the line edit waits for a pause in typing)

    QTreeView* view() const { return m_view; }
    OperatorTreeModel* model() const { return m_model; }
    OperatorFilterProxy* proxy() const { return m_proxy; }
    std::shared_ptr<const analysis::OperatorTree> tree() const;
    bool isBusy() const { return m_building; }

    // What the context menu's exports write: the top level exactly as strata-cli ops
    // prints it for this level, scope and window; and the whole tree.
    std::string tableCsv() const { return exportText(ExportActions::OperatorText::TableCsv); }
    std::string tableJson() const { return exportText(ExportActions::OperatorText::TableJson); }
    std::string treeCsv() const { return exportText(ExportActions::OperatorText::TreeCsv); }
    std::string treeJson() const { return exportText(ExportActions::OperatorText::TreeJson); }
    std::string exportText(ExportActions::OperatorText what) const;

    // A view (proxy) index's node: zoom to its longest slice and select it.
    void zoomToLongest(const QModelIndex& viewIndex);

signals:
    void treeChanged(); // a new aggregation is in the model
    void latencyRequested(const QString& unit); // "Latency of This Operator"

private:
    void setAnalysis(
        std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::OperatorCatalog> catalog);
    void rebuild();
    void applyTree(std::shared_ptr<const analysis::OperatorTree> tree);
    void updateColumns();
    void updateStatus();
    void updatePlaceholder();
    void onSelectionChanged();
    void showContextMenu(const QPoint& pos);
    void copySelection();
    QStringList expandedPaths() const;
    void restoreState(const QStringList& expanded, const QStringList& selected);
    QStringList selectedPaths() const;
    std::vector<int> selectedNodes() const;
    QLayout* buildBar();
    void buildTree();
    void wireActions();

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    TimeScope* m_window;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    analysis::OperatorScope m_scope = analysis::OperatorScope::Device;
    bool m_scopeChosen = false; // the user picked a scope: keep it for the next profile
    bool m_groupingChosen = false; // the user picked a grouping: keep it; else each profile opens at its default level

    QComboBox* m_groupingBox = nullptr;
    QComboBox* m_scopeBox = nullptr;
    QComboBox* m_modeBox = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QToolButton* m_regexButton = nullptr;
    QTimer m_filterDelay;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    QTreeView* m_view = nullptr;
    QLabel* m_status = nullptr;
    OperatorTreeModel* m_model = nullptr;
    OperatorFilterProxy* m_proxy = nullptr;
    bool m_columnsSized = false;

    model::LatestJob m_job;
    bool m_building = false;
    std::optional<store::TimeRange> m_treeRange; // the relative range of the tree shown

    model::LatestJob m_highlightJob;
    std::shared_ptr<const std::vector<store::SliceRow>> m_ownHighlight; // what we last set
    bool m_restoring = false;
};

} // namespace strata::widgets
