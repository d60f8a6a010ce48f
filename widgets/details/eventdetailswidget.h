#pragma once
#include <common/dockcontext.h>
#include <state/selection.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>

class QLabel;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace strata::analysis {
class OperatorCatalog;
}

namespace strata::widgets {

// The Event Details dock (objectName "eventDetails"): every field of Selection::current —
// identity, where and when it ran, its parent chain, its args as a tree (dotted keys nested)
// its ties to host code (LaunchSection: the launch and CPU ops of device work, the device work
// of a host op) and its flow chain (analysis::FlowChain to Selection::flowDepth hops each way,
// set with the "Flow depth" box shown for slices with flows) and, beside a measured pair
// (Shift+click on the timeline), the exact gap to the other event (MeasureSection) with a
// Copy Δ button. Parent, launch and flow rows are links: activating one makes that event
// current and asks the views to reveal it. Long names wrap; nothing scrolls sideways.
class EventDetailsWidget : public QWidget {
    Q_OBJECT
public:
    // Item data roles of link rows (parents, flows): the EventRef kind and row they point at.
    static constexpr int kTargetKindRole = Qt::UserRole + 1;
    static constexpr int kTargetRowRole = Qt::UserRole + 2;
    static constexpr int kMeasureRole = Qt::UserRole + 3; // true on the "Δ to …" section

    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit EventDetailsWidget(const DockContext& context, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    QString title() const; // the shown event's name, empty when nothing is shown
    QString deltaText() const { return m_deltaText; } // what Copy Δ copies, empty without a measured pair

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setStore(std::shared_ptr<const store::EventStore> store);
    void refresh();
    void setTitle(const QString& name);
    void showSlice(store::SliceRow row);
    void showInstant(store::InstantRow row);
    void showPlaceholder(const QString& text);
    QTreeWidgetItem* section(const QString& title);
    QTreeWidgetItem* field(
        QTreeWidgetItem* section, const QString& key, const QString& value, const QString& toolTip = QString());
    QTreeWidgetItem* link(QTreeWidgetItem* section, const QString& text, const QString& detail, model::EventRef target,
        const QString& toolTip);
    void addArgs(store::ArgSetId args);
    void addFlows(store::SliceRow row);
    void addLaunches(store::SliceRow row);
    void addMeasure(); // the "Δ to …" section of a measured pair (Selection::measure)
    void copyDelta();
    QString where(store::TrackId track) const;
    bool activate(QTreeWidgetItem* item);
    void zoomToCurrent();
    void copySelected();

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog; // of m_store, once built: its launch index
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QLabel* m_title;
    QLabel* m_subtitle;
    QToolButton* m_zoomButton;
    QToolButton* m_copyDelta;
    QString m_deltaText;
    QSpinBox* m_flowDepth;
    QTreeWidget* m_tree;
    // A click on a link rebuilds the tree under the cursor; the second click of a double
    // click must not land on whatever row is now there.
    bool m_clickNavigated = false;
    bool m_swallowRelease = false;
};

} // namespace strata::widgets
