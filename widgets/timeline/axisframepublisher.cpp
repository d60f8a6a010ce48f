#include "axisframepublisher.h"

#include <QEvent>
#include <QWidget>

namespace strata::widgets {

AxisFramePublisher::AxisFramePublisher(QWidget* widget, model::Viewport* viewport, AreaFn area)
    : QObject(widget)
    , m_widget(widget)
    , m_viewport(viewport)
    , m_area(std::move(area))
{
    watchAncestors();
}

AxisFramePublisher::~AxisFramePublisher()
{
    // The widget is going away: nothing on screen draws the axis any more.
    if (m_viewport)
        m_viewport->setTimeAxisFrame({});
}

void AxisFramePublisher::publish()
{
    if (!m_viewport)
        return;
    model::Viewport::AxisFrame f;
    if (m_widget->isVisible()) {
        const QRect area = m_area();
        f.x = m_widget->mapToGlobal(area.topLeft()).x();
        f.width = area.width();
    }
    m_viewport->setTimeAxisFrame(f);
}

void AxisFramePublisher::watchAncestors()
{
    for (const QPointer<QWidget>& w : m_watched)
        if (w)
            w->removeEventFilter(this);
    m_watched.clear();
    for (QWidget* w = m_widget; w; w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched.emplace_back(w);
    }
}

bool AxisFramePublisher::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::ParentChange: // docked, floated, re-tabbed: another chain of ancestors
        watchAncestors();
        publish();
        break;
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        publish();
        // A window's platform may settle its position after the event (frame margins on
        // show): look again once the events queued now are handled.
        if (!m_recheck) {
            m_recheck = true;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_recheck = false;
                    publish();
                },
                Qt::QueuedConnection);
        }
        break;
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace strata::widgets
