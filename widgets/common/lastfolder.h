#pragma once
#include <QStandardPaths>
#include <QString>

class QWidget;

namespace strata::widgets {

// Where a file dialog starts. The folder each kind of dialog last used is kept apart by
// purpose, so exporting a CSV does not move the Open dialog away from the profiles
// (QSettings "lastFolder/<purpose>"). A dialog about the open profile (open another one next
// to it, save its picture, a .strata of it, its markers) starts in that profile's folder, as
// the user expects after opening it from a recent-files list, the command line or a drop,
// none of which passes through a dialog.
class LastFolder {
public:
    static constexpr const char* kProfile = "profile"; // Open, Open Folder, Compare With…
    static constexpr const char* kLayout = "layout"; // Export/Import Layout
    static constexpr const char* kImage = "image"; // Export Image, a chart's Export as Image
    static constexpr const char* kData = "data"; // CSV and JSON exports of tables
    static constexpr const char* kMarkers = "markers"; // the Annotations dock's Save… and Load…

    enum class Access { Read, Write }; // what the dialog does in the folder

    // The remembered folder if it still exists, else `fallback`, else the home folder.
    static QString get(const char* purpose, QStandardPaths::StandardLocation fallback = QStandardPaths::HomeLocation);
    // Remembers the folder of `path` (a file), or `path` itself when it is a folder.
    static void remember(const char* purpose, const QString& path);

    // The folder holding `profilePath` (a trace file's folder; a folder profile's parent, so
    // its siblings show) when it exists and, for Access::Write, can be written; else get().
    static QString forProfile(const QString& profilePath, const char* purpose, Access access,
        QStandardPaths::StandardLocation fallback = QStandardPaths::HomeLocation);
    // The profile open in `widget`'s window: the windowFilePath of `widget` or a parent,
    // which the main window sets to the open profile (empty when none is open, or for the
    // bundled sample, whose folder is not the user's).
    static QString profileOf(const QWidget* widget);
};

} // namespace strata::widgets
