#include "comparewidget.h"

#include "comparefilterproxy.h"
#include "comparehighlighter.h"
#include "comparetablemodel.h"
#include "deltabardelegate.h"
#include <analysis/compare/compareaggregator.h>
#include <analysis/operators/operatorwindowindex.h>
#include <common/exportactions.h>
#include <common/labels.h>
#include <common/nameelidedelegate.h>
#include <common/tablesupport.h>
#include <common/unitformat.h>
#include <report/comparereport.h>
#include <state/comparison.h>
#include <state/selection.h>
#include <state/session.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::widgets {

using analysis::CompareStatus;
using analysis::OperatorLevel;
using analysis::OperatorScope;

namespace {

QLabel* caption(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace

CompareWidget::CompareWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_comparison(context.compare)
    , m_model(new CompareTableModel(this))
    , m_proxy(new CompareFilterProxy(this))
    , m_highlighter(new CompareHighlighter(context.compare, this))
{
    setObjectName(QStringLiteral("compare"));
    buildControls();
    buildTable();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_controls);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_status);
    wireActions();
    // Both profiles: A through the session, B through the comparison.
    context.session->follow(
        this, [this] { onProfilesChanged(); }, [this] { onProfilesChanged(); });
    context.followB(this, [this] { onProfilesChanged(); });
}

CompareWidget::~CompareWidget() = default;

QSize CompareWidget::sizeHint() const
{
    return { 700, 360 };
}

// Two rows above the table: what is compared (level, scope, per step, threshold) with the
// filters, then the window of each side.
void CompareWidget::buildControls()
{
    m_controls = new QWidget(this);
    m_levelBox = new QComboBox(m_controls);
    m_levelBox->setObjectName(QStringLiteral("compareLevel"));
    const std::pair<OperatorLevel, QString> levels[] = { { OperatorLevel::Framework, tr("Framework op") },
        { OperatorLevel::Op, tr("Op") }, { OperatorLevel::Layer, tr("Layer") }, { OperatorLevel::Module, tr("Module") },
        { OperatorLevel::Hlo, tr("HLO instruction") }, { OperatorLevel::Command, tr("Command") },
        { OperatorLevel::Name, tr("Slice name") } };
    for (const auto& [level, label] : levels)
        m_levelBox->addItem(label, int(level));
    m_levelBox->setToolTip(tr("The operator level whose names are matched between A and B (instance numbers "
                              "such as #12 or _3 removed)"));

    m_scopeBox = new QComboBox(m_controls);
    m_scopeBox->setObjectName(QStringLiteral("compareScope"));
    m_scopeBox->addItem(tr("Device"), int(OperatorScope::Device));
    m_scopeBox->addItem(tr("Host"), int(OperatorScope::Host));
    m_scopeBox->addItem(tr("All threads"), int(OperatorScope::All));
    m_scopeBox->setToolTip(tr("Which tracks: accelerator engines, host threads, or every thread"));

    m_perStep = new QCheckBox(tr("Per step"), m_controls);
    m_perStep->setObjectName(QStringLiteral("comparePerStep"));

    m_threshold = new QDoubleSpinBox(m_controls);
    m_threshold->setObjectName(QStringLiteral("compareThreshold"));
    m_threshold->setRange(0.0, 100.0);
    m_threshold->setDecimals(1);
    m_threshold->setSingleStep(0.5);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setValue(m_comparison->thresholdPct());
    m_threshold->setToolTip(tr("Unchanged: a row whose total changed by less than this, in percent of A"));

    m_statusBox = new QComboBox(m_controls);
    m_statusBox->setObjectName(QStringLiteral("compareStatusFilter"));
    m_statusBox->addItem(tr("All"), -1);
    for (CompareStatus s : { CompareStatus::Added, CompareStatus::Removed, CompareStatus::Slower, CompareStatus::Faster,
             CompareStatus::Unchanged })
        m_statusBox->addItem(CompareTableModel::statusText(s), int(s));
    m_statusBox->setToolTip(tr("Show only the rows of one status"));

    m_filterEdit = new QLineEdit(m_controls);
    m_filterEdit->setObjectName(QStringLiteral("compareFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter names"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setMinimumWidth(100);

    m_windowA = new CompareWindowBox(m_comparison, CompareWindowBox::Side::A, m_controls);
    m_windowB = new CompareWindowBox(m_comparison, CompareWindowBox::Side::B, m_controls);

    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    top->addWidget(m_levelBox);
    top->addWidget(m_scopeBox);
    top->addWidget(m_perStep);
    top->addWidget(caption(tr("Unchanged under"), m_controls));
    top->addWidget(m_threshold);
    top->addSpacing(6);
    top->addWidget(m_statusBox);
    top->addWidget(m_filterEdit, 1);
    auto* windows = new QHBoxLayout;
    windows->setSpacing(6);
    windows->addWidget(caption(tr("A:"), m_controls));
    windows->addWidget(m_windowA, 1);
    windows->addSpacing(6);
    windows->addWidget(caption(tr("B:"), m_controls));
    windows->addWidget(m_windowB, 1);
    auto* rows = new QVBoxLayout(m_controls);
    rows->setContentsMargins(6, 4, 6, 2);
    rows->setSpacing(4);
    rows->addLayout(top);
    rows->addLayout(windows);
}

void CompareWidget::buildTable()
{
    m_proxy->setSourceModel(m_model);
    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("compareTable"));
    m_view->setModel(m_proxy);
    TableSupport::setUp(m_view, 0);
    m_view->setRootIsDecorated(false);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(CompareTableModel::DeltaTotal, Qt::DescendingOrder);
    m_view->setItemDelegateForColumn(
        CompareTableModel::DeltaTotal, new DeltaBarDelegate(CompareTableModel::DeltaBarRole, m_view));
    m_view->setItemDelegateForColumn(CompareTableModel::Name, new NameElideDelegate(m_view)); // rows read apart
    QHeaderView* header = m_view->header();
    header->setSectionsMovable(true);
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(48);
    // The change and its bar next to the name, as the Operator Table puts its share there:
    // what the eye scans for stays in sight in a narrow dock.
    header->moveSection(header->visualIndex(CompareTableModel::DeltaTotal), 2);
    header->moveSection(header->visualIndex(CompareTableModel::DeltaPct), 3);
    const QFontMetrics fm(m_view->font());
    const int pad = 14;
    m_view->setColumnWidth(CompareTableModel::Name, fm.horizontalAdvance(QLatin1Char('x')) * 32);
    m_view->setColumnWidth(CompareTableModel::Status, fm.horizontalAdvance(QStringLiteral("Unchanged")) + pad);
    m_view->setColumnWidth(CompareTableModel::DeltaTotal, fm.horizontalAdvance(QStringLiteral("+000.000 ms")) + 40);
    m_view->setColumnWidth(CompareTableModel::DeltaPct, fm.horizontalAdvance(QStringLiteral("+100.0 %")) + pad);
    for (int c : { CompareTableModel::ACount, CompareTableModel::BCount })
        m_view->setColumnWidth(c, fm.horizontalAdvance(QStringLiteral("00,000")) + pad);
    for (int c : { CompareTableModel::ATotal, CompareTableModel::BTotal, CompareTableModel::AAvg,
             CompareTableModel::BAvg, CompareTableModel::DeltaAvg })
        m_view->setColumnWidth(c, fm.horizontalAdvance(QStringLiteral("+000.000 ms")) + pad);
    TableSupport::fitNumberColumns(m_view);

    m_placeholder = Labels::placeholder(this, 12);
    m_placeholder->setObjectName(QStringLiteral("comparePlaceholder"));
    m_placeholder->setTextFormat(Qt::RichText);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_view);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setContentsMargins(8, 2, 8, 3);
    m_status->setWordWrap(true);
    QFont small = m_status->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    m_status->setFont(small);
    m_status->setForegroundRole(QPalette::PlaceholderText);
}

void CompareWidget::wireActions()
{
    connect(m_levelBox, &QComboBox::currentIndexChanged, this, &CompareWidget::recompute);
    connect(m_levelBox, &QComboBox::activated, this, [this] { m_levelChosen = true; });
    connect(m_scopeBox, &QComboBox::currentIndexChanged, this, &CompareWidget::recompute);
    connect(m_scopeBox, &QComboBox::activated, this, [this] { m_scopeChosen = true; });
    connect(m_perStep, &QCheckBox::toggled, this, &CompareWidget::recompute);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, m_comparison, &model::Comparison::setThresholdPct);
    connect(m_comparison, &model::Comparison::thresholdChanged, this, [this](double pct) {
        if (m_threshold->value() != pct) {
            const QSignalBlocker block(m_threshold);
            m_threshold->setValue(pct);
        }
        recompute();
    });
    connect(m_statusBox, &QComboBox::currentIndexChanged, this, [this] {
        const int s = m_statusBox->currentData().toInt();
        m_proxy->setStatus(s < 0 ? std::nullopt : std::optional<CompareStatus>(CompareStatus(s)));
        updateStatus();
    });
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setText(text);
        updateStatus();
    });
    connect(m_windowA, &CompareWindowBox::windowChanged, this, &CompareWidget::recompute);
    connect(m_windowB, &CompareWindowBox::windowChanged, this, &CompareWidget::recompute);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CompareWidget::onSelectionChanged);
    connect(m_highlighter, &CompareHighlighter::applied, this, &CompareWidget::highlightApplied);
    connect(m_view, &QWidget::customContextMenuRequested, this, &CompareWidget::showContextMenu);
    TableSupport::addCopyAction(
        m_view, this, [this] { TableSupport::copyText(TableSupport::selectedRowsTsv(m_view)); });
}

CompareWidget::Inputs CompareWidget::currentInputs() const
{
    Inputs in;
    if (!m_comparison->active())
        return in;
    model::Session* a = m_comparison->a();
    model::Session* b = m_comparison->b();
    in.storeA = a->store();
    in.storeB = b->store();
    in.catalogA = a->analyses()->get<analysis::OperatorCatalog>();
    in.catalogB = b->analyses()->get<analysis::OperatorCatalog>();
    return in;
}

// A profile opened, swapped, closed or one more analysis stage published: drop what
// describes other profiles, take the defaults of a new pair, and compare what is open now
// unless that is what is shown or on its way already.
void CompareWidget::onProfilesChanged()
{
    const Inputs in = currentInputs();
    const bool pending = m_computing || m_model->result();
    const Inputs& last = m_computing ? m_requested : m_shown;
    const bool sameStores = in.storeA == last.storeA && in.storeB == last.storeB;
    if (pending && in.complete() && sameStores && in.catalogA == last.catalogA && in.catalogB == last.catalogB) {
        updatePlaceholder();
        return;
    }
    if (pending && (!in.complete() || !sameStores)) {
        m_job.cancel();
        m_computing = false;
        m_highlighter->clear();
        m_model->setResult(nullptr);
        m_shown = {};
        m_requested = {};
    }
    if (in.complete() && m_defaultsFor.lock() != in.catalogA) {
        m_defaultsFor = in.catalogA;
        const QSignalBlocker blockLevel(m_levelBox), blockScope(m_scopeBox); // recomputed below
        if (!m_levelChosen)
            m_levelBox->setCurrentIndex(m_levelBox->findData(int(in.catalogA->defaultLevel())));
        if (!m_scopeChosen)
            m_scopeBox->setCurrentIndex(
                m_scopeBox->findData(int(analysis::CompareAggregator::defaultScope(*in.catalogA, *in.catalogB))));
    }
    if (in.complete())
        recompute();
    updatePlaceholder();
    updateStatus();
}

void CompareWidget::recompute()
{
    Inputs in = currentInputs();
    if (!in.complete()) {
        updatePlaceholder();
        return;
    }
    analysis::CompareOptions options;
    options.level = level();
    options.scope = scope();
    options.perStep = m_perStep->isChecked();
    options.thresholdPct = m_comparison->thresholdPct();
    const store::TimeRange windowA = m_windowA->window(), windowB = m_windowB->window();
    // What is slow to find is found once per profile and reused: the step starts (one pass
    // over the host tracks; then a window's count is two binary searches) and the window
    // index of the level and scope (one pass over the tracks in scope; then any window,
    // whole trace or marker pair, is a few block sums instead of a pass over its slices).
    auto fits = [&options](const std::shared_ptr<const analysis::OperatorWindowIndex>& index) {
        return index && index->level() == options.level && index->scope() == options.scope;
    };
    if (in.catalogA == m_shown.catalogA) {
        in.stepsA = m_shown.stepsA;
        in.indexA = fits(m_shown.indexA) ? m_shown.indexA : nullptr;
    }
    if (in.catalogB == m_shown.catalogB) {
        in.stepsB = m_shown.stepsB;
        in.indexB = fits(m_shown.indexB) ? m_shown.indexB : nullptr;
    }
    m_computing = true;
    m_requested = in;
    struct Outcome {
        std::shared_ptr<const analysis::CompareResult> result;
        Inputs inputs; // with what was found for it
    };
    m_job.run(
        this,
        [in, options, windowA, windowB](const std::atomic<bool>& cancel) -> Outcome {
            Outcome out { nullptr, in };
            Inputs& i = out.inputs;
            auto find = [&](const store::EventStore& store, const analysis::OperatorCatalog& catalog, Steps& steps,
                            std::shared_ptr<const analysis::OperatorWindowIndex>& index) {
                if (!steps && !cancel.load())
                    steps = std::make_shared<const std::vector<store::TimeNs>>(
                        analysis::CompareAggregator::stepStarts(store, catalog));
                if (!index && !cancel.load()) {
                    auto made = std::make_shared<const analysis::OperatorWindowIndex>(
                        store, catalog, options.level, options.scope, &cancel);
                    if (made->built())
                        index = std::move(made);
                }
            };
            find(*i.storeA, *i.catalogA, i.stepsA, i.indexA);
            find(*i.storeB, *i.catalogB, i.stepsB, i.indexB);
            if (cancel.load())
                return {};
            // By member, not by position: CompareInput's optional members may grow.
            analysis::CompareInput a, b;
            a.store = i.storeA.get();
            a.catalog = i.catalogA.get();
            a.window = windowA;
            a.index = i.indexA.get();
            a.stepStarts = i.stepsA.get();
            b.store = i.storeB.get();
            b.catalog = i.catalogB.get();
            b.window = windowB;
            b.index = i.indexB.get();
            b.stepStarts = i.stepsB.get();
            out.result = std::make_shared<const analysis::CompareResult>(
                analysis::CompareAggregator::compare(a, b, options, &cancel));
            return cancel.load() ? Outcome {} : out;
        },
        [this](const Outcome& out) {
            if (out.result)
                applyResult(out.result, out.inputs);
        });
    updatePlaceholder();
    updateStatus();
}

void CompareWidget::applyResult(std::shared_ptr<const analysis::CompareResult> result, Inputs inputs)
{
    m_computing = false;
    // The rows the user had selected stay selected (and highlighted) when they are still there.
    QStringList selected;
    for (int r : selectedSourceRows())
        selected << QString::fromStdString(m_model->rowAt(r)->name);
    m_shown = std::move(inputs);
    m_model->setResult(std::move(result));
    if (!selected.isEmpty()) {
        QItemSelection keep;
        for (int r = 0; r < m_proxy->rowCount(); ++r) {
            const QModelIndex i = m_proxy->index(r, 0);
            if (selected.contains(i.data().toString()))
                keep.select(i, i.siblingAtColumn(CompareTableModel::ColumnCount - 1));
        }
        m_view->selectionModel()->select(keep, QItemSelectionModel::ClearAndSelect);
        if (keep.isEmpty())
            onSelectionChanged(); // nothing left to highlight
    }
    updatePerStepToolTip();
    updatePlaceholder();
    updateStatus();
    emit resultChanged();
}

void CompareWidget::updatePlaceholder()
{
    QString text;
    if (!m_comparison->active())
        text = tr("<p>Compare this profile with another to see which operators got faster, slower, added or "
                  "removed.</p><p>File › Compare With…, or start Strata as <code>strata A --compare B</code>.</p>");
    else if (!m_model->result())
        text = tr("Comparing the two profiles…");
    else if (m_model->result()->rows.empty())
        text = tr("Neither profile has slices in this scope and window.");
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(m_view) : m_placeholder);
    m_controls->setVisible(m_comparison->active()); // nothing to choose until there are two profiles
}

void CompareWidget::updateStatus()
{
    const auto result = m_model->result();
    if (!m_comparison->active() || !result) {
        m_status->clear();
        return;
    }
    auto side = [](const analysis::CompareSideTotals& t) {
        return tr("%1 slices, busy %2, %3 steps")
            .arg(UnitFormat::count(quint64(t.events)), UnitFormat::duration(t.busyNs),
                UnitFormat::count(quint64(t.steps)));
    };
    QString text = tr("A: %1  ·  B: %2  ·  %3 of %4 rows")
                       .arg(side(result->a), side(result->b))
                       .arg(UnitFormat::count(m_proxy->rowCount()), UnitFormat::count(m_model->rowCount()));
    if (m_computing)
        text += tr("  ·  updating…");
    m_status->setText(text);
    m_status->setToolTip(tr("A: %1\nB: %2\nCompared in %3 ms")
                             .arg(m_windowA->describe(), m_windowB->describe())
                             .arg(result->seconds * 1e3, 0, 'f', 1));
}

void CompareWidget::updatePerStepToolTip()
{
    QString counts;
    if (const auto result = m_model->result())
        counts = tr("A has %1 steps, B has %2 in their windows.")
                     .arg(UnitFormat::count(quint64(result->a.steps)), UnitFormat::count(quint64(result->b.steps)));
    else
        counts = tr("The step counts are known once the comparison is done.");
    m_perStep->setToolTip(tr("Divides counts and totals by each profile's number of steps (its repeated unit: "
                             "steps, iterations), for profiles that captured different numbers of them. %1")
                              .arg(counts));
}

// --- controls ---------------------------------------------------------------------------

void CompareWidget::setLevel(OperatorLevel level)
{
    m_levelChosen = true;
    m_levelBox->setCurrentIndex(m_levelBox->findData(int(level)));
}

OperatorLevel CompareWidget::level() const
{
    return OperatorLevel(m_levelBox->currentData().toInt());
}

void CompareWidget::setScope(OperatorScope scope)
{
    m_scopeChosen = true;
    m_scopeBox->setCurrentIndex(m_scopeBox->findData(int(scope)));
}

OperatorScope CompareWidget::scope() const
{
    return OperatorScope(m_scopeBox->currentData().toInt());
}

void CompareWidget::setPerStep(bool on)
{
    m_perStep->setChecked(on);
}

void CompareWidget::setStatusFilter(std::optional<CompareStatus> status)
{
    m_statusBox->setCurrentIndex(m_statusBox->findData(status ? int(*status) : -1));
}

void CompareWidget::setFilterText(const QString& text)
{
    m_filterEdit->setText(text);
}

std::shared_ptr<const analysis::CompareResult> CompareWidget::result() const
{
    return m_model->result();
}

bool CompareWidget::showsTable() const
{
    return m_stack->currentWidget() == m_view;
}

QString CompareWidget::placeholderText() const
{
    return m_placeholder->text();
}

// --- rows → both timelines --------------------------------------------------------------

std::vector<int> CompareWidget::selectedSourceRows() const
{
    std::vector<int> rows;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows(0))
        rows.push_back(m_proxy->mapToSource(i).row());
    std::sort(rows.begin(), rows.end());
    return rows;
}

void CompareWidget::onSelectionChanged()
{
    const auto result = m_model->result();
    const std::vector<int> rows = selectedSourceRows();
    if (!result || rows.empty() || !m_shown.complete()) {
        m_highlighter->clear();
        return;
    }
    CompareHighlighter::Side a { m_shown.storeA, m_shown.catalogA, {}, result->a.window };
    CompareHighlighter::Side b { m_shown.storeB, m_shown.catalogB, {}, result->b.window };
    for (int r : rows) {
        const analysis::CompareRow* row = m_model->rowAt(r);
        a.keys.insert(a.keys.end(), row->aKeys.begin(), row->aKeys.end());
        b.keys.insert(b.keys.end(), row->bKeys.begin(), row->bKeys.end());
    }
    const QString label = rows.size() == 1 ? QString::fromStdString(m_model->rowAt(rows.front())->name)
                                           : tr("%1 operators").arg(UnitFormat::count(rows.size()));
    m_highlighter->highlight(std::move(a), std::move(b), result->level, result->scope, label);
}

// --- context menu, copy, export ---------------------------------------------------------

std::string CompareWidget::tableCsv() const
{
    std::string out = report::CompareReport::csvHeader() + '\n';
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        if (const analysis::CompareRow* row = m_model->rowAt(m_proxy->mapToSource(m_proxy->index(r, 0)).row()))
            out += report::CompareReport::csvLine(report::CompareReport::rowJson(*row)) + '\n';
    }
    return out;
}

void CompareWidget::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this] { TableSupport::copyText(TableSupport::selectedRowsTsv(m_view)); },
        !selectedSourceRows().empty());
    const bool any = m_proxy->rowCount() > 0;
    QAction* copyAll = menu.addAction(
        tr("Copy Table as CSV"), this, [this] { TableSupport::copyText(QString::fromStdString(tableCsv())); });
    copyAll->setEnabled(any);
    menu.addSeparator();
    const QString base = QStringLiteral("compare-%1").arg(QString::fromLatin1(analysis::operatorLevelName(level())));
    QAction* csv = ExportActions::add(
        &menu, this, tr("Export as CSV…"), base, QStringLiteral("csv"), [this] { return tableCsv(); });
    csv->setEnabled(any);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

} // namespace strata::widgets
