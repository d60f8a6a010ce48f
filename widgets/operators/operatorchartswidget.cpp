#include "operatorchartswidget.h"

#include "operatorcomparebars.h"
#include "pielegend.h"
#include <analysis/compare/compareaggregator.h>
#include <analysis/operators/operatorrows.h>
#include <common/chartstyle.h>
#include <common/exportactions.h>
#include <common/imageexport.h>
#include <common/menuchartview.h>
#include <common/themepalette.h>
#include <common/timelinestyle.h>
#include <common/timescopebox.h>
#include <common/transfersplitbar.h>
#include <common/unitformat.h>
#include <report/operatortablereport.h>
#include <state/comparison.h>
#include <state/session.h>

#include <analysis/operators/operatoraggregator.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QMenu>
#include <QPieSeries>
#include <QPieSlice>
#include <QToolTip>
#include <QVBoxLayout>
#include <state/backgroundpool.h>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using analysis::OperatorLevel;

struct OperatorChartsWidget::Result {
    std::shared_ptr<const analysis::OperatorTable> a, b; // b only while comparing
    std::vector<analysis::CompareRow> rows; // a and b joined
};

namespace {

const char* const kKeyProperty = "operatorKey";

QString levelNoun(OperatorLevel l)
{
    switch (l) {
    case OperatorLevel::Module: return OperatorChartsWidget::tr("module");
    case OperatorLevel::Framework: return OperatorChartsWidget::tr("framework op");
    case OperatorLevel::Layer: return OperatorChartsWidget::tr("layer");
    case OperatorLevel::Hlo: return OperatorChartsWidget::tr("HLO instruction");
    case OperatorLevel::Op: return OperatorChartsWidget::tr("operator");
    case OperatorLevel::Command: return OperatorChartsWidget::tr("command");
    case OperatorLevel::Name: return OperatorChartsWidget::tr("slice name");
    }
    return QString();
}

} // namespace

OperatorChartsWidget::OperatorChartsWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
    , m_window(new TimeScope(context.session, this))
    , m_comparison(context.compare)
    , m_highlighter(this, context.session->selection())
{
    setObjectName(QStringLiteral("operatorCharts"));

    m_levelBox = new QComboBox(this);
    m_levelBox->setObjectName(QStringLiteral("chartLevel"));
    for (OperatorLevel l : { OperatorLevel::Framework, OperatorLevel::Op, OperatorLevel::Layer, OperatorLevel::Hlo,
             OperatorLevel::Command, OperatorLevel::Module }) {
        m_levelBox->addItem(tr("By %1").arg(levelNoun(l)), int(l));
    }
    m_levelBox->setToolTip(tr("Which level of the operator hierarchy the pie groups by"));
    m_modeBox = new TimeScopeBox(m_window, { TimeScope::Mode::WholeTrace, TimeScope::Mode::CurrentSelection }, this);
    m_modeBox->setObjectName(QStringLiteral("chartWindowMode"));

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->setSpacing(6);
    bar->addWidget(m_levelBox);
    bar->addWidget(m_modeBox);
    bar->addStretch(1);

    // --- the share donut and its legend
    m_pie = new QPieSeries;
    m_pie->setHoleSize(0.58);
    m_pie->setPieSize(0.92);
    m_pieChart = new QChart;
    m_pieChart->addSeries(m_pie);
    m_pieChart->setMargins(QMargins(0, 0, 0, 0));
    m_pieChart->setAnimationOptions(QChart::NoAnimation);
    m_pieChart->legend()->hide();
    auto menu = [this](const QPoint& p) { showContextMenu(p); };
    m_pieView = new MenuChartView(m_pieChart, menu, this);
    m_pieView->setObjectName(QStringLiteral("operatorPie"));
    m_pieView->setRenderHint(QPainter::Antialiasing);
    m_pieView->setMinimumSize(150, 150);
    m_pieView->setFrameShape(QFrame::NoFrame);
    m_center = new QGraphicsSimpleTextItem(m_pieChart);
    m_center->setZValue(10);
    connect(m_pieChart, &QChart::plotAreaChanged, this, [this] { placeCenterLabel(); });
    m_legend = new PieLegend(this);
    m_legend->setObjectName(QStringLiteral("operatorPieLegend"));

    connect(m_pie, &QPieSeries::hovered, this, [this](QPieSlice* slice, bool on) {
        const int row = int(m_pie->slices().indexOf(slice));
        explode(row, on);
        m_legend->setHot(on ? row : -1);
        if (on)
            QToolTip::showText(QCursor::pos(), slice->property("toolTip").toString(), m_pieView);
        else
            QToolTip::hideText();
    });
    connect(m_pie, &QPieSeries::clicked, this, &OperatorChartsWidget::highlightSlice);
    connect(m_legend, &PieLegend::hovered, this, [this](int row) {
        for (int i = 0; i < int(m_pie->count()); ++i)
            explode(i, i == row);
    });
    connect(m_legend, &PieLegend::clicked, this, [this](int row) {
        if (row >= 0 && row < int(m_pie->count()))
            highlightSlice(m_pie->slices().at(row));
    });

    // --- the execution vs transfer bar; comparing, A | B rows in place of both
    m_split = new TransferSplitBar(menu, this);
    m_compareBars = new OperatorCompareBars(menu, this);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("chartStatus"));
    m_status->setContentsMargins(8, 0, 8, 3);
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    QFont small = m_status->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    m_status->setFont(small);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_donutLayout = new QBoxLayout(QBoxLayout::LeftToRight);
    m_donutLayout->setContentsMargins(4, 0, 6, 0);
    m_donutLayout->setSpacing(4);
    m_donutLayout->addWidget(m_pieView, 2);
    m_donutLayout->addWidget(m_legend, 3);
    layout->addLayout(bar);
    layout->addLayout(m_donutLayout, 1);
    layout->addWidget(m_compareBars, 1);
    layout->addWidget(m_split);
    layout->addWidget(m_status);

    connect(m_levelBox, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(m_levelBox, &QComboBox::activated, this, [this] { m_levelChosen = true; });
    connect(m_window, &TimeScope::changed, this, &OperatorChartsWidget::rebuild);
    // One surface for the charts and their legends, like a document page.
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    applyStyle();
    apply(nullptr);
    model::Session* session = context.session;
    session->followIndex<analysis::OperatorCatalog>(
        this, [this, session](std::shared_ptr<const analysis::OperatorCatalog> catalog) {
            setAnalysis(session->store(), std::move(catalog));
        });
    context.followB(this, [this] {
        if (bSide().first != m_bStore || (bSide().first && !m_bTable))
            rebuild();
    });
    context.followOffset(this, [this] {
        if (m_window->mode() != TimeScope::Mode::WholeTrace && m_bStore)
            rebuild();
    });
}

std::pair<std::shared_ptr<const store::EventStore>, std::shared_ptr<const analysis::OperatorCatalog>>
OperatorChartsWidget::bSide() const
{
    if (!m_comparison || !m_comparison->active())
        return {};
    const model::Session* b = m_comparison->b();
    const auto catalog = b->store() ? b->analyses()->get<analysis::OperatorCatalog>() : nullptr;
    if (!catalog)
        return {};
    return { b->store(), catalog };
}

void OperatorChartsWidget::showCompare(bool on)
{
    m_pieView->setVisible(!on);
    m_legend->setVisible(!on);
    m_split->setVisible(!on);
    m_compareBars->setVisible(on);
}

QHorizontalPercentBarSeries* OperatorChartsWidget::splitSeries() const
{
    return m_split->series();
}

QSize OperatorChartsWidget::sizeHint() const
{
    return { 400, 360 };
}

OperatorChartsWidget::~OperatorChartsWidget() = default;

void OperatorChartsWidget::setAnalysis(
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
        apply(nullptr);
    }
    if (m_catalog && !m_levelChosen) { // a new catalog: a new profile
        const QSignalBlocker block(m_levelBox); // rebuilt below
        m_levelBox->setCurrentIndex(std::max(0, m_levelBox->findData(int(m_catalog->defaultLevel()))));
    }
    rebuild();
}

void OperatorChartsWidget::setLevel(OperatorLevel level)
{
    const int i = m_levelBox->findData(int(level));
    if (i >= 0)
        m_levelBox->setCurrentIndex(i);
}

OperatorLevel OperatorChartsWidget::level() const
{
    return OperatorLevel(m_levelBox->currentData().toInt());
}

void OperatorChartsWidget::setMode(TimeScope::Mode mode)
{
    m_window->setMode(mode);
}

void OperatorChartsWidget::rebuild()
{
    if (!m_store || !m_catalog) {
        m_status->setText(m_store ? tr("Aggregating operators…") : tr("Open a profile to see where its time goes."));
        return;
    }
    m_building = true;
    const OperatorLevel lvl = level();
    const store::TimeRange window = m_window->window();
    m_tableRange = m_window->relativeRange();
    const auto [bStore, bCatalog] = bSide();
    m_bStore = bStore;
    // B's window: the whole of B, or A's window moved by the offset (B's clock = A's + offset).
    const store::TimeRange bWindow = m_window->mode() == TimeScope::Mode::WholeTrace || !bStore
        ? analysis::OperatorAggregator::wholeTrace()
        : store::TimeRange { window.start + m_comparison->offsetNs(), window.end + m_comparison->offsetNs() };
    using ResultPtr = std::shared_ptr<const Result>;
    m_job.run(
        this,
        [store = m_store, catalog = m_catalog, bStore = bStore, bCatalog = bCatalog, lvl, window, bWindow](
            const std::atomic<bool>& cancel) -> ResultPtr {
            using analysis::OperatorAggregator;
            // Comparing, both sides in the scope both have, so the join pairs like with like.
            const analysis::OperatorScope scope = bStore
                ? analysis::CompareAggregator::defaultScope(*catalog, *bCatalog)
                : OperatorAggregator::defaultScope(*catalog);
            auto r = std::make_shared<Result>();
            r->a = std::make_shared<analysis::OperatorTable>(
                OperatorAggregator::aggregate(*store, *catalog, lvl, window, scope, &cancel));
            if (bStore && !cancel.load()) {
                r->b = std::make_shared<analysis::OperatorTable>(
                    OperatorAggregator::aggregate(*bStore, *bCatalog, lvl, bWindow, scope, &cancel));
                analysis::CompareOptions options;
                options.level = lvl;
                options.scope = scope;
                r->rows = analysis::CompareAggregator::join(*r->a, *r->b, 0, 0, options).rows;
            }
            return cancel.load() ? nullptr : r;
        },
        [this](const ResultPtr& result) { apply(result); });
}

void OperatorChartsWidget::apply(const std::shared_ptr<const Result>& result)
{
    if (result)
        m_building = false;
    m_table = result ? result->a : nullptr;
    m_bTable = result ? result->b : nullptr;
    showCompare(m_bTable != nullptr);
    auto split = [](const std::shared_ptr<const analysis::OperatorTable>& t) {
        return t ? OperatorCompareBars::Split { t->executionNs - t->communicationNs, t->communicationNs, t->transferNs }
                 : OperatorCompareBars::Split {};
    };
    m_compareBars->setRows(
        result ? result->rows : std::vector<analysis::CompareRow>(), split(m_table), split(m_bTable));
    fillPie();
    fillSplit();
    if (!m_table) {
        m_status->setText(m_store ? tr("Aggregating operators…") : tr("Open a profile to see where its time goes."));
    } else if (m_table->busyNs <= 0) {
        m_status->setText(tr("No busy time in the %1.").arg(m_window->describe()));
    } else if (m_bTable) {
        m_status->setText(
            tr("A | B: total time by %1  ·  %2  ·  %3")
                .arg(levelNoun(m_table->level))
                .arg(QString::fromLatin1(analysis::operatorScopeName(m_table->scope)), m_window->describe()));
        m_status->setToolTip(tr("The operators that take the most time in either profile, as the Compare dock "
                                "joins them; hover a bar for both totals and Δ."));
    } else {
        m_status->setText(
            tr("Self time by %1  ·  %2  ·  %3")
                .arg(levelNoun(m_table->level))
                .arg(QString::fromLatin1(analysis::operatorScopeName(m_table->scope)), m_window->describe()));
        m_status->setToolTip(tr("Shares of the busy time of the tracks in scope, as the Operator Table's “% Busy”. "
                                "Click a slice or a legend row to highlight its events on the timeline."));
    }
    if (m_table)
        emit chartsChanged();
}

void OperatorChartsWidget::fillPie()
{
    m_pie->clear();
    m_center->setText(QString());
    std::vector<PieLegend::Entry> legend;
    if (!m_table || m_table->busyNs <= 0) {
        m_legend->setEntries({});
        return;
    }
    std::vector<const analysis::OperatorRow*> rows;
    for (const analysis::OperatorRow& r : m_table->rows)
        if (r.selfNs > 0)
            rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [](const analysis::OperatorRow* a, const analysis::OperatorRow* b) {
        return a->selfNs != b->selfNs ? a->selfNs > b->selfNs : a->name < b->name;
    });
    const QColor border = palette().color(QPalette::Base);
    auto add
        = [&](const QString& name, store::TimeNs ns, const QColor& color, const QVariant& key, const QString& tip) {
              auto* slice = new QPieSlice(name, double(ns));
              slice->setColor(color);
              slice->setBorderColor(border);
              slice->setBorderWidth(1);
              slice->setExplodeDistanceFactor(0.05);
              slice->setProperty(kKeyProperty, key);
              slice->setProperty("fullName", name);
              slice->setProperty("toolTip", tip);
              m_pie->append(slice);
              const double share = 100.0 * double(ns) / double(m_table->busyNs);
              legend.push_back({ color, name, QStringLiteral("%1 %").arg(share, 0, 'f', 1), tip, key.isValid() });
          };
    store::TimeNs shown = 0;
    const size_t top = rows.size() > size_t(kTopSlices) + 1 ? size_t(kTopSlices) : rows.size();
    for (size_t i = 0; i < top; ++i) {
        const analysis::OperatorRow& r = *rows[i];
        const QString name = QString::fromStdString(r.name);
        const QString tip
            = (r.count == 1 ? tr("<b>%1</b><br>%2 self time · %3 % of busy time<br>1 slice")
                            : tr("<b>%1</b><br>%2 self time · %3 % of busy time<br>%4 slices").arg(r.count))
                  .arg(name.toHtmlEscaped(), UnitFormat::duration(r.selfNs))
                  .arg(r.percent, 0, 'f', 2)
            + QStringLiteral("<br><i>%1</i>").arg(tr("Click to highlight its events"));
        add(name, r.selfNs, ThemePalette::category(int(i)), QVariant(r.key), tip);
        shown += r.selfNs;
    }
    const store::TimeNs rest = m_table->busyNs - shown;
    if (rest > 0) {
        const int n = int(rows.size() - top);
        add(tr("Other (%1 more)").arg(n), rest, ThemePalette::from(palette()).other, QVariant(),
            tr("<b>Other</b><br>%1 self time in %2 more rows").arg(UnitFormat::duration(rest)).arg(n));
    }
    m_legend->setElideMode(m_table->level == OperatorLevel::Command || m_table->level == OperatorLevel::Name
            ? Qt::ElideMiddle
            : Qt::ElideRight);
    m_legend->setEntries(std::move(legend));
    m_center->setText(tr("%1\nbusy").arg(UnitFormat::duration(m_table->busyNs)));
    placeCenterLabel();
}

void OperatorChartsWidget::explode(int row, bool on)
{
    if (row >= 0 && row < int(m_pie->count()))
        m_pie->slices().at(row)->setExploded(on);
}

void OperatorChartsWidget::fillSplit()
{
    if (m_table)
        m_split->setTimes(m_table->busyNs, m_table->executionNs - m_table->communicationNs, m_table->communicationNs,
            m_table->transferNs);
    else
        m_split->setTimes(0, 0, 0, 0);
}

void OperatorChartsWidget::highlightSlice(QPieSlice* slice)
{
    if (!slice || !m_table || !m_store || !m_catalog || !slice->property(kKeyProperty).isValid())
        return;
    const uint32_t key = slice->property(kKeyProperty).toUInt();
    const QString label = slice->property("fullName").toString();
    m_highlighter.highlight({ m_store, m_catalog, m_table->level, key, m_window->window(), m_table->scope, label });
}

void OperatorChartsWidget::placeCenterLabel()
{
    const QRectF plot = m_pieChart->plotArea();
    QFont f = font();
    f.setBold(true);
    m_center->setFont(f);
    const QRectF r = m_center->boundingRect();
    // The donut is centred in the plot area (setPieSize is relative to it).
    m_center->setPos(plot.center().x() - r.width() / 2, plot.center().y() - r.height() / 2);
}

void OperatorChartsWidget::applyStyle()
{
    const QPalette pal = palette();
    ChartStyle::apply(m_pieChart, pal);
    m_pieView->setBackgroundBrush(pal.color(QPalette::Base));
    m_center->setBrush(pal.color(QPalette::Text));
    for (QPieSlice* s : m_pie->slices())
        s->setBorderColor(pal.color(QPalette::Base));
}

void OperatorChartsWidget::showContextMenu(const QPoint& globalPos)
{
    QMenu menu(this);
    const QString base = QStringLiteral("operators-%1")
                             .arg(QString::fromLatin1(analysis::operatorLevelName(m_table ? m_table->level : level())));
    ExportActions::addPair(
        &menu, this, base, [this] { return m_table ? report::OperatorTableReport(*m_table).csv() : std::string(); },
        [this] { return m_table ? report::OperatorTableReport(*m_table, m_tableRange).json() : std::string(); });
    for (QAction* a : menu.actions())
        a->setEnabled(m_table != nullptr);
    menu.addSeparator();
    ImageExport::addToMenu(&menu, this, base); // the donut, its legend and the split bar, as shown
    menu.exec(globalPos);
}

void OperatorChartsWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (!m_donutLayout)
        return;
    // The legend beside the donut or under it, whichever leaves the larger donut.
    const int w = width() - 10;
    const int h
        = height() - m_levelBox->sizeHint().height() - 6 - m_split->sizeHint().height() - m_status->sizeHint().height();
    const int legend = m_legend->sizeHint().height() + 8;
    const int beside = std::min(w * 2 / 5, h);
    const int under = std::min(w, h - legend);
    const auto direction = under > beside * 5 / 4 ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight;
    if (direction != m_donutLayout->direction()) {
        m_donutLayout->setDirection(direction);
        m_donutLayout->setStretch(0, direction == QBoxLayout::TopToBottom ? 1 : 2);
        m_donutLayout->setStretch(1, direction == QBoxLayout::TopToBottom ? 0 : 3);
    }
}

void OperatorChartsWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_pieChart) {
        applyStyle();
        fillPie(); // the "Other" grey follows the palette
    }
}

} // namespace strata::widgets
