#pragma once
#include <QString>
#include <QtGlobal>

class QLabel;
class QWidget;

namespace strata::widgets {

// The labels the docks repeat: the message that stands in for a dock's content, a bold
// heading over it, and text that wraps even where it has no spaces.
class Labels {
public:
    // Centred, wrapped, in the palette's placeholder colour ("Open a profile to …").
    static QLabel* placeholder(QWidget* parent, int margin = 0);
    // Bold, `scale` times the default size, selectable with the mouse.
    static QLabel* heading(QWidget* parent, qreal scale);
    // `text` with a zero-width space where a C++ or path name breaks (after : , ) > / . _,
    // before ( and <) and inside any run of kMaxUnbroken characters without one, so a
    // word-wrapped label of a kernel name wraps instead of widening its dock.
    static constexpr int kMaxUnbroken = 24;
    static QString breakable(const QString& text);
};

} // namespace strata::widgets
