#pragma once
#include <QObject>

class QAction;
class QMenu;

namespace strata::app {

class MainToolBar;
class MainWindow;
class RecentFiles;
class SnapshotCacheMenu;

// The menu bar of the main window (File, Edit, View, Layout, Help), the toolbar built from its
// actions, and the dialogs its entries
// open. Works through MainWindow's public interface; keeps the Open Recent and layout
// submenus in step with RecentFiles and the LayoutStore.
class AppMenus : public QObject {
    Q_OBJECT
public:
    AppMenus(MainWindow* window, RecentFiles* recent);

    void promptOpen(); // one file, or several: the ranks of a job
    void promptOpenFolder(); // a folder: the ranks of a job, or a folder profile (Sophgo bmprofile_data-N/)
    void promptCompare(); // File > Compare With…: B, compared with the open profile
    void promptSaveStrata(); // File > Save As Strata Profile…: a .strata file with the markers
    void promptSaveLayout();
    void promptExportLayout();
    void promptImportLayout();
    void showShortcuts();
    void showPreferences(); // Edit > Preferences…; the sidecar follows what is saved
    void showAbout();
    void rebuildRecentMenu();
    void rebuildLayoutMenus();
    void updateActions(); // what needs an open profile, back/forward availability, comparing
    QAction* compareAction() const { return m_compareAction; }
    QAction* endCompareAction() const { return m_endCompareAction; }
    QAction* saveStrataAction() const { return m_saveStrataAction; }
    SnapshotCacheMenu* snapshotCacheMenu() const { return m_cacheMenu; }

private:
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createLayoutMenu();
    void createHelpMenu();
    void zoomBy(double factor);

    MainWindow* m_window;
    RecentFiles* m_recent;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_loadLayoutMenu = nullptr;
    QMenu* m_deleteLayoutMenu = nullptr;
    QList<QAction*> m_profileActions; // enabled only while a profile is open
    QAction* m_closeAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_openFolderAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_endCompareAction = nullptr; // enabled while comparing
    QList<QAction*> m_compareActions; // enabled while comparing
    QAction* m_exportImageAction = nullptr;
    QAction* m_saveStrataAction = nullptr;
    SnapshotCacheMenu* m_cacheMenu = nullptr;
    QAction* m_findAction = nullptr;
    QAction* m_addMarkerAction = nullptr;
    MainToolBar* m_toolBar = nullptr;
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
};

} // namespace strata::app
