#pragma once
#include <QString>

#include <vector>

class QWidget;

namespace strata::widgets {
struct DockContext;
}

namespace strata::app {

// The docks' ids, which are their objectNames: saved layouts restore docks by these, so an
// id never changes once released.
struct DockId {
    static constexpr const char* eventDetails = "eventDetailsDock";
    static constexpr const char* operatorTable = "operatorTableDock";
    static constexpr const char* compare = "compareDock";
    static constexpr const char* operatorCharts = "operatorChartsDock";
    static constexpr const char* latency = "latencyDock";
    static constexpr const char* overallSummary = "overallSummaryDock";
    static constexpr const char* selectionSummary = "selectionSummaryDock";
    static constexpr const char* annotations = "annotationsDock";
    static constexpr const char* search = "searchDock";
    static constexpr const char* code = "codeEditorDock";
    static constexpr const char* memory = "memoryDock";
    static constexpr const char* timeBreakdown = "timeBreakdownDock";
    static constexpr const char* ranks = "ranksDock";
    static constexpr const char* findings = "findingsDock";
};

// Where the default arrangement (DefaultDockLayout) puts a dock.
enum class DockArea {
    Right, // the column right of the timeline, top to bottom: Search over Event Details
    Bottom, // side by side under the timeline, left to right: Operator Table | Charts | Latency
    BehindBottomFirst, // a tab behind the first Bottom dock (the Operator Table), which stays in front
    BehindBottomLast, // a tab behind the last Bottom dock (Latency), which stays in front
    BehindRightFirst, // a tab behind the first Right dock (Search), which stays in front
};

// `order`: the dock's rank in its area (top to bottom, left to right, tab order after the
// host). The list's own order is the View menu's, which is why the two differ.
struct DockPlace {
    DockArea area;
    int order;
};

// One dock of the window: `factory` makes its view from the window's DockContext (the view
// then follows the session itself); the window wraps it in a QDockWidget named `id`.
struct DockSpec {
    const char* id;
    const char* title; // untranslated; title() translates it
    QWidget* (*factory)(const widgets::DockContext& context, QWidget* parent);
    DockPlace place;
};

// Every dock of the window, in one explicit list (dockregistry.cpp): adding a dock is one
// line there plus its folder in widgets/. The list's order is the order the docks are made
// in and listed in the View menu. Checked at compile time: ids and places are unique, and a
// tab group holds at most kMaxTabs docks (six tabs elide every title on a 1366-px screen).
class DockRegistry {
public:
    static constexpr int kMaxTabs = 5;

    static const std::vector<DockSpec>& all();
    static const DockSpec* find(const QString& id); // null: no such dock
    // The docks placed in `area`, in their order.
    static std::vector<const DockSpec*> in(DockArea area);
    static QString title(const DockSpec& spec);
};

} // namespace strata::app
