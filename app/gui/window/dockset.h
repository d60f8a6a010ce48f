#pragma once
#include <QList>
#include <QString>
#include <QWidget>

class QDockWidget;
class QMainWindow;

namespace strata::widgets {
struct DockContext;
}

namespace strata::app {

// A window's docks, made from the DockRegistry in its order: each view inside a
// DockContent inside a QDockWidget named by its id, in the window's right area until a
// layout places it. The window keeps one; whoever needs a dock looks it up here by id, and
// gets the view typed when it needs that view's own API (view<SearchWidget>(DockId::search)).
class DockSet {
public:
    void build(QMainWindow* window, const widgets::DockContext& context);

    const QList<QDockWidget*>& docks() const { return m_docks; }
    QDockWidget* dock(const QString& id) const; // null: no such dock
    QWidget* view(const QString& id) const; // the dock's own widget, not its DockContent
    template <typename View> View* view(const char* id) const { return qobject_cast<View*>(view(QString(id))); }
    void bringForward(const char* id) const; // shown, in front of its tab group

private:
    QList<QDockWidget*> m_docks;
};

} // namespace strata::app
