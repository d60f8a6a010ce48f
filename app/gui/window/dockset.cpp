#include "dockset.h"

#include "dockcontent.h"
#include "dockregistry.h"
#include <common/dockcontext.h>

#include <QDockWidget>
#include <QMainWindow>

namespace strata::app {

void DockSet::build(QMainWindow* window, const widgets::DockContext& context)
{
    for (const DockSpec& spec : DockRegistry::all()) {
        QWidget* view = spec.factory(context, window);
        auto* dock = new QDockWidget(DockRegistry::title(spec), window);
        dock->setObjectName(QLatin1String(spec.id));
        dock->setWidget(new DockContent(view, dock));
        dock->setFeatures(
            QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
        window->addDockWidget(Qt::RightDockWidgetArea, dock);
        m_docks << dock;
    }
}

QDockWidget* DockSet::dock(const QString& id) const
{
    for (QDockWidget* d : m_docks) {
        if (d->objectName() == id)
            return d;
    }
    return nullptr;
}

QWidget* DockSet::view(const QString& id) const
{
    QDockWidget* d = dock(id);
    auto* content = d ? qobject_cast<DockContent*>(d->widget()) : nullptr;
    return content ? content->widget() : nullptr;
}

void DockSet::bringForward(const char* id) const
{
    if (QDockWidget* d = dock(QString(id))) {
        d->show();
        d->raise();
    }
}

} // namespace strata::app
