#include "menuchartview.h"

#include <QContextMenuEvent>

namespace strata::widgets {

MenuChartView::MenuChartView(QChart* chart, MenuFn menu, QWidget* parent)
    : QChartView(chart, parent)
    , m_menu(std::move(menu))
{
}

void MenuChartView::contextMenuEvent(QContextMenuEvent* event)
{
    if (m_menu)
        m_menu(event->globalPos());
    event->accept();
}

} // namespace strata::widgets
