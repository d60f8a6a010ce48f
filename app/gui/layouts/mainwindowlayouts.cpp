// MainWindow's arrangements: the welcome page's docks set aside, layouts captured,
// applied (kept maximised, brought onto the screen, scaled), saved, loaded, reset,
// exported and imported. The rest of the class is in mainwindow.cpp.
#include <window/mainwindow.h>

#include "defaultdocklayout.h"
#include "windowfit.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QScreen>

namespace strata::app {

void MainWindow::setWelcomeMode(bool on)
{
    if (on == m_welcomeMode)
        return;
    m_welcomeMode = on;
    if (on) {
        stepDocksAside();
        return;
    }
    for (QDockWidget* d : std::exchange(m_steppedAside, {}))
        d->show();
    if (!m_pendingSizes.isEmpty() && isVisible())
        WindowFit::scaleDocks(*this, std::exchange(m_pendingSizes, {}));
    if ((m_defaultSizesPending || m_defaultArrangement) && isVisible()) { // hidden docks cannot be sized: now they show
        m_defaultSizesPending = false;
        layout()->activate(); // the centre's minimum without the welcome page, before the docks take their share
        DefaultDockLayout::applySizes(*this);
    }
}

void MainWindow::stepDocksAside()
{
    m_steppedAside.clear();
    for (QDockWidget* d : m_docks.docks()) {
        if (!d->isHidden()) {
            m_steppedAside << d;
            d->hide();
        }
    }
}

Layout MainWindow::captureLayout(const QString& name)
{
    if (!m_welcomeMode)
        return LayoutStore::capture(*this, name);
    // Shown and hidden again before the event loop runs: nothing is painted in between.
    for (QDockWidget* d : m_steppedAside)
        d->show();
    Layout l = LayoutStore::capture(*this, name);
    for (QDockWidget* d : m_steppedAside)
        d->hide();
    return l;
}

bool MainWindow::applyLayout(const Layout& layout, QString* error)
{
    // Maximised and full screen stay so: the layout's window size is not applied then.
    const Qt::WindowStates kept = windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen);
    Layout l = layout;
    if (kept)
        l.geometry.clear();
    m_arranging = true;
    const bool ok = LayoutStore::apply(l, this, error);
    m_arranging = false;
    if (!ok)
        return false;
    m_defaultArrangement = false;
    if (kept && (windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)) != kept)
        setWindowState(windowState() | kept);
    if (!(windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)) && screen()) {
        // A window saved on a larger screen is brought onto this one, never left off it.
        const QRect frame = frameGeometry();
        const QRect fit = WindowFit::fitted(frame, screen()->availableGeometry());
        if (fit != frame) {
            resize(size() - (frame.size() - fit.size()));
            move(fit.topLeft());
        }
    }
    // Which docks are on screen (in front of their tabs) is known once the window shows.
    if (isVisible() && !m_welcomeMode)
        WindowFit::scaleDocks(*this, layout.sizes);
    else
        m_pendingSizes = layout.sizes;
    m_defaultSizesPending = false;
    if (m_welcomeMode)
        stepDocksAside();
    return true;
}

void MainWindow::resetLayout()
{
    m_pendingSizes = {};
    // Re-adding the docks can make the window manager restore a maximised window; the
    // state the user chose is kept.
    const Qt::WindowStates state = windowState();
    m_arranging = true;
    for (QDockWidget* d : m_docks.docks()) // a dock the state says nothing of would stay where it floats
        d->setFloating(false);
    LayoutStore::apply(m_defaultLayout, this);
    m_arranging = false;
    if (windowState() != state)
        setWindowState(state);
    m_defaultArrangement = true;
    m_defaultSizesPending = !isVisible(); // sizes settle only once the window is laid out
    if (!m_defaultSizesPending && !m_welcomeMode)
        DefaultDockLayout::applySizes(*this);
    if (m_welcomeMode)
        stepDocksAside();
}

void MainWindow::restoreStartupLayout()
{
    QString error;
    const std::optional<Layout> session = m_layouts.session(&error);
    if (!session || !applyLayout(*session, &error))
        resetLayout();
}

bool MainWindow::saveLayout(const QString& name)
{
    if (name.trimmed().isEmpty())
        return false;
    m_layouts.put(captureLayout(name.trimmed()));
    m_layouts.setLastUsed(name.trimmed());
    emit layoutsChanged();
    notify(tr("Saved layout “%1”").arg(name.trimmed()));
    return true;
}

bool MainWindow::loadLayout(const QString& name, QString* error)
{
    QString why;
    const std::optional<Layout> l = m_layouts.get(name, &why);
    if (!l || !applyLayout(*l, &why)) {
        notify(why, true);
        if (error)
            *error = why;
        return false;
    }
    m_layouts.setLastUsed(name);
    emit layoutsChanged();
    notify(tr("Layout “%1”").arg(name));
    return true;
}

bool MainWindow::deleteLayout(const QString& name)
{
    if (!m_layouts.remove(name))
        return false;
    emit layoutsChanged();
    notify(tr("Deleted layout “%1”").arg(name));
    return true;
}

bool MainWindow::exportLayout(const QString& path, QString* error)
{
    const QString name = m_layouts.lastUsed().isEmpty() ? QFileInfo(path).completeBaseName() : m_layouts.lastUsed();
    if (!LayoutStore::writeFile(captureLayout(name), path, error))
        return false;
    notify(tr("Exported the layout to %1").arg(path));
    return true;
}

bool MainWindow::importLayout(const QString& path, QString* error)
{
    std::optional<Layout> l = LayoutStore::readFile(path, error);
    if (!l)
        return false;
    const QString name = m_layouts.uniqueName(l->name.isEmpty() ? QFileInfo(path).completeBaseName() : l->name);
    l->name = name;
    if (!applyLayout(*l, error)) // refuse to store what Qt cannot restore
        return false;
    m_layouts.put(*l);
    m_layouts.setLastUsed(name);
    emit layoutsChanged();
    notify(tr("Imported layout “%1”").arg(name));
    return true;
}

} // namespace strata::app
