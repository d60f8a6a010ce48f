#pragma once
#include <QJsonObject>
#include <QMap>
#include <QRect>
#include <QSize>
#include <QString>

class QMainWindow;

namespace strata::app {

// The window on the screen it is on: its first-run size, whether it starts maximised, and
// how a layout saved on another screen is brought onto this one. A layout is pixels; a
// layout saved on a 2560-px screen and loaded on a 1366-px laptop must neither push the
// window off the screen nor keep its docks at their old sizes and squeeze the timeline to
// nothing, so the dock sizes are scaled by the ratio of the window sizes.
class WindowFit {
public:
    // The largest minimum the main window may have in any layout: a 1366×768 laptop's
    // available area, less a panel and the window frame.
    static constexpr QSize kMaxMinimum { 1024, 640 };

    // First run: 90 % of the available area, at most 1600×1000.
    static QRect initialGeometry(const QRect& available);
    // Small screens (a laptop, or a large one at 150 % scaling) start maximised: the
    // docks need the room more than the desktop needs to show around the window.
    static bool prefersMaximized(const QRect& available);
    // `frame` shrunk to fit `available` (keeping its aspect when it must shrink) and moved
    // inside it.
    static QRect fitted(const QRect& frame, const QRect& available);

    // The window's size and the size of each docked, visible dock (by objectName), as
    // saved with a layout so a smaller or larger window can scale them.
    struct Sizes {
        QSize window;
        QMap<QString, QSize> docks;
        bool isEmpty() const { return !window.isValid() || docks.isEmpty(); }
        QJsonObject toJson() const;
        // Values outside (0, 100000] are dropped: the sizes are only hints.
        static Sizes fromJson(const QJsonObject& o);
    };
    static Sizes capture(const QMainWindow& window);
    // Resizes the docks of `window` (already arranged as when `saved` was captured) by the
    // ratio of its size to saved.window. Nothing happens when the sizes are within 2 %.
    static void scaleDocks(QMainWindow& window, const Sizes& saved);
};

} // namespace strata::app
