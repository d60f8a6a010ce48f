#pragma once
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace strata::widgets {

// A view written to a picture file, as it is on screen: PNG (at `scale` × its size, for
// slides) or SVG (QSvgGenerator; its size is the on-screen size, and text and lines stay
// vector). The format follows the file's suffix. Written atomically: a failed export
// leaves no half file and does not touch an existing one.
class ImageExport {
public:
    enum class Format { Png, Svg };
    static Format formatOf(const QString& path); // ".svg" (any case) is SVG, anything else PNG
    static bool write(QWidget* view, const QString& path, double scale = 1.0, QString* error = nullptr);

    // "Export as Image…" in a chart's right-click menu: asks for a file (starting in the
    // open profile's folder, else the one last used for images) and writes `view`.
    // `baseName` seeds the file name.
    static QAction* addToMenu(QMenu* menu, QWidget* view, const QString& baseName);
    // The dialog and the write: the path written, empty when cancelled or failed. A failure
    // gets a message box, a success the confirmation in the window's status bar.
    static QString save(QWidget* view, const QString& baseName, double scale = 1.0);
    // The save dialog's file filter and its default path (see LastFolder::forProfile).
    static QString fileFilter();
    static QString suggestedPath(const QWidget* view, const QString& baseName);
    static void rememberFolder(const QString& path);
    // "Exported the image to <path>", for 8 s in the status bar of `view`'s window when it
    // is a main window: a written picture is otherwise nowhere to be seen.
    static QString confirmation(const QString& path);
    static void confirm(QWidget* view, const QString& path);
};

} // namespace strata::widgets
