#include "pairmetricsview.h"

#include <common/summaryformat.h>
#include <common/unitformat.h>

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

namespace strata::widgets {

namespace {

QTreeWidgetItem* numbers(QTreeWidgetItem* parent, const QStringList& texts)
{
    auto* item = new QTreeWidgetItem(parent, texts);
    for (int c = PairMetricsView::Events; c < PairMetricsView::ColumnCount; ++c)
        item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTreeWidgetItem* section(QTreeWidget* tree, const QString& title, const QString& tip)
{
    auto* item = new QTreeWidgetItem(tree, { title });
    QFont bold = item->font(0);
    bold.setBold(true);
    item->setFont(0, bold);
    item->setFirstColumnSpanned(true);
    item->setToolTip(0, tip);
    return item;
}

void note(QTreeWidgetItem* parent, const QString& text)
{
    auto* item = new QTreeWidgetItem(parent, { text });
    item->setFlags(Qt::ItemIsEnabled);
    item->setFirstColumnSpanned(true);
}

} // namespace

PairMetricsView::PairMetricsView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("pairMetrics"));
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("pairCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setContentsMargins(6, 4, 6, 4);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("pairMetricsTree"));
    m_tree->setHeaderLabels({ tr("Between the markers"), tr("Events"), tr("Time"), tr("Share") });
    m_tree->headerItem()->setToolTip(
        Time, tr("Engines: busy time. Operators: total time of the slices that started in the interval."));
    m_tree->headerItem()->setToolTip(
        Share, tr("Engines: busy time over the interval's length. Operators: share of the busy time."));
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    QHeaderView* h = m_tree->header();
    h->setStretchLastSection(false);
    h->setSectionResizeMode(QHeaderView::ResizeToContents);
    h->setSectionResizeMode(Name, QHeaderView::Stretch);
    h->setMinimumSectionSize(40);
    for (int c = Events; c < ColumnCount; ++c)
        m_tree->headerItem()->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_caption);
    layout->addWidget(m_tree, 1);
    showPlaceholder(tr("Select a marker with a Diff vs marker to see what ran between the two."));
}

QString PairMetricsView::caption() const
{
    return m_caption->text();
}

QTreeWidgetItem* PairMetricsView::enginesItem() const
{
    return m_metrics ? m_tree->topLevelItem(0) : nullptr;
}

QTreeWidgetItem* PairMetricsView::operatorsItem() const
{
    return m_metrics ? m_tree->topLevelItem(1) : nullptr;
}

void PairMetricsView::setHeading(const QString& text)
{
    m_tree->headerItem()->setText(Name, text);
}

void PairMetricsView::showPlaceholder(const QString& text)
{
    m_metrics.reset();
    m_caption->setText(text);
    m_tree->clear();
    m_tree->setVisible(false);
}

void PairMetricsView::setMetrics(std::shared_ptr<const PairMetrics> metrics, const QString& title)
{
    m_metrics = std::move(metrics);
    if (!m_metrics)
        return;
    m_caption->setText(title);
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    fillEngines(*m_metrics,
        section(m_tree, tr("Engines"), tr("Every engine that ran in the interval: events, busy time, utilisation")));
    fillOperators(*m_metrics,
        section(m_tree, tr("Top operators"),
            tr("The operators that took the most time in the interval (Operator Table, op level)")));
    m_tree->expandAll();
    m_tree->setUpdatesEnabled(true);
    m_tree->setVisible(true);
}

void PairMetricsView::fillEngines(const PairMetrics& m, QTreeWidgetItem* root)
{
    std::map<uint32_t, QTreeWidgetItem*> processes; // by ProcessId
    for (const analysis::TrackSummaryRow& row : m.summary.tracks) {
        if (row.events == 0)
            continue;
        QTreeWidgetItem*& process = processes[row.process.v];
        if (!process) {
            process = new QTreeWidgetItem(root, { QString::fromStdString(row.processLabel) });
            process->setFirstColumnSpanned(true);
        }
        QTreeWidgetItem* item = numbers(process,
            { SummaryFormat::trackName(row), UnitFormat::count(row.events), SummaryFormat::duration(double(row.busyNs)),
                SummaryFormat::utilization(row.utilization) });
        item->setToolTip(Name,
            QStringLiteral("%1 › %2").arg(QString::fromStdString(row.processLabel), SummaryFormat::trackName(row)));
    }
    if (processes.empty())
        note(root, tr("No engine ran in this interval"));
}

void PairMetricsView::fillOperators(const PairMetrics& m, QTreeWidgetItem* root)
{
    if (!m.hasOperators) {
        note(root, tr("Aggregating…"));
        return;
    }
    for (const analysis::OperatorRow& row : m.topOperators) {
        const QString name = QString::fromStdString(row.name);
        QTreeWidgetItem* item = numbers(root,
            { name, UnitFormat::count(row.count), SummaryFormat::duration(double(row.totalNs)),
                QStringLiteral("%1 %").arg(row.percent, 0, 'f', 1) });
        item->setToolTip(Name, name);
    }
    if (m.topOperators.empty())
        note(root, tr("No operator started in this interval"));
}

} // namespace strata::widgets
