#pragma once
#include <QIcon>
#include <QImage>
#include <QPixmap>

namespace strata::app {

// The application icon, painted from the same shapes as resources/icons/strata.svg so the
// window icon needs neither the SVG image plugin nor a resource file.
class AppIcon {
public:
    static QIcon icon();
    // Painting into an image needs no QGuiApplication: the package's PNG icons are made
    // from it at build time (packaging/iconpng.cpp).
    static QImage image(int size, qreal devicePixelRatio = 1.0);
    static QPixmap pixmap(int size, qreal devicePixelRatio = 1.0);
};

} // namespace strata::app
