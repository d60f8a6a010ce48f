#pragma once
#include <QtGlobal>

class QLabel;
class QWidget;

namespace strata::widgets {

// The labels the docks repeat: the message that stands in for a dock's content, and a
// bold heading over it.
class Labels {
public:
    // Centred, wrapped, in the palette's placeholder colour ("Open a profile to …").
    static QLabel* placeholder(QWidget* parent, int margin = 0);
    // Bold, `scale` times the default size, selectable with the mouse.
    static QLabel* heading(QWidget* parent, qreal scale);
};

} // namespace strata::widgets
