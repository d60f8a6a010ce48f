#include "summarytable.h"

#include "summarygroupmodel.h"
#include <common/tablesupport.h>

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QSortFilterProxyModel>

#include <algorithm>

namespace strata::widgets {

namespace {
constexpr int kPad = 10; // cell margins around a number
}

SummaryTable::SummaryTable(SummaryGroupModel* model, const QString& objectName, QWidget* parent)
    : QTreeView(parent)
    , m_model(model)
    , m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(SummaryGroupModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    setObjectName(objectName);
    setModel(m_proxy);
    TableSupport::setUp(this, 12);
    QHeaderView* h = header();
    h->setStretchLastSection(false);
    h->setSectionsMovable(false);
    h->setSortIndicator(-1, Qt::DescendingOrder); // trace order until the user sorts
    setSortingEnabled(true);
    connect(this, &QWidget::customContextMenuRequested, this, &SummaryTable::showContextMenu);
    TableSupport::addCopyAction(this, this, [this] { copyRows(false); });
    // Process rows span the table: the engine column needs only the engines' names.
    auto span = [this] {
        for (int r = 0; r < m_proxy->rowCount(); ++r)
            setFirstColumnSpanned(r, QModelIndex(), true);
    };
    connect(m_proxy, &QAbstractItemModel::modelReset, this, span);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, span);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, span);
}

// The longest name, indented under its process (the process rows span the whole table).
void SummaryTable::measureNames(const QFontMetrics& fm)
{
    int w = 0;
    for (int g = 0; g < m_model->rowCount(); ++g) {
        const QModelIndex gi = m_model->index(g, 0);
        for (int r = 0; r < m_model->rowCount(gi); ++r)
            w = std::max(w, fm.horizontalAdvance(m_model->data(m_model->index(r, 0, gi), Qt::DisplayRole).toString()));
    }
    m_nameWidth = std::min(w + 2 * indentation() + 12, fm.horizontalAdvance(QLatin1Char('x')) * 42);
}

void SummaryTable::fitColumn(const QFontMetrics& fm, int column, const QString& sample, int extra)
{
    const int header
        = fm.horizontalAdvance(m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString()) + kPad + 6;
    setColumnWidth(column, std::max(header, fm.horizontalAdvance(sample) + kPad + extra));
}

void SummaryTable::growColumn(const QFontMetrics& fm, int column, int extra)
{
    int w = 0;
    for (int g = 0; g < m_model->rowCount(); ++g) {
        const QModelIndex gi = m_model->index(g, 0);
        for (int r = 0; r < m_model->rowCount(gi); ++r)
            w = std::max(w, fm.horizontalAdvance(m_model->index(r, column, gi).data().toString()));
    }
    if (w + kPad + extra > columnWidth(column))
        setColumnWidth(column, w + kPad + extra);
}

void SummaryTable::fitFirstColumn()
{
    int numbers = 0;
    for (int c = 1; c < model()->columnCount(); ++c)
        if (!isColumnHidden(c))
            numbers += columnWidth(c);
    QHeaderView* h = header();
    const int room = viewport()->width() - numbers;
    if (room >= m_nameWidth) {
        h->setSectionResizeMode(0, QHeaderView::Stretch);
        return;
    }
    // Short of room the names give first (elided in the middle, whole in the tooltip), down
    // to about 20 characters; below that the table scrolls sideways.
    const int floor = std::min(m_nameWidth, fontMetrics().horizontalAdvance(QLatin1Char('x')) * 20);
    h->setSectionResizeMode(0, QHeaderView::Interactive);
    setColumnWidth(0, std::max(room, floor));
}

// The viewport's resize, not the view's: the viewport's size is final when it arrives.
bool SummaryTable::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::Resize)
        fitFirstColumn();
    return QTreeView::viewportEvent(event);
}

void SummaryTable::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this] { copyRows(false); }, selectionModel()->hasSelection());
    menu.addAction(tr("Copy Table"), this, [this] { copyRows(true); });
    menu.addSeparator();
    TableSupport::addExpandCollapse(&menu, this);
    QAction* order = menu.addAction(tr("Trace Order"), this, [this] { sortByColumn(-1, Qt::AscendingOrder); });
    order->setEnabled(header()->sortIndicatorSection() >= 0);
    menu.exec(viewport()->mapToGlobal(pos));
}

// One line per engine or counter with its process first, as shown (sorted, visible
// columns).
void SummaryTable::copyRows(bool all) const
{
    TableSupport::copyText(TableSupport::groupedRowsTsv(this, tr("Process"), all));
}

} // namespace strata::widgets
