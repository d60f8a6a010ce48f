#pragma once
#include <QIcon>
#include <QPixmap>

namespace strata::app {

// The application icon, painted from the same shapes as resources/icons/strata.svg so the
// window icon needs neither the SVG image plugin nor a resource file.
class AppIcon {
public:
    static QIcon icon();
    static QPixmap pixmap(int size, qreal devicePixelRatio = 1.0);
};

} // namespace strata::app
