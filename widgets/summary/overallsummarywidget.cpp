#include "overallsummarywidget.h"

#include "summarybusychart.h"
#include "summarycomputer.h"
#include "summaryview.h"

#include <QFileInfo>
#include <QVBoxLayout>

namespace strata::widgets {

OverallSummaryWidget::OverallSummaryWidget(QWidget* parent)
    : QWidget(parent)
    , m_computer(new SummaryComputer(this))
{
    setObjectName(QStringLiteral("overallSummary"));
    m_view = new SummaryView(this);
    m_chart = new SummaryBusyChart(this);
    m_view->addPane(m_chart, tr("Busy time per engine"));
    m_view->setCaption(tr("Whole trace"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_computer, &SummaryComputer::ready, this, &OverallSummaryWidget::apply);
}

void OverallSummaryWidget::setStore(
    std::shared_ptr<const store::EventStore> store, const QString& filePath, const QString& format)
{
    const bool open = store != nullptr;
    m_computer->setAnalysis(std::move(store), nullptr);
    m_path = filePath;
    m_view->setSource(filePath, format);
    m_view->setSummary(nullptr);
    m_chart->clear();
    m_view->showPlaceholder(open ? tr("Building summary…") : tr("Open a profile to see its summary."));
}

void OverallSummaryWidget::setSummaryIndex(std::shared_ptr<const store::SummaryIndex> index)
{
    if (!m_computer->store())
        return;
    m_computer->setAnalysis(m_computer->store(), std::move(index));
    m_computer->request(m_computer->store()->extent());
}

std::shared_ptr<const store::TraceSummary> OverallSummaryWidget::summary() const { return m_view->summary(); }

bool OverallSummaryWidget::isBusy() const { return m_computer->isBusy(); }

void OverallSummaryWidget::apply(std::shared_ptr<const store::TraceSummary> summary)
{
    m_view->setCaption(tr("Whole trace"),
        m_path.isEmpty() ? QString()
                         : tr("The numbers of: strata-cli summary \"%1\"").arg(QFileInfo(m_path).fileName()));
    m_chart->setSummary(*summary);
    m_view->setSummary(std::move(summary));
    emit summaryUpdated();
}

} // namespace strata::widgets
