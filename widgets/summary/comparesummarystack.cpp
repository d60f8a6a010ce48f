#include "comparesummarystack.h"

#include "comparesummarytable.h"

#include <state/comparison.h>

#include <QHBoxLayout>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::widgets {

CompareSummaryStack::CompareSummaryStack(model::Comparison* comparison, QWidget* aPage, QWidget* parent)
    : QWidget(parent)
    , m_comparison(comparison)
    , m_aPage(aPage)
{
    m_toggle = new QToolButton(this);
    m_toggle->setObjectName(QStringLiteral("compareSummaryToggle"));
    m_toggle->setText(tr("A | B | Δ"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolTip(tr("Both profiles side by side with their differences; off: A alone"));
    m_stack = new QStackedWidget(this);
    m_table = new CompareSummaryTable(comparison, m_stack);
    m_stack->addWidget(aPage);
    m_stack->addWidget(m_table);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 0);
    bar->addStretch(1);
    bar->addWidget(m_toggle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);

    connect(m_toggle, &QToolButton::toggled, this, &CompareSummaryStack::update);
    connect(m_comparison, &model::Comparison::changed, this, &CompareSummaryStack::update);
    update();
}

bool CompareSummaryStack::comparing() const
{
    return m_comparison->active() && m_toggle->isChecked();
}

void CompareSummaryStack::setComparing(bool on)
{
    if (m_comparison->active())
        m_toggle->setChecked(on);
}

void CompareSummaryStack::update()
{
    const bool active = m_comparison->active();
    if (active && !m_wasActive) {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(true); // on by default each time a comparison starts
    }
    m_wasActive = active;
    m_toggle->setVisible(active);
    const bool on = comparing();
    m_stack->setCurrentWidget(on ? static_cast<QWidget*>(m_table) : m_aPage);
    if (!on)
        m_table->stop();
    if (on != m_shown) {
        m_shown = on;
        emit comparingChanged(on);
    }
}

} // namespace strata::widgets
