#pragma once
#include <store/types.h>

#include <QString>

#include <functional>
#include <optional>
#include <string>

class QAction;
class QMenu;
class QWidget;

namespace strata::analysis {
struct OperatorTree;
} // namespace strata::analysis

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

    // The Operator Table's exports: its top level exactly as strata-cli ops prints it for
    // this level, scope and window, and the whole tree; each as CSV and JSON.
    enum class OperatorText { TableCsv, TableJson, TreeCsv, TreeJson };
    // The text of one; empty without a tree. range: the tree's window, relative to the
    // trace (the JSON says it).
    static std::string operatorText(
        const analysis::OperatorTree* tree, const std::optional<store::TimeRange>& range, OperatorText what);
    // The four entries, named after the tree's outer level and disabled while there is no
    // tree. text makes the chosen export's text when it is chosen (from the tree shown then).
    static void addOperatorExports(QMenu* menu, QWidget* parent, const analysis::OperatorTree* tree,
        std::function<std::string(OperatorText)> text);
};

} // namespace strata::widgets
