#include "appmenus.h"

#include "exportimagedialog.h"
#include "maintoolbar.h"

#include "mainwindow.h"
#include "preferencesdialog.h"
#include "recentfiles.h"
#include "shortcutsdialog.h"
#include "thememenu.h"
#include <snapshots/annotationsidecar.h>
#include <snapshots/snapshotcachemenu.h>
#include <snapshots/snapshotsaver.h>
#include <state/comparison.h>
#include <state/matchfollower.h>
#include <state/session.h>

#include <state/viewport.h>

#include <common/lastfolder.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>

namespace strata::app {

using widgets::LastFolder;

namespace {

QString openFilters()
{
    return AppMenus::tr("Profiles (*.json *.json.gz *.gz *.json.zst *.zst *.pftrace *.perfetto-trace *.pb *.strata);;"
                        "Chrome trace JSON (*.json *.json.gz *.json.zst);;"
                        "Strata profiles (*.strata);;"
                        "Perfetto traces (*.pftrace *.perfetto-trace *.pb);;"
                        "AWS Neuron profiles (*.json *.json.gz *.json.zst);;"
                        "All files (*)");
}

} // namespace

AppMenus::AppMenus(MainWindow* window, RecentFiles* recent)
    : QObject(window)
    , m_window(window)
    , m_recent(recent)
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createLayoutMenu();
    createHelpMenu();
    rebuildRecentMenu();
    // Queued: these rebuilds delete menu actions, possibly the one being triggered.
    connect(m_recent, &RecentFiles::changed, this, &AppMenus::rebuildRecentMenu, Qt::QueuedConnection);
    connect(m_window, &MainWindow::layoutsChanged, this, &AppMenus::rebuildLayoutMenus, Qt::QueuedConnection);
    connect(m_window->session(), &model::Session::storeChanged, this, &AppMenus::updateActions);
    connect(m_window->session()->viewport(), &model::Viewport::visibleChanged, this, &AppMenus::updateActions);
    connect(m_window, &MainWindow::loadStarted, this, &AppMenus::updateActions);
    connect(m_window, &MainWindow::loadFinished, this, &AppMenus::updateActions);
    connect(m_window->comparison(), &model::Comparison::changed, this, &AppMenus::updateActions);
    updateActions();
}

void AppMenus::updateActions()
{
    const bool open = m_window->session()->isOpen();
    for (QAction* a : m_profileActions)
        a->setEnabled(open);
    m_closeAction->setEnabled(open || m_window->isLoading());
    m_endCompareAction->setEnabled(m_window->comparison()->active());
    for (QAction* a : m_compareActions)
        a->setEnabled(m_window->comparison()->active());
    m_backAction->setEnabled(open && m_window->session()->viewport()->canGoBack());
    m_forwardAction->setEnabled(open && m_window->session()->viewport()->canGoForward());
}

void AppMenus::zoomBy(double factor)
{
    model::Viewport* vp = m_window->session()->viewport();
    const store::TimeRange v = vp->visible();
    vp->zoom(factor, v.start + v.duration() / 2, model::Viewport::Nav::Step);
}

void AppMenus::createFileMenu()
{
    QMenu* file = m_window->menuBar()->addMenu(tr("&File"));
    m_openAction = file->addAction(tr("&Open…"), QKeySequence::Open, this, &AppMenus::promptOpen);
    m_openAction->setIcon(m_window->style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_openAction->setIconText(tr("Open"));
    m_openAction->setToolTip(tr("Open a profile (%1)").arg(QKeySequence(QKeySequence::Open).toString()));
    // Qt has no standard key for opening a folder; Ctrl+Shift+O is what editors use.
    m_openFolderAction = file->addAction(
        tr("Open &Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, &AppMenus::promptOpenFolder);
    m_openFolderAction->setIcon(m_window->style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_openFolderAction->setIconText(tr("Open Folder"));
    m_openFolderAction->setToolTip(tr("Open a folder of per-rank traces as one job, or a profile written as a "
                                      "folder, such as a Sophgo bmprofile_data-0 (Ctrl+Shift+O)"));
    file->addAction(tr("Open &Sample Profile"), m_window, &MainWindow::openSample);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    // Ctrl+Shift+C: C for compare; the timeline and the docks use no Ctrl+Shift+C.
    m_compareAction = file->addAction(
        tr("Compare &With…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, &AppMenus::promptCompare);
    m_compareAction->setIcon(m_window->style()->standardIcon(QStyle::SP_FileDialogContentsView));
    m_compareAction->setIconText(tr("Compare"));
    m_compareAction->setToolTip(
        tr("Compare the open profile with another one: what got faster, slower, added or removed (Ctrl+Shift+C)"));
    m_profileActions << m_compareAction;
    m_endCompareAction = file->addAction(tr("E&nd Comparison"), m_window->comparison(), &model::Comparison::end);
    file->addSeparator();
    m_exportImageAction = file->addAction(
        tr("&Export Image…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] { ExportImageDialog::run(m_window); });
    m_exportImageAction->setIcon(m_window->style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_exportImageAction->setIconText(tr("Export Image"));
    m_exportImageAction->setToolTip(tr("Save the timeline or the whole window as PNG or SVG (Ctrl+E)"));
    m_profileActions << m_exportImageAction;
    m_saveStrataAction = file->addAction(tr("Save As S&trata Profile…"), this, &AppMenus::promptSaveStrata);
    m_saveStrataAction->setObjectName(QStringLiteral("saveStrataAction"));
    m_saveStrataAction->setToolTip(
        tr("Save the parsed profile and its markers as one .strata file that opens in about a second"));
    m_profileActions << m_saveStrataAction;
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close"), QKeySequence::Close, m_window, &MainWindow::closeProfile);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), QKeySequence::Quit, m_window, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);
}

void AppMenus::createEditMenu()
{
    QMenu* edit = m_window->menuBar()->addMenu(tr("&Edit"));
    QAction* preferences = edit->addAction(tr("&Preferences…"), this, &AppMenus::showPreferences);
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole); // the application menu on macOS
}

void AppMenus::createViewMenu()
{
    QMenu* view = m_window->menuBar()->addMenu(tr("&View"));
    for (QDockWidget* d : m_window->docks())
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    // `/` is a plain key: line edits take it as text first (they accept its ShortcutOverride).
    QAction* find = m_findAction = view->addAction(tr("&Find…"), m_window, &MainWindow::focusSearch);
    find->setShortcuts({ QKeySequence::Find, QKeySequence(Qt::Key_Slash) });
    find->setIcon(m_window->style()->standardIcon(QStyle::SP_FileDialogContentsView));
    find->setIconText(tr("Search"));
    find->setToolTip(tr("Search events by name, category, track, args, duration and time"));
    // M on the timeline puts a marker under the mouse; this one goes mid-view.
    m_addMarkerAction = view->addAction(tr("Add &Marker"), this, [this] { m_window->timeline()->addMarker(); });
    m_addMarkerAction->setIcon(m_window->style()->standardIcon(QStyle::SP_ArrowDown));
    m_addMarkerAction->setIconText(tr("Add Marker"));
    m_addMarkerAction->setToolTip(tr("Add a marker in the middle of the visible range (M: under the mouse)"));
    m_profileActions << m_addMarkerAction;
    // The timelines' toggles, one choice for A's and B's timelines kept in the settings
    // (TimelineTogglePreference). The skew strip's and the bands' are choices for every profile
    // to come, so they can be made with no profile open; the overlap lane's check is what the
    // open profile shows, which until the user chooses depends on its communication work.
    using widgets::TimelineTogglePreference;
    m_profileActions << TimelineTogglePreference::overlapLane()->addTo(
        view, [this] { return m_window->timeline()->overlapLaneShown(); });
    TimelineTogglePreference::skewStrip()->addTo(view);
    TimelineTogglePreference::findingBands()->addTo(view);
    view->addSeparator();
    QAction* in = view->addAction(tr("Zoom &In"), this, [this] { zoomBy(0.5); });
    in->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence::ZoomIn });
    QAction* out = view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { zoomBy(2.0); });
    QAction* reset = view->addAction(tr("&Reset Zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
        [this] { m_window->session()->viewport()->reset(); });
    reset->setToolTip(tr("Show the whole trace"));
    // Compare mode: `{` `}` (Shift+[ ]) step through matching pairs, as [ ] step through flows.
    QAction* prevPair
        = view->addAction(tr("Previous Matching &Pair"), this, [this] { m_window->matchFollower()->step(-1); });
    prevPair->setShortcut(QKeySequence(Qt::Key_BraceLeft));
    prevPair->setToolTip(tr("Select the previous instance of the selected operator in A and its match in B"));
    QAction* nextPair
        = view->addAction(tr("Next Matching P&air"), this, [this] { m_window->matchFollower()->step(+1); });
    nextPair->setShortcut(QKeySequence(Qt::Key_BraceRight));
    nextPair->setToolTip(tr("Select the next instance of the selected operator in A and its match in B"));
    m_compareActions << prevPair << nextPair;
    m_backAction = view->addAction(
        tr("&Back"), QKeySequence(Qt::ALT | Qt::Key_Left), this, [this] { m_window->session()->viewport()->back(); });
    m_forwardAction = view->addAction(tr("&Forward"), QKeySequence(Qt::ALT | Qt::Key_Right), this,
        [this] { m_window->session()->viewport()->forward(); });
    m_profileActions << in << out << reset;
    view->addSeparator();
    QAction* full = view->addAction(tr("&Full Screen"), QKeySequence::FullScreen, this,
        [this](bool on) { m_window->setWindowState(m_window->windowState().setFlag(Qt::WindowFullScreen, on)); });
    full->setCheckable(true);
    view->addMenu(new ThemeMenu(view));
    view->addSeparator();
    m_cacheMenu = new SnapshotCacheMenu(m_window, view);
    connect(m_cacheMenu, &SnapshotCacheMenu::message, m_window, [this](const QString& text, bool warning) {
        m_window->statusBar()->showMessage(text, warning ? 15000 : 8000);
    });
    m_toolBar = new MainToolBar(m_window, { m_openAction, m_openFolderAction, m_compareAction },
        { m_findAction, m_addMarkerAction, m_exportImageAction });
    m_window->addToolBar(Qt::TopToolBarArea, m_toolBar);
    QAction* toolbar = m_toolBar->toggleViewAction();
    toolbar->setText(tr("&Toolbar"));
    view->addAction(toolbar);
}

void AppMenus::createLayoutMenu()
{
    QMenu* layout = m_window->menuBar()->addMenu(tr("&Layout"));
    layout->addAction(tr("&Save Layout As…"), this, &AppMenus::promptSaveLayout);
    m_loadLayoutMenu = layout->addMenu(tr("&Load Layout"));
    m_deleteLayoutMenu = layout->addMenu(tr("&Delete Layout"));
    layout->addSeparator();
    layout->addAction(tr("&Reset to Default"), this, [this] {
        m_window->resetLayout();
        m_toolBar->layoutPicker()->setCurrentIndex(0);
        m_window->statusBar()->showMessage(tr("Default layout"), 8000);
    });
    layout->addSeparator();
    layout->addAction(tr("&Export Layout…"), this, &AppMenus::promptExportLayout);
    layout->addAction(tr("&Import Layout…"), this, &AppMenus::promptImportLayout);
    rebuildLayoutMenus();
}

void AppMenus::createHelpMenu()
{
    QMenu* help = m_window->menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, &AppMenus::showShortcuts);
    keys->setShortcut(QKeySequence::HelpContents); // `?` belongs to the timeline's own overlay
    help->addSeparator();
    QAction* about = help->addAction(tr("&About Strata"), this, &AppMenus::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void AppMenus::rebuildRecentMenu()
{
    const QStringList files = m_recent->files();
    m_recentMenu->clear();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QAction* a = m_recentMenu->addAction(
            QStringLiteral("&%1  %2").arg(i + 1 == 10 ? 0 : i + 1).arg(RecentFiles::displayName(path)), this,
            [this, path] { m_window->openFile(path); });
        if (RecentFiles::isFolder(path))
            a->setIcon(m_window->style()->standardIcon(QStyle::SP_DirIcon));
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Recent Files"), m_recent, &RecentFiles::clear);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void AppMenus::rebuildLayoutMenus()
{
    m_loadLayoutMenu->clear();
    m_deleteLayoutMenu->clear();
    qDeleteAll(m_loadLayoutMenu->findChildren<QActionGroup*>(Qt::FindDirectChildrenOnly));
    const QStringList names = m_window->layouts().names();
    const QString current = m_window->layouts().lastUsed();
    auto* group = new QActionGroup(m_loadLayoutMenu);
    for (const QString& name : names) {
        QAction* load = m_loadLayoutMenu->addAction(name, this, [this, name] {
            if (!m_window->loadLayout(name)) // undo the check mark the click just moved
                QMetaObject::invokeMethod(this, &AppMenus::rebuildLayoutMenus, Qt::QueuedConnection);
        });
        load->setCheckable(true);
        load->setChecked(name == current);
        group->addAction(load);
        m_deleteLayoutMenu->addAction(name, this, [this, name] {
            if (QMessageBox::question(m_window, tr("Delete Layout"), tr("Delete the layout “%1”?").arg(name))
                == QMessageBox::Yes)
                m_window->deleteLayout(name);
        });
    }
    if (names.isEmpty()) {
        m_loadLayoutMenu->addAction(tr("No saved layouts"))->setEnabled(false);
        m_deleteLayoutMenu->setEnabled(false);
    } else {
        m_deleteLayoutMenu->setEnabled(true);
    }
}

// --- dialogs ----------------------------------------------------------------------------

void AppMenus::promptOpen()
{
    // Several files picked together are the ranks of one job.
    const QStringList paths = QFileDialog::getOpenFileNames(m_window, tr("Open Profile"),
        LastFolder::forProfile(LastFolder::profileOf(m_window), LastFolder::kProfile, LastFolder::Access::Read),
        openFilters());
    if (paths.isEmpty())
        return;
    LastFolder::remember(LastFolder::kProfile, paths.first());
    m_window->openFiles(paths);
}

void AppMenus::promptOpenFolder()
{
    const QString path = QFileDialog::getExistingDirectory(m_window, tr("Open Folder"),
        LastFolder::forProfile(LastFolder::profileOf(m_window), LastFolder::kProfile, LastFolder::Access::Read));
    if (path.isEmpty())
        return;
    // The folder holding the profile folder: the next one is most likely its sibling.
    LastFolder::remember(LastFolder::kProfile, QFileInfo(path).absolutePath());
    m_window->openFile(path);
}

void AppMenus::promptCompare()
{
    // B is most often A's sibling (another rank, another run): the dialog starts beside A.
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Compare %1 With").arg(m_window->session()->fileName()),
            LastFolder::forProfile(LastFolder::profileOf(m_window), LastFolder::kProfile, LastFolder::Access::Read),
            openFilters());
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kProfile, path);
    m_window->compareWith(path);
}

void AppMenus::promptSaveStrata()
{
    // Named after the profile's own source, next to it.
    const QString source = m_window->snapshotSaver()->sourcePath();
    QString base = QFileInfo(source).fileName();
    for (const char* suffix : { ".gz", ".zst", ".json", ".strata" }) {
        if (base.endsWith(QLatin1String(suffix)))
            base.chop(int(qstrlen(suffix)));
    }
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save As Strata Profile"),
        LastFolder::forProfile(LastFolder::profileOf(m_window), LastFolder::kProfile, LastFolder::Access::Write)
            + QLatin1Char('/') + base + QStringLiteral(".strata"),
        tr("Strata profiles (*.strata);;All files (*)"));
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kProfile, path);
    m_window->saveAsStrata(path);
}

void AppMenus::promptSaveLayout()
{
    bool ok = false;
    const QString name = QInputDialog::getText(
        m_window, tr("Save Layout"), tr("Layout name:"), QLineEdit::Normal, m_window->layouts().lastUsed(), &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return;
    if (m_window->layouts().contains(name)
        && QMessageBox::question(m_window, tr("Save Layout"), tr("Replace the layout “%1”?").arg(name))
            != QMessageBox::Yes)
        return;
    m_window->saveLayout(name);
}

void AppMenus::promptExportLayout()
{
    const QString base = m_window->layouts().lastUsed().isEmpty() ? tr("layout") : m_window->layouts().lastUsed();
    const QString dir = LastFolder::get(LastFolder::kLayout, QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Layout"),
        dir + QLatin1Char('/') + base + QStringLiteral(".strata-layout.json"),
        tr("Strata layouts (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kLayout, path);
    QString error;
    if (!m_window->exportLayout(path, &error))
        QMessageBox::warning(m_window, tr("Export Layout"), error);
}

void AppMenus::promptImportLayout()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Layout"),
        LastFolder::get(LastFolder::kLayout, QStandardPaths::DocumentsLocation),
        tr("Strata layouts (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kLayout, path);
    QString error;
    if (!m_window->importLayout(path, &error))
        QMessageBox::warning(m_window, tr("Import Layout"), error);
}

void AppMenus::showShortcuts()
{
    auto* dialog = m_window->findChild<ShortcutsDialog*>();
    if (!dialog)
        dialog = new ShortcutsDialog(m_window);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void AppMenus::showPreferences()
{
    PreferencesDialog dialog(Preferences::load(), m_window);
    connect(&dialog, &PreferencesDialog::saved, this, [this](const Preferences& p) {
        m_window->sidecar()->setKeep(p.keepMarkers);
        m_window->statusBar()->showMessage(tr("Preferences saved"), 8000);
    });
    dialog.exec();
}

void AppMenus::showAbout()
{
    QMessageBox::about(m_window, tr("About Strata"),
        tr("<h3>Strata %1</h3><p>A profile viewer for AI accelerators — NPUs, TPUs and GPUs — and any program "
           "that writes Chrome Trace Event JSON.</p><p>Built with Qt %2.</p>")
            .arg(QStringLiteral(STRATA_VERSION), QString::fromLatin1(qVersion())));
}

} // namespace strata::app
