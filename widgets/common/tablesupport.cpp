#include "tablesupport.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QMenu>
#include <QStyle>
#include <QTableView>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>

namespace strata::widgets {

namespace {

QStringList visibleHeaders(const QTreeView* view)
{
    const QAbstractItemModel* model = view->model();
    QStringList out;
    for (int c = 0; c < model->columnCount(); ++c)
        if (!view->isColumnHidden(c))
            out << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    return out;
}

QStringList visibleCells(const QTreeView* view, const QModelIndex& row)
{
    QStringList out;
    for (int c = 0; c < view->model()->columnCount(); ++c)
        if (!view->isColumnHidden(c))
            out << row.siblingAtColumn(c).data().toString();
    return out;
}

// Rows measured per fit: enough for any table a dock shows, bounded for a runaway model.
constexpr int kMaxMeasuredRows = 100000;

bool alignsRight(const QVariant& alignment)
{
    return alignment.isValid() && (Qt::Alignment(alignment.toInt()) & Qt::AlignRight);
}

// The widest DisplayRole text of `column` under `parent`, depth first; `budget` counts down
// the rows still to measure.
int widestText(
    const QAbstractItemModel* model, const QModelIndex& parent, int column, const QFontMetrics& fm, int& budget)
{
    int w = 0;
    const int rows = model->rowCount(parent);
    for (int r = 0; r < rows && budget > 0; ++r, --budget) {
        const QModelIndex i = model->index(r, column, parent);
        w = std::max(w, fm.horizontalAdvance(i.data(Qt::DisplayRole).toString()));
        const QModelIndex first = i.siblingAtColumn(0);
        if (model->hasChildren(first))
            w = std::max(w, widestText(model, first, column, fm, budget));
    }
    return w;
}

QString joinLines(const QStringList& lines)
{
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

QTableView* TableSupport::table(QWidget* parent, const QString& objectName)
{
    auto* v = new QTableView(parent);
    v->setObjectName(objectName);
    v->verticalHeader()->hide();
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    v->horizontalHeader()->setHighlightSections(false);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setAlternatingRowColors(true);
    v->setShowGrid(false);
    v->setWordWrap(false);
    v->setFrameShape(QFrame::NoFrame);
    v->setContextMenuPolicy(Qt::CustomContextMenu);
    return v;
}

void TableSupport::setUp(QTreeView* view, int indentation)
{
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAllColumnsShowFocus(true);
    view->setFrameShape(QFrame::NoFrame);
    view->setIndentation(indentation);
    view->setTextElideMode(Qt::ElideMiddle);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
}

QAction* TableSupport::addCopyAction(QWidget* view, QObject* context, std::function<void()> copy, Menu menu)
{
    auto* action = new QAction(tr("Copy"), view);
    action->setShortcut(QKeySequence::Copy);
    action->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(action, &QAction::triggered, context, std::move(copy));
    view->addAction(action);
    if (menu == Menu::Actions)
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
    return action;
}

QAction* TableSupport::addCopyEntry(QMenu* menu, QObject* context, std::function<void()> copy, bool enabled)
{
    QAction* action = menu->addAction(tr("Copy"), context, std::move(copy));
    action->setShortcut(QKeySequence::Copy);
    action->setEnabled(enabled);
    return action;
}

void TableSupport::addExpandCollapse(QMenu* menu, QTreeView* view, bool enabled)
{
    menu->addAction(tr("Expand All"), view, &QTreeView::expandAll)->setEnabled(enabled);
    menu->addAction(tr("Collapse All"), view, &QTreeView::collapseAll)->setEnabled(enabled);
}

void TableSupport::fitNumberColumns(QTreeView* view)
{
    fitNumberColumnsNow(view);
    QAbstractItemModel* model = view->model();
    if (!model)
        return;
    auto fit = [view] { fitNumberColumnsNow(view); };
    QObject::connect(model, &QAbstractItemModel::modelReset, view, fit);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, view, fit);
    QObject::connect(model, &QAbstractItemModel::rowsInserted, view, fit);
}

bool TableSupport::fitNumberColumnsNow(QTreeView* view)
{
    const QAbstractItemModel* model = view->model();
    if (!model)
        return false;
    QHeaderView* header = view->header();
    const QFontMetrics fm(view->font());
    // The cell's text margins on both sides, as QStyledItemDelegate lays the text out.
    const int margin = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 6;
    for (int c = 1; c < model->columnCount(); ++c) {
        if (view->isColumnHidden(c) || model->rowCount() == 0
            || !alignsRight(model->index(0, c).data(Qt::TextAlignmentRole)))
            continue;
        int budget = kMaxMeasuredRows;
        const int text = widestText(model, QModelIndex(), c, fm, budget) + margin;
        const int needed = std::max(text, header->sectionSizeHint(c));
        if (header->sectionSize(c) < needed)
            header->resizeSection(c, needed);
    }
    return true;
}

QString TableSupport::selectedRowsTsv(const QTreeView* view)
{
    const QModelIndexList rows = view->selectionModel()->selectedRows(0);
    if (rows.isEmpty())
        return QString();
    QStringList lines { visibleHeaders(view).join(QLatin1Char('\t')) };
    for (const QModelIndex& r : rows)
        lines << visibleCells(view, r).join(QLatin1Char('\t'));
    return joinLines(lines);
}

QString TableSupport::groupedRowsTsv(const QTreeView* view, const QString& groupHeader, bool all)
{
    const QAbstractItemModel* model = view->model();
    QStringList lines { (QStringList { groupHeader } + visibleHeaders(view)).join(QLatin1Char('\t')) };
    const QItemSelectionModel* sel = view->selectionModel();
    for (int g = 0; g < model->rowCount(); ++g) {
        const QModelIndex gi = model->index(g, 0);
        const bool wholeGroup = all || sel->isRowSelected(g, QModelIndex());
        for (int r = 0; r < model->rowCount(gi); ++r) {
            if (!wholeGroup && !sel->isRowSelected(r, gi))
                continue;
            lines << (QStringList { gi.data().toString() } + visibleCells(view, model->index(r, 0, gi)))
                         .join(QLatin1Char('\t'));
        }
    }
    return lines.size() > 1 ? joinLines(lines) : QString();
}

QString TableSupport::selectedItemsText(const QTreeWidget* tree, EmptyValue empty)
{
    QStringList lines;
    for (const QTreeWidgetItem* item : tree->selectedItems()) {
        const QString value = item->text(1);
        lines << (value.isEmpty() && empty == EmptyValue::KeyAlone ? item->text(0)
                                                                   : item->text(0) + QLatin1Char('\t') + value);
    }
    return lines.join(QLatin1Char('\n'));
}

void TableSupport::copyText(const QString& text, WhenEmpty empty)
{
    if (!text.isEmpty() || empty == WhenEmpty::ClearClipboard)
        QApplication::clipboard()->setText(text);
}

} // namespace strata::widgets
