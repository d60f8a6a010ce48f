#include "steptablepane.h"

#include "steptablemodel.h"
#include <common/tablesupport.h>

#include <state/selection.h>

#include <QHeaderView>
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
    m_view->setTextElideMode(Qt::ElideRight); // operator names differ at their start
    QHeaderView* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(StepTableModel::TopOperator, QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    header->setTextElideMode(Qt::ElideRight); // a title cut short ends in "…"; its tooltip says more
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    connect(m_view, &QAbstractItemView::clicked, this, &StepTablePane::select);
    connect(m_view, &QAbstractItemView::activated, this, &StepTablePane::select);
}

void StepTablePane::setSteps(analysis::StepTable steps, store::TimeNs origin)
{
    m_model->setSteps(std::move(steps), origin);
    // The shares need device work and the breakdown index; without them the columns go.
    for (int c : { StepTableModel::Compute, StepTableModel::Comm, StepTableModel::Exposed })
        m_view->setColumnHidden(c, !m_model->hasShares());
}

void StepTablePane::select(const QModelIndex& index)
{
    const analysis::StepRow* s = index.isValid() ? m_model->step(index.row()) : nullptr;
    if (s)
        m_selection->setCurrent(model::EventRef::slice(s->row), /*reveal*/ true);
}

} // namespace strata::widgets
