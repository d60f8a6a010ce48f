#include "dockcontent.h"

#include <QScrollBar>

namespace strata::app {

DockContent::DockContent(QWidget* view, QWidget* parent)
    : QScrollArea(parent)
{
    setObjectName(view->objectName().isEmpty() ? QStringLiteral("dockContent") : view->objectName() + "Scroll");
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true); // the view fills the dock and scrolls only below its minimum
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFocusPolicy(Qt::NoFocus); // focus belongs to the view's own controls
    setWidget(view);
}

QSize DockContent::sizeHint() const
{
    const QWidget* v = widget();
    return v ? v->sizeHint().expandedTo(minimumSizeHint()) : minimumSizeHint();
}

} // namespace strata::app
