#include "maintoolbar.h"

#include "mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>

namespace strata::app {

MainToolBar::MainToolBar(MainWindow* window, const QList<QAction*>& fileActions, const QList<QAction*>& viewActions)
    : QToolBar(tr("Toolbar"), window)
    , m_window(window)
{
    setObjectName(QStringLiteral("mainToolBar")); // saved with layouts, hidden or not
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIconSize(QSize(16, 16));
    addActions(fileActions);
    addSeparator();
    auto* label = new QLabel(tr("Layout "), this);
    label->setContentsMargins(4, 0, 0, 0);
    addWidget(label);
    m_layouts = new QComboBox(this);
    m_layouts->setObjectName(QStringLiteral("layoutPicker"));
    m_layouts->setToolTip(tr("Apply a saved layout, or the default one"));
    m_layouts->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_layouts->setFocusPolicy(Qt::NoFocus); // the timeline keeps the keyboard
    addWidget(m_layouts);
    connect(m_layouts, &QComboBox::activated, this, [this](int index) {
        if (index == 0)
            m_window->resetLayout();
        else if (!m_window->loadLayout(m_layouts->itemText(index)))
            rebuildLayouts(); // back to what is in effect
    });
    addSeparator();
    addActions(viewActions);
    connect(window, &MainWindow::layoutsChanged, this, &MainToolBar::rebuildLayouts, Qt::QueuedConnection);
    rebuildLayouts();
}

void MainToolBar::rebuildLayouts()
{
    const QSignalBlocker block(m_layouts);
    m_layouts->clear();
    m_layouts->addItem(tr("Default"));
    const QStringList names = m_window->layouts().names();
    m_layouts->addItems(names);
    const int current = names.indexOf(m_window->layouts().lastUsed());
    m_layouts->setCurrentIndex(current < 0 ? 0 : current + 1);
}

} // namespace strata::app
