#include "latencywidget.h"

#include "latencycomparemodel.h"
#include "latencyhistogram.h"
#include "latencystatsmodel.h"
#include "operatoraveragemodel.h"
#include "operatorhighlighter.h"
#include "steptablemodel.h"
#include "steptablepane.h"
#include <analysis/operators/operatorrows.h>
#include <common/elidedlabel.h>
#include <common/exportactions.h>
#include <common/imageexport.h>
#include <common/tablesupport.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>
#include <report/latencyreport.h>
#include <state/session.h>

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/latency/latencyoverlay.h>
#include <analysis/latency/stepbreakdown.h>
#include <analysis/operators/operatoraggregator.h>
#include <state/comparison.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

LatencyWidget::LatencyWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
    , m_window(new TimeScope(context.session, this))
    , m_statsModel(new LatencyStatsModel(this))
    , m_averageModel(new OperatorAverageModel(this))
    , m_averageProxy(new QSortFilterProxyModel(this))
    , m_highlighter(this, context.session->selection())
{
    m_comparison = context.compare;
    m_compareModel = new LatencyCompareModel(this);
    setObjectName(QStringLiteral("latencyView"));
    QLayout* bar = buildBar();
    buildPages();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_pages, 1);
    wireActions();
    followB(context);
    apply(nullptr);
    model::Session* session = context.session;
    // The steps' shares come from the breakdown index, which is built after the catalog.
    auto follow = [this, session](const auto&) {
        const auto& ix = session->analyses();
        setAnalysis(session->store(), ix->get<analysis::OperatorCatalog>(), ix->get<analysis::BreakdownIndex>());
    };
    session->followIndex<analysis::OperatorCatalog>(this, follow);
    session->followIndex<analysis::BreakdownIndex>(this, follow);
}

// The bar above the pages: the unit and the time scope; the summary line under it.
QLayout* LatencyWidget::buildBar()
{
    m_unitBox = new QComboBox(this);
    m_unitBox->setObjectName(QStringLiteral("latencyUnit"));
    m_unitBox->setEditable(true);
    m_unitBox->setInsertPolicy(QComboBox::NoInsert);
    m_unitBox->setMinimumContentsLength(22);
    m_unitBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_unitBox->lineEdit()->setPlaceholderText(tr("Unit: a repeated slice or an operator"));
    m_unitBox->setToolTip(tr("The repeated unit: by default the top-level host slices that repeat (iterations, "
                             "inferences); pick an operator or type any slice name"));
    m_modeBox = new TimeScopeBox(m_window, { TimeScope::Mode::WholeTrace, TimeScope::Mode::CurrentSelection }, this);
    m_modeBox->setObjectName(QStringLiteral("latencyWindowMode"));
    m_summary = new ElidedLabel(this); // one line: a second would take a row from the tables
    m_summary->setObjectName(QStringLiteral("latencySummary"));
    m_summary->setContentsMargins(8, 2, 8, 3);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->setSpacing(6);
    bar->addWidget(m_unitBox, 1);
    bar->addWidget(m_modeBox);
    return bar;
}

// Two pages: the distribution (statistics beside the histogram) and Furiosa's per-operator
// table (average elapsed time and count).
void LatencyWidget::buildPages()
{
    m_statsView = TableSupport::table(this, QStringLiteral("latencyStats"));
    m_statsView->setModel(m_statsModel);
    m_statsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_statsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_statsView->horizontalHeader()->setStretchLastSection(true);
    m_statsView->setColumnHidden(LatencyStatsModel::Nanoseconds, true); // in the tooltips and exports
    m_compareView = TableSupport::table(this, QStringLiteral("latencyCompare"));
    m_compareView->setModel(m_compareModel);
    m_compareView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_compareView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_statsStack = new QStackedWidget(this);
    m_statsStack->addWidget(m_statsView);
    m_statsStack->addWidget(m_compareView);

    m_averageProxy->setSourceModel(m_averageModel);
    m_averageProxy->setSortRole(OperatorAverageModel::SortRole);
    m_averageView = TableSupport::table(this, QStringLiteral("operatorAverages"));
    m_averageView->setModel(m_averageProxy);
    m_averageView->setSortingEnabled(true);
    m_averageView->sortByColumn(OperatorAverageModel::Average, Qt::DescendingOrder);
    m_averageView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_averageView->horizontalHeader()->setSectionResizeMode(OperatorAverageModel::Name, QHeaderView::Stretch);
    m_averageView->horizontalHeader()->setSectionResizeMode(
        OperatorAverageModel::Average, QHeaderView::ResizeToContents);
    m_averageView->horizontalHeader()->setSectionResizeMode(OperatorAverageModel::Count, QHeaderView::ResizeToContents);

    auto* distribution = new QSplitter(Qt::Horizontal, this);
    m_splitter = distribution;
    distribution->setObjectName(QStringLiteral("latencySplitter"));
    distribution->setChildrenCollapsible(false);
    distribution->addWidget(m_statsStack);
    distribution->addWidget(buildHistogramPane());
    distribution->setStretchFactor(0, 0);
    distribution->setStretchFactor(1, 1);
    distribution->setSizes({ statsWidth(), 300 });
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("latencyPages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(distribution, tr("Distribution"));
    m_pages->addTab(m_averageView, tr("Average per operator"));
    m_steps = new StepTablePane(m_selection, this);
    m_pages->addTab(m_steps, tr("Steps"));
    m_pages->setTabToolTip(2, tr("Every instance: its start, duration, device busy and idle time, top operator"));
    m_pages->setTabToolTip(1,
        tr("Average elapsed time and count of every operator (double-click one for its "
           "latency distribution)"));
}

// The histogram, with its scale above its right end.
QWidget* LatencyWidget::buildHistogramPane()
{
    auto* histogramPane = new QWidget(this);
    m_histogram = new LatencyHistogram([this](const QPoint& p) { chartMenu(p); }, histogramPane);
    m_scaleBox = new QComboBox(histogramPane);
    m_scaleBox->setObjectName(QStringLiteral("latencyScale"));
    m_scaleBox->addItem(tr("Linear"));
    m_scaleBox->addItem(tr("Log"));
    m_scaleBox->setToolTip(tr("Histogram bins: log when the longest instance is over %1 × the shortest; "
                              "a scale picked here holds until another unit is shown")
                               .arg(analysis::LatencyBinning::kLogRatio));
    auto* scaleLabel = new QLabel(tr("Bins:"), histogramPane);
    scaleLabel->setBuddy(m_scaleBox);
    auto* scaleRow = new QHBoxLayout;
    scaleRow->setContentsMargins(0, 2, 6, 0);
    scaleRow->setSpacing(4);
    scaleRow->addStretch(1);
    scaleRow->addWidget(scaleLabel);
    scaleRow->addWidget(m_scaleBox);
    auto* histogramLayout = new QVBoxLayout(histogramPane);
    histogramLayout->setContentsMargins(0, 0, 0, 0);
    histogramLayout->setSpacing(0);
    histogramLayout->addLayout(scaleRow);
    histogramLayout->addWidget(m_histogram, 1);
    return histogramPane;
}

void LatencyWidget::wireActions()
{
    connect(m_unitBox, &QComboBox::activated, this, [this] { unitChosen(); });
    connect(m_unitBox->lineEdit(), &QLineEdit::returnPressed, this, [this] { unitChosen(); });
    connect(m_scaleBox, &QComboBox::activated, this, &LatencyWidget::scaleChosen);
    connect(m_window, &TimeScope::changed, this, &LatencyWidget::rebuild);
    connect(m_averageView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& i) { highlightOperator(i); });
    connect(m_averageView, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        setUnit(i.siblingAtColumn(OperatorAverageModel::Name).data(OperatorAverageModel::SortRole).toString());
        m_pages->setCurrentIndex(0);
    });
    connect(m_statsView, &QWidget::customContextMenuRequested, this,
        [this](const QPoint& p) { tableMenu(m_statsView, p); });
    connect(m_averageView, &QWidget::customContextMenuRequested, this,
        [this](const QPoint& p) { tableMenu(m_averageView, p); });
}

// Comparing: B's figures follow B's profile and catalog, and a window of A moves B's with
// the offset.
void LatencyWidget::followB(const DockContext& context)
{
    if (!m_comparison)
        return;
    m_compareModel->setThresholdPct(m_comparison->thresholdPct());
    connect(m_comparison, &model::Comparison::thresholdChanged, m_compareModel, &LatencyCompareModel::setThresholdPct);
    context.followB(this, [this] {
        if (bSide() != m_bSide)
            rebuild();
    });
    context.followOffset(this, [this] {
        if (m_window->mode() != TimeScope::Mode::WholeTrace)
            rebuild();
    });
}

std::pair<std::shared_ptr<const store::EventStore>, std::shared_ptr<const analysis::OperatorCatalog>>
LatencyWidget::bSide() const
{
    if (!m_comparison || !m_comparison->active())
        return {};
    const model::Session* b = m_comparison->b();
    if (!b->store() || !b->analyses()->get<analysis::OperatorCatalog>())
        return {};
    return { b->store(), b->analyses()->get<analysis::OperatorCatalog>() };
}

QSize LatencyWidget::sizeHint() const
{
    return { 500, 360 };
}

LatencyWidget::~LatencyWidget() = default;

QBarSet* LatencyWidget::histogramSet() const
{
    return m_histogram->barSet();
}

analysis::LatencyBinning::Scale LatencyWidget::histogramScale() const
{
    return m_histogram->scale();
}

void LatencyWidget::scaleChosen(int index)
{
    m_scaleChoice = index == 1 ? analysis::LatencyBinning::Scale::Log : analysis::LatencyBinning::Scale::Linear;
    m_scaleUnit = m_stats.unit;
    showHistogram();
}

void LatencyWidget::showHistogram()
{
    using analysis::LatencyBinning;
    if (m_scaleChoice && m_scaleUnit != m_stats.unit)
        m_scaleChoice.reset();
    // Comparing, the automatic scale is the one for both sample sets together.
    store::TimeNs lo = m_stats.minNs, hi = m_stats.maxNs;
    if (m_bStats && m_bStats->count > 0) {
        lo = m_stats.count > 0 ? std::min(lo, m_bStats->minNs) : m_bStats->minNs;
        hi = std::max(hi, m_bStats->maxNs);
    }
    const LatencyBinning::Scale scale = m_scaleChoice.value_or(LatencyBinning::automatic(lo, hi));
    const QSignalBlocker block(m_scaleBox);
    m_scaleBox->setCurrentIndex(scale == LatencyBinning::Scale::Log ? 1 : 0);
    if (m_bStats)
        m_histogram->setComparison(
            m_aShared, m_bShared, scale, m_comparison->a()->fileName(), m_comparison->b()->fileName());
    else
        m_histogram->setStats(m_stats, scale);
    m_scaleBox->setEnabled(m_histogram->barSet() != nullptr);
}

const std::vector<analysis::OperatorAverage>& LatencyWidget::averages() const
{
    return m_averageModel->averages();
}

void LatencyWidget::setAnalysis(std::shared_ptr<const store::EventStore> store,
    std::shared_ptr<const analysis::OperatorCatalog> catalog, std::shared_ptr<const analysis::BreakdownIndex> breakdown)
{
    const bool newStore = store != m_store;
    if (!newStore && catalog == m_catalog && breakdown == m_breakdown)
        return;
    m_store = std::move(store);
    m_catalog = m_store ? std::move(catalog) : nullptr;
    m_breakdown = m_store ? std::move(breakdown) : nullptr;
    if (newStore) {
        m_job.cancel();
        m_unit.clear();
        m_unitsFilled = false;
        m_scaleChoice.reset();
        m_unitBox->clear();
        apply(nullptr);
    }
    rebuild();
}

void LatencyWidget::setUnit(const QString& unit)
{
    m_unit = unit;
    const int i = unit.isEmpty() ? 0 : m_unitBox->findText(unit, Qt::MatchExactly);
    if (i >= 0 && i < m_unitBox->count())
        m_unitBox->setCurrentIndex(i);
    else
        m_unitBox->setEditText(unit);
    rebuild();
}

void LatencyWidget::setMode(TimeScope::Mode mode)
{
    m_window->setMode(mode);
}

void LatencyWidget::unitChosen()
{
    const QString text = m_unitBox->currentText().trimmed();
    const int i = m_unitBox->findText(text, Qt::MatchExactly);
    // The first entry is the default unit: analysed as "default" (flagged so in exports).
    const QString unit = i == 0 ? QString() : text;
    if (unit != m_unit || m_stats.unit.empty())
        setUnit(unit);
}

void LatencyWidget::rebuild()
{
    if (!m_store || !m_catalog) {
        apply(nullptr);
        return;
    }
    const store::TimeRange window = m_window->window();
    m_range = m_window->relativeRange();
    const std::string unit = m_unit.toStdString();
    const bool needUnits = !m_unitsFilled;
    m_bSide = bSide();
    auto [bStore, bCatalog] = m_bSide;
    // B's window: the whole trace, or A's moved by the offset (a B time tB shows at tB - offset).
    const store::TimeNs offset = m_comparison ? m_comparison->offsetNs() : 0;
    const store::TimeRange bWindow = m_range ? store::TimeRange { window.start + offset, window.end + offset } : window;
    using ResultPtr = std::shared_ptr<const Result>;
    m_job.run(
        this,
        [store = m_store, catalog = m_catalog, breakdown = m_breakdown, bStore = bStore, bCatalog = bCatalog, unit,
            window, bWindow, needUnits](const std::atomic<bool>& cancel) -> ResultPtr {
            auto r = std::make_shared<Result>();
            r->stats = analysis::LatencyAnalyzer::analyze(*store, *catalog, unit, window, kBins);
            if (cancel.load())
                return nullptr;
            if (bStore) {
                // A's unit by name; none when A has none (B's own default would be another unit).
                r->b = r->stats.unit.empty()
                    ? analysis::LatencyStats()
                    : analysis::LatencyAnalyzer::analyze(*bStore, *bCatalog, r->stats.unit, bWindow, kBins);
                using analysis::LatencyBinning;
                using analysis::LatencyOverlay;
                const LatencyOverlay::Bins linear
                    = LatencyOverlay::bin(r->stats.samples, r->b->samples, LatencyBinning::Scale::Linear, kBins);
                const LatencyOverlay::Bins log
                    = LatencyOverlay::bin(r->stats.samples, r->b->samples, LatencyBinning::Scale::Log, kBins);
                r->aShared = r->stats;
                r->aShared.histogram = linear.a;
                r->aShared.logHistogram = log.a;
                r->bShared = *r->b;
                r->bShared.histogram = linear.b;
                r->bShared.logHistogram = log.b;
                if (cancel.load())
                    return nullptr;
            }
            r->averages = analysis::LatencyAnalyzer::operatorAverages(*store, *catalog, window);
            r->steps
                = analysis::StepBreakdown::compute(*store, *catalog, r->stats.unit, window, &cancel, breakdown.get());
            if (needUnits)
                r->defaultUnit
                    = unit.empty() ? r->stats.unit : analysis::LatencyAnalyzer::defaultUnit(*store, *catalog);
            return cancel.load() ? nullptr : ResultPtr(std::move(r));
        },
        [this](const ResultPtr& result) {
            if (result)
                apply(result);
        });
}

void LatencyWidget::apply(const std::shared_ptr<const Result>& result)
{
    if (!result) {
        m_stats = analysis::LatencyStats();
        m_bStats.reset();
        m_statsStack->setCurrentWidget(m_statsView);
        m_compareModel->clear();
        m_statsModel->setStats(m_stats, false);
        m_averageModel->setAverages({});
        m_steps->setSteps({}, 0);
        m_summary->setFullText(
            !m_store ? tr("Open a profile to see the latency of its iterations.") : tr("Analysing…"));
        m_histogram->setStats(m_stats, m_histogram->scale());
        m_scaleBox->setEnabled(false); // no bars to scale
        return;
    }
    if (!m_unitsFilled)
        fillUnits(*result);
    m_stats = result->stats;
    m_bStats = result->b;
    m_statsModel->setStats(m_stats, true);
    m_averageModel->setAverages(result->averages);
    m_steps->setSteps(result->steps, m_store->extent().start);
    const QString unit = QString::fromStdString(m_stats.unit);
    auto instances
        = [](uint64_t n) { return n == 1 ? tr("1 instance") : tr("%1 instances").arg(UnitFormat::count(quint64(n))); };
    if (m_bStats) {
        m_aShared = result->aShared;
        m_bShared = result->bShared;
        m_compareModel->setStats(m_stats, *m_bStats);
        m_statsStack->setCurrentWidget(m_compareView);
        fitCompareView();
    } else {
        m_compareModel->clear();
        m_statsStack->setCurrentWidget(m_statsView);
        if (m_splitter->orientation() == Qt::Vertical) { // as before the comparison
            m_splitter->setOrientation(Qt::Horizontal);
            m_splitter->setSizes({ statsWidth(), std::max(300, m_splitter->width() - statsWidth()) });
        }
    }
    if (unit.isEmpty()) {
        m_summary->setFullText(tr("No top-level host slice repeats; pick an operator or type a slice name."));
    } else if (!m_bStats && m_stats.count == 0) {
        m_summary->setFullText(tr("No instance of “%1” in the %2.").arg(unit, m_window->describe()));
    } else { // "ProfilerStep (default unit) · 6 instances · whole trace", with A and B while comparing
        const QString def = !m_stats.defaultUnit ? QString()
            : m_bStats                           ? tr(" (A's default unit)")
                                                 : tr(" (default unit)");
        const QString counts = m_bStats
            ? tr("A: %1  ·  B: %2").arg(instances(m_stats.count), instances(m_bStats->count))
            : instances(m_stats.count);
        const QString window
            = m_window->describe() + (m_bStats && m_range ? tr(", B's moved by the offset") : QString());
        m_summary->setFullText(QStringLiteral("%1%2  ·  %3  ·  %4").arg(unit, def, counts, window));
    }
    showHistogram();
    emit updated();
}

// The A | B | Δ table whole beside the histogram: its columns fit their text, and the
// splitter gives the table what they need.
void LatencyWidget::fitCompareView()
{
    m_compareView->resizeColumnsToContents();
    arrangeDistribution();
}

void LatencyWidget::arrangeDistribution()
{
    QTableView* table = m_compareView;
    int need = 2 * table->frameWidth() + 4;
    for (int c = 0; c < table->model()->columnCount(); ++c)
        if (!table->isColumnHidden(c))
            need += table->columnWidth(c);
    const int rows = table->verticalHeader()->defaultSectionSize() * (table->model()->rowCount() + 1);
    const int histogram = m_histogram->minimumWidth() + m_splitter->handleWidth();
    // Too narrow for both side by side but tall enough for both stacked: the table on top.
    const bool stack = width() < need + histogram && height() >= rows + m_histogram->minimumHeight() + 80;
    const Qt::Orientation orientation = stack ? Qt::Vertical : Qt::Horizontal;
    const bool turned = m_splitter->orientation() != orientation;
    m_splitter->setOrientation(orientation);
    const int total = (stack ? m_splitter->height() : m_splitter->width()) - m_splitter->handleWidth();
    if (total <= 0)
        return;
    const int first = stack ? rows + 4 : std::min(need, std::max(total - m_histogram->minimumWidth(), total / 3));
    if (stack || turned || m_splitter->sizes().value(0) < first)
        m_splitter->setSizes({ first, total - first });
}

int LatencyWidget::statsWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("Statistic   000.000 ms")) + 30;
}

void LatencyWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_bStats)
        arrangeDistribution();
}

void LatencyWidget::fillUnits(const Result& r)
{
    m_unitsFilled = true;
    const QString current = m_unit;
    const QSignalBlocker block(m_unitBox);
    m_unitBox->clear();
    const QString def = QString::fromStdString(r.defaultUnit);
    if (!def.isEmpty()) {
        m_unitBox->addItem(def);
        m_unitBox->setItemData(0, tr("Default unit: the top-level host slices that repeat"), Qt::ToolTipRole);
    } else {
        m_unitBox->addItem(QString()); // keeps index 0 = "default"
    }
    QStringList ops;
    for (const analysis::OperatorAverage& o : r.averages)
        ops << QString::fromStdString(o.name);
    ops.sort(Qt::CaseInsensitive);
    if (!ops.isEmpty())
        m_unitBox->insertSeparator(m_unitBox->count());
    for (const QString& o : ops)
        m_unitBox->addItem(o);
    const int i = current.isEmpty() ? 0 : m_unitBox->findText(current);
    if (i >= 0)
        m_unitBox->setCurrentIndex(i);
    else
        m_unitBox->setEditText(current);
}

void LatencyWidget::highlightOperator(const QModelIndex& viewIndex)
{
    if (!viewIndex.isValid() || !m_store || !m_catalog)
        return;
    const QString name
        = viewIndex.siblingAtColumn(OperatorAverageModel::Name).data(OperatorAverageModel::SortRole).toString();
    const uint32_t key = m_catalog->findKey(name.toStdString());
    if (key == analysis::OperatorCatalog::kNoKey)
        return;
    m_highlighter.highlight({ m_store, m_catalog, analysis::OperatorLevel::Op, key, m_window->window(),
        analysis::OperatorAggregator::defaultScope(*m_catalog), name });
}

std::string LatencyWidget::latencyJson() const
{
    report::Json out = report::LatencyReport(m_stats, averages(), m_range).toJson();
    if (m_store)
        report::LatencyReport::addSteps(out, m_steps->model()->steps(), m_store->extent().start);
    return out.dump(2) + "\n";
}
std::string LatencyWidget::statsCsv() const
{
    return report::LatencyReport(m_stats).csv();
}
std::string LatencyWidget::histogramCsv() const
{
    // The bins as shown, on either scale.
    analysis::LatencyStats shown = m_stats;
    shown.histogram = m_histogram->bins();
    return report::LatencyReport(shown).histogramCsv();
}
std::string LatencyWidget::averagesCsv() const
{
    return report::LatencyReport(m_stats, averages()).averagesCsv();
}
std::string LatencyWidget::averagesJson() const
{
    return report::LatencyReport(m_stats, averages()).averagesJson();
}

void LatencyWidget::tableMenu(QTableView* view, const QPoint& pos)
{
    QMenu menu(this);
    const QString unit = ExportActions::safeName(QString::fromStdString(m_stats.unit));
    if (view == m_statsView) {
        ExportActions::addPair(
            &menu, this, QStringLiteral("latency-%1").arg(unit), [this] { return statsCsv(); },
            [this] { return latencyJson(); });
    } else {
        const QModelIndex at = view->indexAt(pos);
        if (at.isValid()) {
            const QString name
                = at.siblingAtColumn(OperatorAverageModel::Name).data(OperatorAverageModel::SortRole).toString();
            menu.addAction(tr("Latency of “%1”").arg(name), this, [this, name] { setUnit(name); });
            menu.addSeparator();
        }
        ExportActions::addPair(
            &menu, this, QStringLiteral("operator-averages"), [this] { return averagesCsv(); },
            [this] { return averagesJson(); });
    }
    for (QAction* a : menu.actions())
        if (a->text().startsWith(tr("Export")))
            a->setEnabled(m_statsModel->rowCount() > 0);
    menu.exec(view->viewport()->mapToGlobal(pos));
}

void LatencyWidget::chartMenu(const QPoint& globalPos)
{
    QMenu menu(this);
    const QString unit = ExportActions::safeName(QString::fromStdString(m_stats.unit));
    ExportActions::add(&menu, this, tr("Export Histogram as CSV…"), QStringLiteral("latency-%1-histogram").arg(unit),
        QStringLiteral("csv"), [this] { return histogramCsv(); })
        ->setEnabled(!m_histogram->bins().empty());
    ExportActions::add(&menu, this, tr("Export as JSON…"), QStringLiteral("latency-%1").arg(unit),
        QStringLiteral("json"), [this] { return latencyJson(); })
        ->setEnabled(m_statsModel->rowCount() > 0);
    menu.addSeparator();
    ImageExport::addToMenu(&menu, m_histogram, QStringLiteral("latency-%1-histogram").arg(unit));
    menu.exec(globalPos);
}

} // namespace strata::widgets
