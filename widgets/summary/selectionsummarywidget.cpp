#include "selectionsummarywidget.h"

#include "comparesummarystack.h"
#include "comparesummarytable.h"
#include "summarycomputer.h"
#include "summaryview.h"
#include <common/summaryformat.h>
#include <common/unitformat.h>

#include <state/comparison.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QFileInfo>
#include <QVBoxLayout>

namespace strata::widgets {

SelectionSummaryWidget::SelectionSummaryWidget(model::Session* session, QWidget* parent)
    : SelectionSummaryWidget(nullptr, session, parent)
{
}

SelectionSummaryWidget::SelectionSummaryWidget(model::Comparison* comparison, QWidget* parent)
    : SelectionSummaryWidget(comparison, comparison->a(), parent)
{
}

SelectionSummaryWidget::SelectionSummaryWidget(model::Comparison* comparison, model::Session* session, QWidget* parent)
    : QWidget(parent)
    , m_selection(session->selection())
    , m_viewport(session->viewport())
    , m_computer(new SummaryComputer(this))
{
    setObjectName(QStringLiteral("selectionSummary"));
    m_view = new SummaryView(this);
    m_view->setFactsMode(SummaryView::FactsMode::Window);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    if (comparison) {
        m_compare = new CompareSummaryStack(comparison, m_view, this);
        connect(m_compare, &CompareSummaryStack::comparingChanged, this, [this](bool on) {
            if (on)
                refresh();
        });
        layout->addWidget(m_compare);
    } else {
        layout->addWidget(m_view);
    }

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SelectionSummaryWidget::refresh);
    connect(m_computer, &SummaryComputer::ready, this, &SelectionSummaryWidget::apply);
    connect(m_viewport, &model::Viewport::visibleChanged, this, &SelectionSummaryWidget::onWindowMoved);
    connect(m_selection, &model::Selection::timeSelectionChanged, this, &SelectionSummaryWidget::onWindowMoved);
    session->follow(
        this, [this, session] { setStore(session->store(), session->filePath(), session->loadInfo().format); },
        [this, session] {
            if (session->analyses()->get<analysis::SummaryIndex>() != m_computer->index())
                setSummaryIndex(session->analyses()->get<analysis::SummaryIndex>());
        });
}

void SelectionSummaryWidget::setStore(
    std::shared_ptr<const store::EventStore> store, const QString& filePath, const QString& format)
{
    const bool open = store != nullptr;
    m_debounce.stop();
    m_computer->setAnalysis(std::move(store), nullptr);
    m_path = filePath;
    m_view->setSource(filePath, format);
    m_view->setSummary(nullptr);
    m_view->showPlaceholder(
        open ? tr("Building summary…") : tr("Open a profile to see the summary of what is in view."));
}

void SelectionSummaryWidget::setSummaryIndex(std::shared_ptr<const analysis::SummaryIndex> index)
{
    if (!m_computer->store())
        return;
    m_computer->setAnalysis(m_computer->store(), std::move(index));
    refresh();
}

store::TimeRange SelectionSummaryWidget::targetWindow() const
{
    if (targetIsSelection())
        return m_selection->timeSelection();
    if (m_viewport)
        return m_viewport->visible();
    return m_computer->store() ? m_computer->store()->extent() : store::TimeRange {};
}

bool SelectionSummaryWidget::targetIsSelection() const
{
    return m_selection && m_selection->hasTimeSelection();
}

void SelectionSummaryWidget::onWindowMoved()
{
    if (!m_computer->canCompute())
        return;
    // A drag or a run of wheel notches costs one computation, or one every kMaxDelayMs.
    if (!m_debounce.isActive())
        m_burst.start();
    if (m_burst.elapsed() >= kMaxDelayMs)
        refresh();
    else
        m_debounce.start();
}

void SelectionSummaryWidget::refresh()
{
    m_debounce.stop();
    if (!m_computer->canCompute())
        return;
    m_requestedSelection = targetIsSelection();
    m_computer->request(targetWindow());
    if (m_compare && m_compare->comparing()) {
        const auto [caption, tip] = captionFor(targetWindow(), m_requestedSelection);
        m_compare->table()->setCaption(caption, tip);
        m_compare->table()->showWindow(targetWindow());
    }
}

bool SelectionSummaryWidget::isBusy() const
{
    return m_debounce.isActive() || m_computer->isBusy();
}

std::shared_ptr<const analysis::TraceSummary> SelectionSummaryWidget::summary() const
{
    return m_view->summary();
}

store::TimeNs SelectionSummaryWidget::origin() const
{
    return m_computer->store() ? m_computer->store()->extent().start : 0;
}

std::pair<QString, QString> SelectionSummaryWidget::captionFor(store::TimeRange window, bool selection) const
{
    const store::TimeNs o = origin();
    const store::TimeRange rel { window.start - o, window.end - o };
    const store::TimeRange extent = m_computer->store() ? m_computer->store()->extent() : store::TimeRange {};
    const bool whole = !selection && window.start <= extent.start && window.end >= extent.end;
    const QString span = SummaryFormat::window(rel);
    const QString length = whole ? tr("whole trace") : UnitFormat::duration(rel.duration());
    const QString caption
        = selection ? tr("Selection: %1 (%2)").arg(span, length) : tr("Visible: %1 (%2)").arg(span, length);
    const QString file = m_path.isEmpty() ? QStringLiteral("FILE") : QFileInfo(m_path).fileName();
    return { caption,
        tr("%1, relative to the start of the trace.\nThe numbers of: strata-cli summary \"%2\" --range %3")
            .arg(selection ? tr("The time selection") : tr("The visible window"), file, SummaryFormat::cliRange(rel)) };
}

void SelectionSummaryWidget::apply(std::shared_ptr<const analysis::TraceSummary> summary)
{
    m_shownWindow = summary->window;
    m_shownSelection = m_requestedSelection; // the latest request is the one that arrives
    const auto [caption, tip] = captionFor(m_shownWindow, m_shownSelection);
    m_view->setCaption(caption, tip);
    m_view->setSummary(std::move(summary));
    emit summaryUpdated();
}

} // namespace strata::widgets
