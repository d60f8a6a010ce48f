#pragma once
#include <QList>

class QDockWidget;
class QMainWindow;

namespace strata::app {

// The arrangement a new user gets (Layout > Reset to Default): the timeline keeps the
// centre and most of the height; Search above Event Details on the right; the operator
// docks side by side under the timeline, with Compare, the summaries and Memory as tabs
// behind the Operator Table and Code and Annotations behind Latency. Sizes are proportions of the
// window, so the arrangement fits any screen. Docks are found by objectName, so a dock
// that is not there is simply left out.
class DefaultDockLayout {
public:
    static void arrange(QMainWindow& window, const QList<QDockWidget*>& docks);
    // Sizes need a laid-out window: call again once it is shown.
    static void applySizes(QMainWindow& window);
};

} // namespace strata::app
