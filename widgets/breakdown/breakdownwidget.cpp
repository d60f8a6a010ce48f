#include "breakdownwidget.h"

#include "breakdownbars.h"
#include "breakdowncomputer.h"
#include "breakdowntable.h"
#include <common/summaryformat.h>
#include <common/timescopebox.h>

#include <state/selection.h>
#include <state/session.h>

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
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
    bar->addStretch(1);
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
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_barsArea);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("timeBreakdownPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(split);

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
    connect(m_bars, &BreakdownBars::deviceClicked, this, &BreakdownWidget::selectDevice);
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
    // The whole trace is the store's extent, as strata-cli breakdown takes it.
    const bool whole = m_scope->source() == TimeScope::Source::WholeTrace;
    m_computer->request(whole ? m_computer->store()->extent() : m_scope->window());
}

void BreakdownWidget::apply(std::shared_ptr<const analysis::RankBreakdown> breakdown)
{
    if (!m_scope->hasWindow())
        return; // a marker pair without one was chosen since
    m_shown = std::move(breakdown);
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

void BreakdownWidget::selectDevice(int device)
{
    const auto& index = m_computer->index();
    if (!m_shown || !index || device < 0 || size_t(device) >= index->devices().size())
        return;
    const analysis::IntervalSet& work = index->devices()[size_t(device)].work.part(analysis::WorkIntervals::All);
    const store::TimeRange hull = work.hull(m_shown->window);
    if (hull.duration() > 0)
        m_session->selection()->setTimeSelection(hull);
}

} // namespace strata::widgets
