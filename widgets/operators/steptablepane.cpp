#include "steptablepane.h"

#include "steptablemodel.h"
#include <common/tablesupport.h>

#include <state/selection.h>

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace strata::widgets {

StepTablePane::StepTablePane(model::Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_model(new StepTableModel(this))
{
    m_view = TableSupport::table(this, QStringLiteral("latencySteps"));
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setTextElideMode(Qt::ElideMiddle);
    QHeaderView* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(StepTableModel::TopOperator, QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("latencyStepsNote"));
    m_note->setWordWrap(true);
    m_note->setContentsMargins(8, 2, 8, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
    connect(m_view, &QAbstractItemView::clicked, this, &StepTablePane::select);
    connect(m_view, &QAbstractItemView::activated, this, &StepTablePane::select);
}

void StepTablePane::setSteps(analysis::StepTable steps, store::TimeNs origin)
{
    const bool fallback = steps.deviceFallback;
    const bool any = !steps.steps.empty();
    m_model->setSteps(std::move(steps), origin);
    if (!any)
        m_note->setText(tr("No instance of the unit in this window."));
    else
        m_note->setText(fallback ? tr("Busy: the union of every thread's slices inside the step (the profile has no "
                                      "device track). The warning icon marks an outlier: over %1 × the median step.")
                                       .arg(analysis::StepBreakdown::kOutlierRatio)
                                 : tr("Busy: the union of the device tracks' busy time inside the step; idle = "
                                      "duration − busy. The warning icon marks an outlier: over %1 × the median step.")
                                       .arg(analysis::StepBreakdown::kOutlierRatio));
}

void StepTablePane::select(const QModelIndex& index)
{
    const analysis::StepRow* s = index.isValid() ? m_model->step(index.row()) : nullptr;
    if (s)
        m_selection->setCurrent(model::EventRef::slice(s->row), /*reveal*/ true);
}

} // namespace strata::widgets
