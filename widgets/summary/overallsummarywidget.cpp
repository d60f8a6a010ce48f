#include "overallsummarywidget.h"

#include "comparesummarystack.h"
#include "comparesummarytable.h"
#include "summarybusychart.h"
#include "summarycomputer.h"
#include "summaryview.h"
#include <common/tablesupport.h>

#include <QFileInfo>
#include <QHeaderView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <state/comparison.h>
#include <state/session.h>

#include <algorithm>

namespace strata::widgets {

OverallSummaryWidget::OverallSummaryWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_computer(new SummaryComputer(this))
{
    build(context.compare);
    model::Session* session = context.session;
    session->follow(
        this,
        [this, session] {
            m_view->setLoadNotes(session->loadInfo().notes);
            setStore(session->store(), session->filePath(), session->loadInfo().format);
        },
        [this, session] {
            auto index = session->analyses()->get<analysis::SummaryIndex>();
            auto breakdown = session->analyses()->get<analysis::BreakdownIndex>();
            if (index != m_computer->index() || breakdown != m_computer->breakdown())
                setSummaryIndex(std::move(index), std::move(breakdown));
        });
}

void OverallSummaryWidget::build(model::Comparison* comparison)
{
    setObjectName(QStringLiteral("overallSummary"));
    m_view = new SummaryView(this);
    m_chart = new SummaryBusyChart(this);
    m_view->addPane(m_chart, tr("Busy time per engine"));
    m_view->setCaption(tr("Whole trace"));
    m_factsToggle = new QToolButton(this);
    m_factsToggle->setObjectName(QStringLiteral("profileFactsToggle"));
    m_factsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_factsToggle->setAutoRaise(true);
    m_factsToggle->setArrowType(Qt::DownArrow);
    QFont bold = m_factsToggle->font();
    bold.setBold(true);
    m_factsToggle->setFont(bold);
    m_factsView = new QTreeWidget(this);
    m_factsView->setObjectName(QStringLiteral("profileFacts"));
    m_factsView->setColumnCount(2);
    m_factsView->setHeaderHidden(true);
    m_factsView->setRootIsDecorated(false);
    m_factsView->setUniformRowHeights(true);
    m_factsView->setAlternatingRowColors(true);
    m_factsView->setFrameShape(QFrame::NoFrame);
    m_factsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_factsView->setTextElideMode(Qt::ElideMiddle);
    m_factsView->header()->setStretchLastSection(true);
    TableSupport::addCopyAction(
        m_factsView, this,
        [this] {
            TableSupport::copyText(TableSupport::selectedItemsText(m_factsView, TableSupport::EmptyValue::KeepTab),
                TableSupport::WhenEmpty::ClearClipboard);
        },
        TableSupport::Menu::Actions);
    connect(m_factsToggle, &QToolButton::clicked, this, [this] {
        const bool open = m_factsToggle->arrowType() != Qt::DownArrow;
        m_factsToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_factsView->setVisible(open && m_factsView->topLevelItemCount() > 0);
    });
    // A's page: the summary and the profile's facts; with a comparison, one side of a stack.
    auto* page = new QWidget(this);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addWidget(m_view, 1);
    pageLayout->addSpacing(4);
    pageLayout->addWidget(m_factsToggle, 0, Qt::AlignLeft);
    pageLayout->addWidget(m_factsView);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    if (comparison) {
        m_compare = new CompareSummaryStack(comparison, page, this);
        CompareSummaryTable* table = m_compare->table();
        table->setCaption(tr("Whole trace"), tr("Each profile's numbers are those of: strata-cli summary FILE"));
        connect(m_compare, &CompareSummaryStack::comparingChanged, table, [table](bool on) {
            if (on)
                table->showWhole();
        });
        if (m_compare->comparing())
            table->showWhole();
        layout->addWidget(m_compare);
    } else {
        layout->addWidget(page);
    }
    showFacts(nullptr);
    connect(m_computer, &SummaryComputer::ready, this, &OverallSummaryWidget::apply);
}

void OverallSummaryWidget::showFacts(const store::EventStore* store)
{
    m_factsView->clear();
    if (store) {
        for (const auto& [key, value] : store->metadata()) {
            const QString v = QString::fromStdString(value);
            auto* item = new QTreeWidgetItem(m_factsView, { QString::fromStdString(key), v });
            item->setToolTip(1, v);
        }
    }
    const int n = m_factsView->topLevelItemCount();
    m_factsToggle->setText(tr("Profile facts (%1)").arg(n));
    m_factsToggle->setVisible(n > 0);
    m_factsView->setVisible(n > 0 && m_factsToggle->arrowType() == Qt::DownArrow);
    if (n == 0)
        return;
    m_factsView->resizeColumnToContents(0);
    m_factsView->setColumnWidth(0, std::min(m_factsView->columnWidth(0) + 12, 360));
    // A compact section: a few rows, the rest scroll, so the summary keeps the dock.
    const int row = std::max(m_factsView->sizeHintForRow(0), fontMetrics().height() + 2);
    m_factsView->setFixedHeight(row * std::min(n, 5) + 2 * m_factsView->frameWidth() + 2);
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
    showFacts(m_computer->store().get());
}

void OverallSummaryWidget::setLoadNotes(const QStringList& notes)
{
    m_view->setLoadNotes(notes);
}

void OverallSummaryWidget::setSummaryIndex(
    std::shared_ptr<const analysis::SummaryIndex> index, std::shared_ptr<const analysis::BreakdownIndex> breakdown)
{
    if (!m_computer->store())
        return;
    m_computer->setAnalysis(m_computer->store(), std::move(index), std::move(breakdown));
    m_computer->request(m_computer->store()->extent());
}

std::shared_ptr<const analysis::TraceSummary> OverallSummaryWidget::summary() const
{
    return m_view->summary();
}

bool OverallSummaryWidget::isBusy() const
{
    return m_computer->isBusy();
}

void OverallSummaryWidget::apply(std::shared_ptr<const analysis::TraceSummary> summary)
{
    m_view->setCaption(tr("Whole trace"),
        m_path.isEmpty() ? QString()
                         : tr("The numbers of: strata-cli summary \"%1\"").arg(QFileInfo(m_path).fileName()));
    m_chart->setSummary(*summary);
    m_view->setSummary(std::move(summary));
    emit summaryUpdated();
}

} // namespace strata::widgets
