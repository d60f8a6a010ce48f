#include "sourcegutter.h"

#include "sourceview.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>

namespace strata::widgets {

SourceGutter::SourceGutter(SourceView* view)
    : QWidget(view)
    , m_view(view)
{
    setObjectName(QStringLiteral("sourceGutter"));
    setCursor(Qt::PointingHandCursor);
}

QSize SourceGutter::sizeHint() const
{
    return QSize(m_view->gutterWidth(), 0);
}

bool SourceGutter::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QString tip = m_view->gutterToolTip(help->pos().y());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

void SourceGutter::paintEvent(QPaintEvent* e)
{
    m_view->paintGutter(this, e->rect());
}

void SourceGutter::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton)
        m_view->gutterClicked(int(e->position().y()), e->modifiers() & Qt::ShiftModifier);
}

void SourceGutter::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton)
        m_view->gutterClicked(int(e->position().y()), true); // drag extends the selection
}

} // namespace strata::widgets
