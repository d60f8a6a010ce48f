#pragma once
#include <QCoreApplication>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QObject;
class QTableView;
class QTreeView;
class QTreeWidget;
class QWidget;

namespace strata::widgets {

// What the docks' tables and key/value trees have in common: how a table looks and
// selects, Copy on Ctrl+C and in the context menu, and the text a copy puts on the
// clipboard (tab-separated, so it pastes into a spreadsheet).
class TableSupport {
    Q_DECLARE_TR_FUNCTIONS(TableSupport)
public:
    // Whole rows selected, several at a time; alternating row colours; no frame; long
    // names elided in the middle; the owner shows the context menu
    // (customContextMenuRequested).
    static void setUp(QTreeView* view, int indentation);
    // A flat table as the Latency dock's: no row header, rows a line high, whole rows
    // selected, alternating row colours, no grid or frame; the owner shows the context menu.
    static QTableView* table(QWidget* parent, const QString& objectName);

    // How a view's context menu comes about: its owner builds it (Own), or the view lists
    // its actions, Copy among them (Actions).
    enum class Menu { Own, Actions };
    // "Copy" on Ctrl+C while the view has the focus (a widget shortcut: every dock has a
    // Copy, so a window-wide one would be ambiguous).
    static QAction* addCopyAction(QWidget* view, QObject* context, std::function<void()> copy, Menu menu = Menu::Own);
    // The context menu's Copy: Ctrl+C shown as a hint, the view's own action takes the key.
    static QAction* addCopyEntry(QMenu* menu, QObject* context, std::function<void()> copy, bool enabled);
    // "Expand All" and "Collapse All".
    static void addExpandCollapse(QMenu* menu, QTreeView* view, bool enabled = true);

    // Keeps the view's number columns (those whose cells align right) at least as wide as
    // their widest text and their header, measured over every row, collapsed ones too, each
    // time the model resets or changes its layout: a count is never cut ("1,…68"). A column
    // the user made wider stays so.
    static void fitNumberColumns(QTreeView* view);
    // One such fit now; false when the view has no model.
    static bool fitNumberColumnsNow(QTreeView* view);

    // The visible columns' headers, then one line per selected row (its visible cells, in
    // the order the rows were selected); every line ends in '\n'. Empty when no row is
    // selected.
    static QString selectedRowsTsv(const QTreeView* view);
    // A table of groups (top-level rows) and their rows: one line per row, its group's
    // name first under groupHeader, then its visible cells, in the order shown. The
    // selected rows and the rows of selected groups, or all rows; every line ends in '\n'.
    // Empty when that is no row.
    static QString groupedRowsTsv(const QTreeView* view, const QString& groupHeader, bool all);
    // Whether a line of a key/value tree ends in a tab when its value is empty.
    enum class EmptyValue {
        KeyAlone, // a section title or a bare message: the line is the key alone
        KeepTab, // a table of two columns: every line has both
    };
    // A key/value tree's selected items, "key\tvalue" each, one per line (no '\n' after
    // the last), in the order they were selected.
    static QString selectedItemsText(const QTreeWidget* tree, EmptyValue empty);

    // Puts text on the clipboard. An empty text (nothing selected) leaves the clipboard as
    // it was, or empties it too.
    enum class WhenEmpty { KeepClipboard, ClearClipboard };
    static void copyText(const QString& text, WhenEmpty empty = WhenEmpty::KeepClipboard);
};

} // namespace strata::widgets
