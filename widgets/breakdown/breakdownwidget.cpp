#include "breakdownwidget.h"

#include "breakdownbars.h"
#include "breakdowncomputer.h"
#include "breakdowntable.h"
#include <common/elidedlabel.h>
#include <common/exportactions.h>
#include <common/summaryformat.h>
#include <common/tablesupport.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>

#include <report/breakdownreport.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace strata::widgets {

namespace {
// As the Current Selection Summary: a drag recomputes at most every 250 ms.
constexpr int kDebounceMs = 150;
constexpr int kMaxDelayMs = 250;
} // namespace

BreakdownWidget::BreakdownWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_session(context.session)
    , m_scope(new TimeScope(context.session, this))
    , m_computer(new BreakdownComputer(this))
{
    setObjectName(QStringLiteral("timeBreakdown"));
    m_scope->setPace(kDebounceMs, kMaxDelayMs);
    m_scopeBox = new TimeScopeBox(m_scope,
        { TimeScope::Mode::WholeTrace, TimeScope::Mode::VisibleRange, TimeScope::Mode::CurrentSelection,
            TimeScope::Mode::MarkerPair },
        this);
    m_scopeBox->setObjectName(QStringLiteral("timeBreakdownScope"));
    m_engines = new QCheckBox(tr("Engines"), this);
    m_engines->setObjectName(QStringLiteral("timeBreakdownEngines"));
    m_engines->setToolTip(tr("A bar for each engine of each device, under the device's"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(m_scopeBox);
    bar->addWidget(m_engines);
    // Where the segment clicks stand; elided, so a long device name never widens the dock.
    m_step = new ElidedLabel(this);
    m_step->setObjectName(QStringLiteral("timeBreakdownStep"));
    bar->addWidget(m_step, 1);
    m_caption = new QLabel(this);
    m_caption->setContentsMargins(6, 2, 6, 2);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_bars = new BreakdownBars(this);
    m_barsArea = new QScrollArea(this);
    m_barsArea->setWidgetResizable(true);
    m_barsArea->setFrameShape(QFrame::NoFrame);
    m_barsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_barsArea->setWidget(m_bars);
    m_table = new BreakdownTable(this);
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_barsArea);
    m_split->addWidget(m_table);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 2);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_userSplit = true; });
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("timeBreakdownPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_split);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_caption);
    layout->addWidget(m_stack, 1);

    connect(m_engines, &QCheckBox::toggled, this, [this](bool on) {
        m_bars->setShowEngines(on);
        fitBars();
    });
    connect(m_bars, &BreakdownBars::segmentClicked, this, &BreakdownWidget::selectSegment);
    connect(m_computer, &BreakdownComputer::segmentReady, this, &BreakdownWidget::onSegmentReady);
    connect(m_table, &QWidget::customContextMenuRequested, this, &BreakdownWidget::tableMenu);
    connect(m_scope, &TimeScope::changed, this, &BreakdownWidget::refresh);
    connect(m_computer, &BreakdownComputer::ready, this, &BreakdownWidget::apply);
    model::Session* session = context.session;
    session->followIndex<analysis::BreakdownIndex>(this, [this, session](auto index) {
        if (session->store() != m_computer->store())
            setStore(session->store());
        setIndex(std::move(index));
    });
}

void BreakdownWidget::setStore(std::shared_ptr<const store::EventStore> store)
{
    const bool open = store != nullptr;
    m_scope->discardPending();
    m_computer->setAnalysis(std::move(store), nullptr);
    m_shown.reset();
    m_pick.reset();
    m_selected.reset();
    m_stepText.clear();
    m_step->setFullText(QString());
    m_caption->clear();
    showPlaceholder(open ? tr("Building the time breakdown…") : tr("Open a profile to see its time breakdown."));
}

void BreakdownWidget::setIndex(std::shared_ptr<const analysis::BreakdownIndex> index)
{
    if (!m_computer->store() || index == m_computer->index())
        return;
    m_computer->setAnalysis(m_computer->store(), std::move(index));
    refresh();
}

void BreakdownWidget::refresh()
{
    m_scope->discardPending();
    if (!m_computer->canCompute())
        return;
    if (!m_computer->index()->hasDeviceWork()) {
        showPlaceholder(tr("No device work in this profile"));
        return;
    }
    if (!m_scope->hasWindow()) {
        m_shown.reset();
        showPlaceholder(
            tr("Select a marker with a Diff vs marker (Annotations dock) to break down what ran between the two."));
        return;
    }
    // A stretch this dock selected is no new window: the breakdown and its steps stay.
    if (m_shown && m_selected && m_scope->source() == TimeScope::Source::TimeSelection) {
        const store::TimeRange w = m_scope->window();
        if (w.start == m_selected->start && w.end == m_selected->end)
            return;
    }
    // The whole trace is the store's extent, as strata-cli breakdown takes it.
    const bool whole = m_scope->source() == TimeScope::Source::WholeTrace;
    m_computer->request(whole ? m_computer->store()->extent() : m_scope->window());
}

void BreakdownWidget::apply(std::shared_ptr<const analysis::RankBreakdown> breakdown)
{
    if (!m_scope->hasWindow())
        return; // a marker pair without one was chosen since
    m_shown = std::move(breakdown);
    if (m_pick && (m_pick->window.start != m_shown->window.start || m_pick->window.end != m_shown->window.end)) {
        m_pick.reset();
        m_step->setFullText(QString());
    }
    const std::optional<store::TimeRange> rel = m_scope->relativeRange();
    const QString file
        = m_session->filePath().isEmpty() ? QStringLiteral("FILE") : QFileInfo(m_session->filePath()).fileName();
    m_caption->setText(m_scope->describe());
    m_caption->setToolTip(
        tr("The numbers of: strata-cli breakdown \"%1\"%2")
            .arg(file, rel ? QStringLiteral(" --range ") + SummaryFormat::cliRange(*rel) : QString()));
    m_bars->setBreakdown(m_shown);
    fitBars();
    m_table->setBreakdown(*m_shown);
    m_stack->setCurrentIndex(1);
    emit breakdownUpdated();
}

void BreakdownWidget::fitBars()
{
    // The legend and the first bar stay in view however short the dock; the rest of the
    // bars and the table below scroll.
    const int w = width(); // the bars area spans the dock (no frame, no horizontal scroll bar)
    m_barsArea->setMinimumHeight(m_bars->heightFor(w, 1));
    m_barsArea->setMaximumHeight(m_bars->heightFor(w, m_bars->rowCount()) + 2);
    // Until the user drags the splitter, the bars get whole rows, as many as fit in about
    // half the dock (a dock first laid out while hidden behind a tab would otherwise keep the
    // bars at their minimum however tall it grows), and the table the rest.
    const int total = m_split->height() - m_split->handleWidth();
    if (m_userSplit || total <= 0 || m_bars->rowCount() == 0)
        return;
    int rows = m_bars->rowCount();
    while (rows > 1 && m_bars->heightFor(w, rows) > total / 2)
        --rows;
    const int bars = std::min(
        total - m_table->minimumSizeHint().height(), m_bars->heightFor(w, rows) + (rows < m_bars->rowCount() ? 0 : 2));
    m_split->setSizes({ bars, total - bars });
}

void BreakdownWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitBars();
}

void BreakdownWidget::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(0);
}

QString BreakdownWidget::placeholderText() const
{
    return m_stack->currentIndex() == 0 ? m_placeholder->text() : QString();
}

bool BreakdownWidget::isBusy() const
{
    return (m_scope->isPending() && m_computer->canCompute()) || m_computer->isBusy();
}

QString BreakdownWidget::rowLabel(int device, int engine) const
{
    const analysis::DeviceBreakdown& d = m_shown->devices.at(size_t(device));
    return QString::fromStdString(engine < 0 ? d.label : d.engines.at(size_t(engine)).label);
}

void BreakdownWidget::selectSegment(int device, int engine, analysis::BreakdownSegment segment)
{
    if (!m_shown || device < 0 || size_t(device) >= m_shown->devices.size())
        return;
    const store::TimeRange window = m_shown->window;
    if (m_pick && m_pick->device == device && m_pick->engine == engine && m_pick->segment == segment
        && m_pick->window.start == window.start && m_pick->window.end == window.end) {
        if (m_pick->intervals && !m_pick->intervals->empty()) {
            m_pick->step = (m_pick->step + 1) % m_pick->intervals->size();
            showStep();
        }
        return; // else its stretches are on their way
    }
    m_pick = Pick { device, engine, segment, window, nullptr, 0 };
    m_computer->requestSegment(device, engine, segment, window);
}

void BreakdownWidget::onSegmentReady(int device, int engine, analysis::BreakdownSegment segment,
    store::TimeRange window, std::shared_ptr<const std::vector<analysis::IntervalSet::Interval>> intervals)
{
    if (!m_pick || m_pick->device != device || m_pick->engine != engine || m_pick->segment != segment
        || m_pick->window.start != window.start || m_pick->window.end != window.end)
        return;
    m_pick->intervals = std::move(intervals);
    m_pick->step = 0;
    showStep();
}

void BreakdownWidget::showStep()
{
    const Pick& pick = *m_pick;
    const QString what = BreakdownBars::segmentName(pick.segment);
    const QString where = rowLabel(pick.device, pick.engine);
    if (pick.intervals->empty()) {
        m_stepText = tr("No %1 on %2 in this window").arg(what, where);
    } else {
        const analysis::IntervalSet::Interval r = (*pick.intervals)[pick.step];
        const store::TimeRange range { r.start, r.end };
        m_selected = range;
        m_session->selection()->setTimeSelection(range);
        // Into view when it is not all there: a tenth of its length either side.
        model::Viewport* viewport = m_session->viewport();
        const store::TimeRange visible = viewport->visible();
        if (r.start < visible.start || r.end > visible.end) {
            const store::TimeNs pad = std::max<store::TimeNs>(1, (r.end - r.start) / 10);
            viewport->setVisible({ r.start - pad, r.end + pad }, model::Viewport::Nav::Jump);
        }
        m_stepText = tr("%1 %2 of %3: %4 on %5")
                         .arg(what)
                         .arg(pick.step + 1)
                         .arg(pick.intervals->size())
                         .arg(UnitFormat::duration(r.end - r.start), where);
    }
    m_step->setFullText(m_stepText);
    // The main window's status bar, the dock floating or not (a floating dock's window is
    // itself; its parent is still the main window).
    for (QWidget* w = parentWidget(); w; w = w->parentWidget()) {
        if (auto* main = qobject_cast<QMainWindow*>(w)) {
            main->statusBar()->showMessage(m_stepText, 8000);
            break;
        }
    }
}

std::string BreakdownWidget::csv() const
{
    if (!m_shown)
        return {};
    return report::BreakdownReport({ { m_session->filePath().toStdString(), m_session->store().get(), *m_shown } })
        .csv();
}

std::string BreakdownWidget::json() const
{
    if (!m_shown)
        return {};
    return report::BreakdownReport({ { m_session->filePath().toStdString(), m_session->store().get(), *m_shown } })
        .json();
}

void BreakdownWidget::tableMenu(const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this] { m_table->copySelection(); }, !m_table->selectedItems().isEmpty());
    menu.addAction(tr("Copy Table as CSV"), this, [this] { TableSupport::copyText(QString::fromStdString(csv())); })
        ->setEnabled(m_shown != nullptr);
    menu.addSeparator();
    ExportActions::addPair(
        &menu, this, QStringLiteral("time-breakdown"), [this] { return csv(); }, [this] { return json(); });
    for (QAction* a : menu.actions())
        if (a->text().startsWith(tr("Export")))
            a->setEnabled(m_shown != nullptr);
    menu.addSeparator();
    TableSupport::addExpandCollapse(&menu, m_table, m_shown != nullptr);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

} // namespace strata::widgets
