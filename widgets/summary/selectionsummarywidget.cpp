#include "selectionsummarywidget.h"

#include "comparesummarystack.h"
#include "comparesummarytable.h"
#include "summarycomputer.h"
#include "summaryview.h"
#include <common/summaryformat.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>

#include <state/comparison.h>
#include <state/session.h>

#include <QFileInfo>
#include <QHBoxLayout>
#include <QVBoxLayout>

namespace strata::widgets {

SelectionSummaryWidget::SelectionSummaryWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_scope(new TimeScope(context.session, this))
    , m_computer(new SummaryComputer(this))
{
    setObjectName(QStringLiteral("selectionSummary"));
    m_scope->setPace(kDebounceMs, kMaxDelayMs);
    m_scopeBox = new TimeScopeBox(m_scope,
        { TimeScope::Mode::CurrentSelection, TimeScope::Mode::VisibleRange, TimeScope::Mode::MarkerPair }, this);
    m_scopeBox->setObjectName(QStringLiteral("selectionSummaryScope"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(m_scopeBox);
    bar->addStretch(1);
    m_view = new SummaryView(this);
    m_view->setFactsMode(SummaryView::FactsMode::Window);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    if (context.compare) {
        m_compare = new CompareSummaryStack(context.compare, m_view, this);
        connect(m_compare, &CompareSummaryStack::comparingChanged, this, [this](bool on) {
            if (on)
                refresh();
        });
        layout->addWidget(m_compare, 1);
    } else {
        layout->addWidget(m_view, 1);
    }

    connect(m_scope, &TimeScope::changed, this, &SelectionSummaryWidget::refresh);
    connect(m_computer, &SummaryComputer::ready, this, &SelectionSummaryWidget::apply);
    model::Session* session = context.session;
    session->follow(
        this, [this, session] { setStore(session->store(), session->filePath(), session->loadInfo().format); },
        [this, session] {
            auto index = session->analyses()->get<analysis::SummaryIndex>();
            auto breakdown = session->analyses()->get<analysis::BreakdownIndex>();
            if (index != m_computer->index() || breakdown != m_computer->breakdown())
                setSummaryIndex(std::move(index), std::move(breakdown));
        });
}

void SelectionSummaryWidget::setStore(
    std::shared_ptr<const store::EventStore> store, const QString& filePath, const QString& format)
{
    const bool open = store != nullptr;
    m_scope->discardPending();
    m_computer->setAnalysis(std::move(store), nullptr);
    m_path = filePath;
    m_view->setSource(filePath, format);
    m_view->setSummary(nullptr);
    m_view->showPlaceholder(
        open ? tr("Building summary…") : tr("Open a profile to see the summary of what is in view."));
}

void SelectionSummaryWidget::setSummaryIndex(
    std::shared_ptr<const analysis::SummaryIndex> index, std::shared_ptr<const analysis::BreakdownIndex> breakdown)
{
    if (!m_computer->store())
        return;
    m_computer->setAnalysis(m_computer->store(), std::move(index), std::move(breakdown));
    refresh();
}

store::TimeRange SelectionSummaryWidget::targetWindow() const
{
    return m_scope->window();
}

bool SelectionSummaryWidget::targetIsSelection() const
{
    return m_scope->source() == TimeScope::Source::TimeSelection;
}

void SelectionSummaryWidget::refresh()
{
    m_scope->discardPending();
    if (!m_computer->canCompute())
        return;
    m_requestedSource = m_scope->source();
    m_requestedSlice = m_scope->sliceName();
    if (m_requestedSource == TimeScope::Source::None) {
        // The result of an earlier window may still arrive; apply() drops it.
        const QString text = tr("Select a marker with a Diff vs marker (Annotations dock) to summarise what ran "
                                "between the two.");
        m_view->showPlaceholder(text);
        if (m_compare && m_compare->comparing())
            m_compare->table()->showPlaceholder(text);
        return;
    }
    m_computer->request(targetWindow());
    if (m_compare && m_compare->comparing()) {
        const auto [caption, tip] = captionFor(targetWindow(), m_requestedSource, m_requestedSlice);
        m_compare->table()->setCaption(caption, tip);
        m_compare->table()->showWindow(targetWindow());
    }
}

bool SelectionSummaryWidget::isBusy() const
{
    // A move before the index is there computes nothing.
    return (m_scope->isPending() && m_computer->canCompute()) || m_computer->isBusy();
}

std::shared_ptr<const analysis::TraceSummary> SelectionSummaryWidget::summary() const
{
    return m_view->summary();
}

store::TimeNs SelectionSummaryWidget::origin() const
{
    return m_computer->store() ? m_computer->store()->extent().start : 0;
}

std::pair<QString, QString> SelectionSummaryWidget::captionFor(
    store::TimeRange window, TimeScope::Source source, const QString& sliceName) const
{
    const store::TimeNs o = origin();
    const store::TimeRange rel { window.start - o, window.end - o };
    const store::TimeRange extent = m_computer->store() ? m_computer->store()->extent() : store::TimeRange {};
    const bool whole = source == TimeScope::Source::Visible && window.start <= extent.start && window.end >= extent.end;
    const QString span = SummaryFormat::window(rel);
    const QString length = whole ? tr("whole trace") : UnitFormat::duration(rel.duration());
    QString caption = tr("Visible: %1 (%2)").arg(span, length);
    QString what = tr("The visible window");
    if (source == TimeScope::Source::TimeSelection) {
        caption = tr("Selection: %1 (%2)").arg(span, length);
        what = tr("The time selection");
    } else if (source == TimeScope::Source::Slice) {
        caption = tr("%1 · %2 (%3)").arg(sliceName, span, length);
        what = tr("The selected slice “%1”, exactly (not the padded view around it)").arg(sliceName);
    } else if (source == TimeScope::Source::MarkerPair) {
        caption = tr("Markers: %1 (%2)").arg(span, length);
        what = tr("The marker pair");
    }
    const QString file = m_path.isEmpty() ? QStringLiteral("FILE") : QFileInfo(m_path).fileName();
    return { caption,
        tr("%1, relative to the start of the trace.\nThe numbers of: strata-cli summary \"%2\" --range %3")
            .arg(what, file, SummaryFormat::cliRange(rel)) };
}

void SelectionSummaryWidget::apply(std::shared_ptr<const analysis::TraceSummary> summary)
{
    if (m_requestedSource == TimeScope::Source::None)
        return; // a marker pair without one was chosen since
    m_shownWindow = summary->window;
    m_shownSource = m_requestedSource; // the latest request is the one that arrives
    const auto [caption, tip] = captionFor(m_shownWindow, m_shownSource, m_requestedSlice);
    m_view->setCaption(caption, tip);
    m_view->setSummary(std::move(summary));
    emit summaryUpdated();
}

} // namespace strata::widgets
