#pragma once
#include <QString>

#include <functional>
#include <string>

class QAction;
class QMenu;
class QWidget;

namespace strata::widgets {

// Export entries for a table's context menu: each asks for a file name (starting in the
// last export folder) and writes the text atomically (QSaveFile), so an interrupted export
// never leaves half a file behind.
class ExportActions {
public:
    using TextFn = std::function<std::string()>;
    // label: "Export as CSV…"; baseName: the suggested file name without extension
    // ("operators-framework"); extension: "csv" or "json". The text is made when chosen.
    static QAction* add(QMenu* menu, QWidget* parent, const QString& label, const QString& baseName,
        const QString& extension, TextFn text);
    // "Export as CSV…" and "Export as JSON…"; either function may be empty.
    static void addPair(QMenu* menu, QWidget* parent, const QString& baseName, TextFn csv, TextFn json);
    // The dialog and the write; false when cancelled or failed (failures get a message box).
    static bool save(QWidget* parent, const QString& baseName, const QString& extension, const std::string& text);
    static bool writeFile(const QString& path, const std::string& text, QString* error = nullptr);
    // A file-name-safe form of a name: "latency-ProfilerStep", no '/', ':' or blanks.
    static QString safeName(const QString& name);
};

} // namespace strata::widgets
