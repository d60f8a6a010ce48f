#include "comparepane.h"

#include "compareheader.h"

#include <state/comparison.h>

#include <timeline/timelinewidget.h>

#include <QVBoxLayout>

namespace strata::app {

ComparePane::ComparePane(model::Comparison* comparison, QWidget* parent)
    : QWidget(parent)
    , m_comparison(comparison)
    , m_header(new CompareHeader(comparison, this))
    , m_timeline(new widgets::TimelineWidget(comparison->b(), this))
{
    setObjectName(QStringLiteral("comparePane"));
    m_timeline->setObjectName(QStringLiteral("compareTimeline"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_header);
    column->addWidget(m_timeline, 1);
    auto follow = [this] { setVisible(m_comparison->active()); };
    connect(m_comparison, &model::Comparison::changed, this, follow);
    follow();
}

} // namespace strata::app
