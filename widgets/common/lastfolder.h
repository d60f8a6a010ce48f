#pragma once
#include <QStandardPaths>
#include <QString>

namespace strata::widgets {

// The folder each kind of file dialog last used, kept apart by purpose, so exporting a
// CSV does not move the Open dialog away from the profiles. QSettings "lastFolder/<purpose>".
class LastFolder {
public:
    static constexpr const char* kProfile = "profile"; // Open, Open Folder
    static constexpr const char* kLayout = "layout"; // Export/Import Layout
    static constexpr const char* kImage = "image"; // Export Image, a chart's Export as Image
    static constexpr const char* kData = "data"; // CSV and JSON exports of tables

    // The remembered folder if it still exists, else `fallback`, else the home folder.
    static QString get(const char* purpose, QStandardPaths::StandardLocation fallback = QStandardPaths::HomeLocation);
    // The folder holding `file` (an open profile, so a dialog for its companion starts beside
    // it, as Compare With… does), or get(purpose) when it is empty or no longer there.
    static QString beside(const QString& file, const char* purpose);
    // Remembers the folder of `path` (a file), or `path` itself when it is a folder.
    static void remember(const char* purpose, const QString& path);
};

} // namespace strata::widgets
