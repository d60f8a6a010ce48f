#include "operatortablewidget.h"

#include "operatorfilterproxy.h"
#include "operatorgroupings.h"
#include "operatortreemodel.h"
#include <analysis/operators/operatorrows.h>
#include <common/exportactions.h>
#include <common/labels.h>
#include <common/nameelidedelegate.h>
#include <common/percentbardelegate.h>
#include <common/tablesupport.h>
#include <common/themepalette.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>
#include <state/session.h>

#include <analysis/operators/operatoraggregator.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSet>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <state/backgroundpool.h>

#include <algorithm>

namespace strata::widgets {

using analysis::OperatorLevel;
using analysis::OperatorScope;

namespace {

QString pathKey(const analysis::OperatorTree& tree, int node)
{
    return QString::fromStdString(tree.pathText(node, "\x1f"));
}

QString percentText(store::TimeNs part, store::TimeNs whole)
{
    return whole > 0 ? QStringLiteral("%1 %").arg(100.0 * double(part) / double(whole), 0, 'f', 1) : QString();
}

} // namespace

OperatorTableWidget::OperatorTableWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
    , m_window(new TimeScope(context.session, this))
    , m_model(new OperatorTreeModel(this))
    , m_proxy(new OperatorFilterProxy(this))
{
    setObjectName(QStringLiteral("operatorTable"));
    QLayout* bar = buildBar();
    buildTree();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_status);
    wireActions();
    updatePlaceholder();
    updateStatus();
    model::Session* session = context.session;
    session->followIndex<analysis::OperatorCatalog>(
        this, [this, session](std::shared_ptr<const analysis::OperatorCatalog> catalog) {
            setAnalysis(session->store(), std::move(catalog));
        });
}

// The bar above the tree: grouping, scope, window, filter.
QLayout* OperatorTableWidget::buildBar()
{
    m_groupingBox = new QComboBox(this);
    m_groupingBox->setObjectName(QStringLiteral("operatorGrouping"));
    for (const OperatorGroupings::Grouping& g : OperatorGroupings::all())
        m_groupingBox->addItem(g.label);
    m_groupingBox->setToolTip(tr("The levels of the tree, outermost first"));
    m_groupingBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_groupingBox->setMinimumContentsLength(22);

    m_scopeBox = new QComboBox(this);
    m_scopeBox->setObjectName(QStringLiteral("operatorScope"));
    m_scopeBox->addItem(tr("Device"), int(OperatorScope::Device));
    m_scopeBox->addItem(tr("Host"), int(OperatorScope::Host));
    m_scopeBox->addItem(tr("All threads"), int(OperatorScope::All));
    m_scopeBox->setToolTip(tr("Which tracks: accelerator engines, host threads, or every thread"));

    m_modeBox = new TimeScopeBox(m_window, { TimeScope::Mode::WholeTrace, TimeScope::Mode::CurrentSelection }, this);
    m_modeBox->setObjectName(QStringLiteral("operatorWindowMode"));

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("operatorFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter name, engine or category  (name: engine: cat:)"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setMinimumWidth(110);
    m_regexButton = new QToolButton(this);
    m_regexButton->setObjectName(QStringLiteral("operatorFilterRegex"));
    m_regexButton->setText(QStringLiteral(".*"));
    m_regexButton->setCheckable(true);
    m_regexButton->setAutoRaise(true);
    m_regexButton->setToolTip(tr("Regular expression"));
    m_filterDelay.setSingleShot(true);
    m_filterDelay.setInterval(120);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->setSpacing(6);
    bar->addWidget(m_groupingBox);
    bar->addWidget(m_scopeBox);
    bar->addWidget(m_modeBox);
    bar->addSpacing(6);
    bar->addWidget(m_filterEdit, 1);
    bar->addWidget(m_regexButton);
    return bar;
}

// The tree, the placeholder that stands in for it, and the status line under it.
void OperatorTableWidget::buildTree()
{
    m_proxy->setSourceModel(m_model);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("operatorTree"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(OperatorTreeModel::Total, Qt::DescendingOrder);
    TableSupport::setUp(m_view, 16);
    m_view->setExpandsOnDoubleClick(false); // double-click zooms; the arrow expands
    m_view->setItemDelegateForColumn(
        OperatorTreeModel::Percent, new PercentBarDelegate(OperatorTreeModel::PercentRole, m_view));
    m_view->setItemDelegateForColumn(OperatorTreeModel::Name, new NameElideDelegate(m_view)); // rows read apart
    QHeaderView* header = m_view->header();
    header->setSectionsMovable(true);
    header->setStretchLastSection(true);
    header->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    header->setMinimumSectionSize(48);
    TableSupport::fitNumberColumns(m_view);

    m_placeholder = Labels::placeholder(this);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_view);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("operatorStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setContentsMargins(8, 2, 8, 3);
    QFont small = m_status->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    m_status->setFont(small);
    m_status->setForegroundRole(QPalette::PlaceholderText);
}

// What the bar, the tree, its keys and the shared selection do to one another.
void OperatorTableWidget::wireActions()
{
    connect(m_groupingBox, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(m_groupingBox, &QComboBox::activated, this, [this] { m_groupingChosen = true; });
    connect(m_scopeBox, &QComboBox::activated, this, [this] {
        m_scopeChosen = true;
        setScope(OperatorScope(m_scopeBox->currentData().toInt()));
    });
    connect(m_window, &TimeScope::changed, this, &OperatorTableWidget::rebuild);
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this] { m_filterDelay.start(); });
    connect(m_filterEdit, &QLineEdit::returnPressed, this, [this] {
        m_filterDelay.stop();
        setFilter(m_filterEdit->text(), m_regexButton->isChecked());
    });
    connect(&m_filterDelay, &QTimer::timeout, this,
        [this] { setFilter(m_filterEdit->text(), m_regexButton->isChecked()); });
    connect(m_regexButton, &QToolButton::toggled, this, [this](bool on) { setFilter(m_filterEdit->text(), on); });
    connect(m_view, &QTreeView::doubleClicked, this, &OperatorTableWidget::zoomToLongest);
    connect(m_view, &QWidget::customContextMenuRequested, this, &OperatorTableWidget::showContextMenu);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &OperatorTableWidget::onSelectionChanged);
    connect(m_selection, &model::Selection::highlightChanged, this, [this] {
        if (m_ownHighlight && m_selection->highlighted() != m_ownHighlight)
            m_ownHighlight.reset(); // someone else highlights now
    });

    TableSupport::addCopyAction(m_view, this, [this] { copySelection(); });
    auto* zoom = new QAction(tr("Zoom to Longest Instance"), m_view);
    zoom->setShortcuts({ QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter) });
    zoom->setShortcutContext(Qt::WidgetShortcut);
    connect(zoom, &QAction::triggered, this, [this] { zoomToLongest(m_view->currentIndex()); });
    m_view->addAction(zoom);
}

QSize OperatorTableWidget::sizeHint() const
{
    return { 700, 360 };
}

OperatorTableWidget::~OperatorTableWidget() = default;

std::shared_ptr<const analysis::OperatorTree> OperatorTableWidget::tree() const
{
    return m_model->tree();
}

void OperatorTableWidget::setAnalysis(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::OperatorCatalog> catalog)
{
    const bool newStore = store != m_store;
    if (!newStore && catalog == m_catalog)
        return;
    m_store = std::move(store);
    m_catalog = m_store ? std::move(catalog) : nullptr;
    if (newStore) {
        m_job.cancel();
        m_building = false;
        m_model->setTree(nullptr);
        m_ownHighlight.reset();
    }
    if (m_catalog && !m_scopeChosen) {
        m_scope = analysis::OperatorAggregator::defaultScope(*m_catalog);
        m_scopeBox->setCurrentIndex(m_scopeBox->findData(int(m_scope)));
    }
    if (m_catalog && !m_groupingChosen) { // a new catalog: a new profile
        const QSignalBlocker block(m_groupingBox); // rebuilt below
        m_groupingBox->setCurrentIndex(OperatorGroupings::startingAt(m_catalog->defaultLevel()));
    }
    if (m_catalog)
        rebuild();
    updatePlaceholder();
    updateStatus();
}

void OperatorTableWidget::setGrouping(int index)
{
    if (index >= 0 && index < m_groupingBox->count())
        m_groupingBox->setCurrentIndex(index); // rebuilds
}

int OperatorTableWidget::grouping() const
{
    return m_groupingBox->currentIndex();
}

void OperatorTableWidget::setScope(OperatorScope scope)
{
    m_scopeBox->setCurrentIndex(m_scopeBox->findData(int(scope)));
    if (scope == m_scope && m_model->tree())
        return;
    m_scope = scope;
    rebuild();
}

void OperatorTableWidget::setMode(TimeScope::Mode mode)
{
    m_window->setMode(mode);
}

void OperatorTableWidget::setFilter(const QString& text, bool regex)
{
    if (m_filterEdit->text() != text) {
        const QSignalBlocker block(m_filterEdit);
        m_filterEdit->setText(text);
    }
    if (m_regexButton->isChecked() != regex) {
        const QSignalBlocker block(m_regexButton);
        m_regexButton->setChecked(regex);
    }
    m_filterDelay.stop();
    m_proxy->setPattern(text, regex);
    m_filterEdit->setToolTip(
        m_proxy->isValid() ? QString() : tr("Invalid regular expression: %1").arg(m_proxy->errorText()));
    // An invalid regex turns the text red; otherwise the edit inherits (light or dark).
    QPalette pal;
    if (!m_proxy->isValid())
        pal.setColor(QPalette::Text, ThemePalette::from(palette()).error);
    m_filterEdit->setPalette(pal);
    if (!text.trimmed().isEmpty() && m_proxy->isValid())
        m_view->expandToDepth(0); // show where the matches are
    updateStatus();
}

// --- aggregation --------------------------------------------------------------------------

void OperatorTableWidget::rebuild()
{
    if (!m_store || !m_catalog)
        return;
    m_building = true;
    updateStatus();
    const auto levels = OperatorGroupings::all()[size_t(std::max(0, m_groupingBox->currentIndex()))].levels;
    const store::TimeRange window = m_window->window();
    m_treeRange = m_window->relativeRange();
    m_job.run(
        this,
        [store = m_store, catalog = m_catalog, levels, window, scope = m_scope](const std::atomic<bool>& cancel) {
            return analysis::OperatorTreeBuilder::build(*store, *catalog, levels, window, scope, &cancel);
        },
        [this](std::shared_ptr<const analysis::OperatorTree> tree) { applyTree(std::move(tree)); });
}

void OperatorTableWidget::applyTree(std::shared_ptr<const analysis::OperatorTree> tree)
{
    if (!tree)
        return; // cancelled
    m_building = false;
    const QStringList expanded = expandedPaths();
    const QStringList selected = selectedPaths();
    m_model->setTree(std::move(tree));
    updateColumns();
    restoreState(expanded, selected);
    updatePlaceholder();
    updateStatus();
    emit treeChanged();
}

void OperatorTableWidget::updateColumns()
{
    for (int c : { OperatorTreeModel::Bytes, OperatorTreeModel::Flops, OperatorTreeModel::Mfu, OperatorTreeModel::Hfu })
        m_view->setColumnHidden(c, !m_model->columnHasData(c));
    if (m_columnsSized || !m_model->tree())
        return;
    m_columnsSized = true;
    const QFontMetrics fm(m_view->font());
    const int pad = 14;
    const int number = fm.horizontalAdvance(QStringLiteral("000.000 ms")) + pad;
    m_view->setColumnWidth(OperatorTreeModel::Name, fm.horizontalAdvance(QLatin1Char('x')) * 36);
    m_view->setColumnWidth(OperatorTreeModel::Count, fm.horizontalAdvance(QStringLiteral("00,000")) + pad);
    for (int c : { OperatorTreeModel::Total, OperatorTreeModel::Self, OperatorTreeModel::Avg, OperatorTreeModel::Min,
             OperatorTreeModel::Max, OperatorTreeModel::Median })
        m_view->setColumnWidth(c, number);
    m_view->setColumnWidth(OperatorTreeModel::Percent, fm.horizontalAdvance(QStringLiteral("100.00 %")) + 28);
    m_view->setColumnWidth(OperatorTreeModel::Bytes, fm.horizontalAdvance(QStringLiteral("000.00 MB")) + pad);
    m_view->setColumnWidth(OperatorTreeModel::Flops, fm.horizontalAdvance(QStringLiteral("000.0 GFLOP")) + pad);
    m_view->setColumnWidth(OperatorTreeModel::Mfu, fm.horizontalAdvance(QStringLiteral("100.0 %")) + pad);
    m_view->setColumnWidth(OperatorTreeModel::Hfu, fm.horizontalAdvance(QStringLiteral("100.0 %")) + pad);
}

void OperatorTableWidget::updatePlaceholder()
{
    const auto tree = m_model->tree();
    QString text;
    if (!m_store)
        text = tr("Open a profile to see its operators.");
    else if (!tree)
        text = tr("Aggregating operators…");
    else if (tree->nodes.empty())
        text = m_scope == OperatorScope::Device && !m_catalog->hasDeviceTracks()
            ? tr("This trace has no accelerator tracks. Choose “All threads”.")
            : m_window->mode() == TimeScope::Mode::CurrentSelection ? tr("No slices start in the current selection.")
                                                                    : tr("No slices in this scope.");
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(m_view) : m_placeholder);
}

void OperatorTableWidget::updateStatus()
{
    const auto tree = m_model->tree();
    if (!m_store || !tree) {
        m_status->clear(); // the placeholder says what is going on
        return;
    }
    const analysis::OperatorTable& t = tree->table;
    // Split as Operator Charts splits it: communication apart from execution when there is some.
    const store::TimeNs execution = t.executionNs - t.communicationNs;
    const QString communication = t.communicationNs > 0
        ? tr("  ·  communication %1 (%2)")
              .arg(UnitFormat::duration(t.communicationNs), percentText(t.communicationNs, t.busyNs))
        : QString();
    QString text = tr("%1 %2 slices  ·  busy %3  ·  execution %4 (%5)%6  ·  data transfer %7 (%8)  ·  %9")
                       .arg(UnitFormat::count(quint64(t.events)))
                       .arg(QString::fromLatin1(analysis::operatorScopeName(t.scope)))
                       .arg(UnitFormat::duration(t.busyNs), UnitFormat::duration(execution),
                           percentText(execution, t.busyNs), communication, UnitFormat::duration(t.transferNs),
                           percentText(t.transferNs, t.busyNs), m_window->describe());
    if (m_proxy->isValid() && !m_proxy->pattern().trimmed().isEmpty())
        text += m_proxy->rowCount() == 1
            ? tr("  ·  1 top-level row matches")
            : tr("  ·  %1 top-level rows match").arg(UnitFormat::count(m_proxy->rowCount()));
    if (m_building)
        text += tr("  ·  updating…");
    m_status->setText(text);
    m_status->setToolTip(tr("Aggregated in %1 ms").arg(tree->seconds * 1e3, 0, 'f', 1));
}

// --- state across updates -----------------------------------------------------------------

QStringList OperatorTableWidget::expandedPaths() const
{
    QStringList out;
    const auto tree = m_model->tree();
    if (!tree)
        return out;
    std::vector<QModelIndex> stack;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        stack.push_back(m_proxy->index(r, 0));
    while (!stack.empty()) {
        const QModelIndex i = stack.back();
        stack.pop_back();
        if (!m_view->isExpanded(i))
            continue;
        out << pathKey(*tree, m_model->nodeOf(m_proxy->mapToSource(i)));
        for (int r = 0; r < m_proxy->rowCount(i); ++r)
            stack.push_back(m_proxy->index(r, 0, i));
    }
    return out;
}

QStringList OperatorTableWidget::selectedPaths() const
{
    QStringList out;
    const auto tree = m_model->tree();
    if (!tree)
        return out;
    for (int node : selectedNodes())
        out << pathKey(*tree, node);
    return out;
}

void OperatorTableWidget::restoreState(const QStringList& expanded, const QStringList& selected)
{
    const auto tree = m_model->tree();
    if (!tree)
        return;
    const QSet<QString> open(expanded.begin(), expanded.end());
    const QSet<QString> chosen(selected.begin(), selected.end());
    if (open.isEmpty() && chosen.isEmpty())
        return;
    QItemSelection selection;
    QModelIndex current;
    for (size_t n = 0; n < tree->nodes.size(); ++n) {
        if (tree->nodes[n].children.empty() && chosen.isEmpty())
            continue;
        const QString key = pathKey(*tree, int(n));
        const QModelIndex viewIndex = m_proxy->mapFromSource(m_model->indexOfNode(int(n)));
        if (!viewIndex.isValid())
            continue;
        if (open.contains(key))
            m_view->setExpanded(viewIndex, true);
        if (chosen.contains(key)) {
            selection.select(viewIndex, viewIndex.siblingAtColumn(OperatorTreeModel::ColumnCount - 1));
            if (!current.isValid())
                current = viewIndex;
        }
    }
    if (!chosen.isEmpty()) {
        if (selection.isEmpty()) {
            // The rows are gone from this window: their highlight no longer describes it.
            if (m_ownHighlight && m_selection->highlighted() == m_ownHighlight)
                m_selection->clearHighlighted();
            m_ownHighlight.reset();
            return;
        }
        m_view->selectionModel()->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
        m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    }
}

// --- selection → timeline ----------------------------------------------------------------

std::vector<int> OperatorTableWidget::selectedNodes() const
{
    std::vector<int> nodes;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows(0)) {
        const int n = m_model->nodeOf(m_proxy->mapToSource(i));
        if (n >= 0)
            nodes.push_back(n);
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

void OperatorTableWidget::onSelectionChanged()
{
    const auto tree = m_model->tree();
    const std::vector<int> nodes = selectedNodes();
    if (!tree || nodes.empty() || !m_store || !m_catalog) {
        m_highlightJob.cancel();
        if (m_ownHighlight && m_selection->highlighted() == m_ownHighlight)
            m_selection->clearHighlighted();
        m_ownHighlight.reset();
        return;
    }
    QString label = nodes.size() == 1 ? QString::fromStdString(tree->pathText(nodes.front()))
                                      : tr("%1 operators").arg(UnitFormat::count(nodes.size()));
    using Rows = std::shared_ptr<const std::vector<store::SliceRow>>;
    m_highlightJob.run(
        this,
        [store = m_store, catalog = m_catalog, tree, nodes](const std::atomic<bool>& cancel) -> Rows {
            std::vector<store::SliceRow> all;
            for (int n : nodes) {
                std::vector<store::SliceRow> rows
                    = analysis::OperatorRows::collect(*store, *catalog, *tree, n, &cancel);
                if (cancel.load())
                    return nullptr;
                if (all.empty()) {
                    all = std::move(rows);
                } else {
                    std::vector<store::SliceRow> merged;
                    merged.reserve(all.size() + rows.size());
                    std::set_union(all.begin(), all.end(), rows.begin(), rows.end(), std::back_inserter(merged));
                    all = std::move(merged);
                }
            }
            return std::make_shared<const std::vector<store::SliceRow>>(std::move(all));
        },
        [this, label](const Rows& rows) {
            if (!rows)
                return;
            m_ownHighlight = rows;
            m_selection->setHighlighted(rows, label);
        });
}

void OperatorTableWidget::zoomToLongest(const QModelIndex& viewIndex)
{
    const auto tree = m_model->tree();
    const int node = m_model->nodeOf(m_proxy->mapToSource(viewIndex));
    if (!tree || node < 0 || !m_store)
        return;
    const store::SliceRow row = tree->nodes[size_t(node)].longest;
    if (!row.valid() || row.v >= m_store->sliceCount())
        return;
    const store::TimeNs start = m_store->sliceTs(row), end = m_store->sliceEnd(row);
    const store::TimeNs pad = std::max<store::TimeNs>((end - start) / 10, 1);
    if (m_viewport)
        m_viewport->setVisible({ start - pad, end + pad });
    m_selection->setCurrent(model::EventRef::slice(row), true);
}

// --- context menu, copy, export -----------------------------------------------------------

std::string OperatorTableWidget::exportText(ExportActions::OperatorText what) const
{
    return ExportActions::operatorText(m_model->tree().get(), m_treeRange, what);
}

void OperatorTableWidget::showContextMenu(const QPoint& pos)
{
    const auto tree = m_model->tree();
    QMenu menu(this);
    const QModelIndex at = m_view->indexAt(pos);
    const int node = m_model->nodeOf(m_proxy->mapToSource(at));
    QAction* zoom = menu.addAction(tr("Zoom to Longest Instance"), this, [this, at] { zoomToLongest(at); });
    zoom->setShortcut(QKeySequence(Qt::Key_Return)); // shown as a hint; the view's own action handles the key
    zoom->setEnabled(node >= 0);
    if (node >= 0) {
        const OperatorLevel level = tree->levels[size_t(tree->nodes[size_t(node)].depth)];
        if (level == OperatorLevel::Op || level == OperatorLevel::Name || level == OperatorLevel::Command) {
            const QString unit = QString::fromStdString(tree->nodes[size_t(node)].row.name);
            menu.addAction(tr("Latency of “%1”").arg(unit.size() > 40 ? unit.left(39) + QChar(0x2026) : unit), this,
                [this, unit] { emit latencyRequested(unit); });
        }
    }
    TableSupport::addCopyEntry(
        &menu, this, [this] { copySelection(); }, !selectedNodes().empty());
    menu.addSeparator();
    TableSupport::addExpandCollapse(&menu, m_view, tree != nullptr);
    menu.addSeparator();
    ExportActions::addOperatorExports(
        &menu, this, tree.get(), [this](ExportActions::OperatorText what) { return exportText(what); });
    menu.setToolTipsVisible(true);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

void OperatorTableWidget::copySelection()
{
    TableSupport::copyText(TableSupport::selectedRowsTsv(m_view));
}

} // namespace strata::widgets
