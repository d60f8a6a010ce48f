#pragma once
#include <QToolBar>

class QComboBox;

namespace strata::app {

class MainWindow;

// The main toolbar: Open, Open Folder, Compare, the layout picker, Search, Add Marker and Export
// Image. The actions are the menus' own (one enabled state, one shortcut); the picker
// lists Default and the saved layouts and applies the one chosen. View > Toolbar hides it.
class MainToolBar : public QToolBar {
    Q_OBJECT
public:
    MainToolBar(MainWindow* window, const QList<QAction*>& fileActions, const QList<QAction*>& viewActions);

    QComboBox* layoutPicker() const { return m_layouts; }
    void rebuildLayouts(); // the names changed, or the current one

private:
    MainWindow* m_window;
    QComboBox* m_layouts;
};

} // namespace strata::app
