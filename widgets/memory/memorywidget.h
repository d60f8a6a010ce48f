#pragma once
#include "memoryaddressaxis.h"
#include <common/dockcontext.h>

#include <state/latestjob.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QSplitter;
class QStackedWidget;

namespace strata::widgets {

class MemoryChart;
class MemoryUsageBar;

// The Memory dock (objectName "memory"; the memory space-time chart of Sophgo's profiler):
// one MemoryChart per memory space of the store (LOCAL MEM with its banks above GLOBAL
// MEM), sharing the timeline's Viewport and Selection, under a legend (read / write) and
// the global memory's usage by kind. A store without memory accesses gets a one-line
// explanation instead. The address axes are worked out off the GUI thread; ready() says the
// charts are up.
class MemoryWidget : public QWidget {
    Q_OBJECT
public:
    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit MemoryWidget(const DockContext& context, QWidget* parent = nullptr);
    ~MemoryWidget() override;

    bool hasAccesses() const;
    const std::vector<MemoryChart*>& charts() const { return m_charts; }
    MemoryUsageBar* usageBar() const { return m_usage; }
    bool isShowingPlaceholder() const;
    QString placeholderText() const;
    bool isBusy() const { return m_job.inFlight() > 0; }

signals:
    void ready(); // the charts of the current store are shown

private:
    void setStore(std::shared_ptr<const store::EventStore> store);
    using Axes = std::vector<std::pair<store::MemorySpaceId, std::vector<MemoryAddressAxis::Band>>>;
    void showPlaceholder(const QString& text);
    void onAxesReady(Axes axes);

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    std::shared_ptr<const store::EventStore> m_store;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QWidget* m_content;
    QLabel* m_legend;
    QLabel* m_usageTitle;
    MemoryUsageBar* m_usage;
    QSplitter* m_split;
    std::vector<MemoryChart*> m_charts;
    model::LatestJob m_job; // the axes of the current store
};

} // namespace strata::widgets
