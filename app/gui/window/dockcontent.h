#pragma once
#include <QScrollArea>

namespace strata::app {

// What a dock holds: its view inside a frameless scroll area. A dock's minimum is then this
// small constant, not its view's (which grows with what the view shows: a long argument in
// Event Details, a wide summary row), so
// - the window's minimum stays small enough for a 1366×768 screen at any layout, and
// - content never resizes a dock: QMainWindow grows a dock whose minimum grows, moving the
//   splitter under the user's cursor. Only the user resizes docks.
// A view squeezed below its own minimum scrolls instead of overlapping itself.
class DockContent : public QScrollArea {
    Q_OBJECT
public:
    static constexpr int kMinWidth = 140;
    static constexpr int kMinHeight = 72;

    explicit DockContent(QWidget* view, QWidget* parent = nullptr);

    QSize minimumSizeHint() const override { return { kMinWidth, kMinHeight }; }
    // The view's own wish, so a new dock still opens at a size its view reads well at.
    QSize sizeHint() const override;
};

} // namespace strata::app
