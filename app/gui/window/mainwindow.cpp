#include "mainwindow.h"

#include "appicon.h"
#include "appmenus.h"
#include "dockregistry.h"
#include "recentfiles.h"
#include "statusindicators.h"
#include "welcomepage.h"
#include <compare/comparebar.h>
#include <compare/comparepane.h>
#include <layouts/defaultdocklayout.h>
#include <layouts/windowfit.h>
#include <loading/loaderrorbox.h>
#include <loading/loadmessage.h>
#include <loading/loadprogresspanel.h>
#include <loading/openrequestapplier.h>
#include <loading/profileopener.h>
#include <loading/sampleprofile.h>
#include <snapshots/annotationsidecar.h>
#include <snapshots/snapshotsaver.h>

#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <state/matchfollower.h>
#include <state/session.h>
#include <state/viewportlink.h>
#include <store/joblayout.h>

#include <annotations/annotationswidget.h>
#include <code/codeeditorwidget.h>
#include <common/dockcontext.h>
#include <common/imageexport.h>
#include <details/eventdetailswidget.h>
#include <memory/memorywidget.h>
#include <operators/latencywidget.h>
#include <operators/operatortablewidget.h>
#include <ranks/rankswidget.h>
#include <search/searchwidget.h>
#include <timeline/timelinewidget.h>

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace strata::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new model::Session(this))
{
    m_comparison = new model::Comparison(m_session, this);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Strata"));
    setWindowIcon(AppIcon::icon());
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AnimatedDocks);
    setTabPosition(Qt::AllDockWidgetAreas, QTabWidget::North);
    m_recent = new RecentFiles(this);

    m_central = new QStackedWidget(this);
    m_central->setObjectName(QStringLiteral("centralStack"));
    m_welcome = new WelcomePage(m_central);
    m_timeline = new widgets::TimelineWidget(m_session, m_central);
    m_central->addWidget(m_welcome);
    m_central->addWidget(m_timeline);
    // A stack's minimum is the largest of its pages'. The welcome page's (its card, 400 px
    // tall) would otherwise stay in the window's minimum under a profile, and with B's pane
    // added push a compare window past a 768-px screen: it counts only while it shows.
    connect(m_central, &QStackedWidget::currentChanged, this, [this] {
        const bool shown = m_central->currentWidget() == m_welcome;
        m_welcome->setSizePolicy(shown ? QSizePolicy::Preferred : QSizePolicy::Ignored,
            shown ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        // Qt skips the geometry update of a hidden page: the stack and the centre are told,
        // so the docks' next arrangement already sees the new minimum.
        m_central->updateGeometry();
        if (m_compareSplitter) // a splitter learns of its children's minimums only by an event
            m_compareSplitter->updateGeometry();
        if (centralWidget())
            centralWidget()->updateGeometry();
    });
    // While comparing: the compare bar on top, and B's pane under A's timeline. B is part of
    // the central widget, not a dock, so layouts never hold it.
    auto* area = new QWidget(this);
    area->setObjectName(QStringLiteral("centralArea"));
    auto* column = new QVBoxLayout(area);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_compareBar = new CompareBar(m_comparison, area);
    m_compareSplitter = new QSplitter(Qt::Vertical, area);
    m_compareSplitter->setObjectName(QStringLiteral("compareSplitter"));
    m_compareSplitter->setChildrenCollapsible(false);
    m_compareSplitter->addWidget(m_central);
    m_comparePane = new ComparePane(m_comparison, m_compareSplitter);
    m_compareSplitter->addWidget(m_comparePane);
    column->addWidget(m_compareBar);
    column->addWidget(m_compareSplitter, 1);
    connect(m_compareSplitter, &QSplitter::splitterMoved, this, &MainWindow::rememberCompareShare);
    m_compareSplitter->installEventFilter(this);
    setCentralWidget(area);
    new model::ViewportLink(m_comparison, this);
    m_matchFollower = new model::MatchFollower(m_comparison, this);
    m_progressPanel = new LoadProgressPanel(m_central);
    m_compareProgress = new LoadProgressPanel(m_central);
    m_compareProgress->setObjectName(QStringLiteral("compareProgressPanel"));

    buildDocks();
    m_applier = new OpenRequestApplier(m_comparison, &m_docks, m_compareProgress, this);
    connect(m_applier, &OpenRequestApplier::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_applier, &OpenRequestApplier::loadFailed, this, &MainWindow::showLoadError);
    connect(m_applier, &OpenRequestApplier::compareFinished, this, &MainWindow::compareFinished);

    m_opener = new ProfileOpener(this);
    connect(m_opener, &ProfileOpener::progress, this, [this](double f) {
        m_status->setProgress(f);
        m_progressPanel->setProgress(f);
    });
    connect(m_opener, &ProfileOpener::jobPlanned, m_progressPanel, &LoadProgressPanel::setRanks);
    connect(m_opener, &ProfileOpener::started, this, [this](const OpenRequest& r) { emit loadStarted(r.path); });
    connect(m_opener, &ProfileOpener::finished, this, &MainWindow::onLoaded);
    connect(m_comparison, &model::Comparison::changed, this, &MainWindow::onComparisonChanged);
    connect(m_compareBar, &CompareBar::message, this, [this](const QString& text) { notify(text, true); });
    m_status = new StatusIndicators(statusBar(), m_session);
    connect(m_status, &StatusIndicators::cancelRequested, this, &MainWindow::cancelLoad);
    connect(m_progressPanel, &LoadProgressPanel::cancelRequested, this, &MainWindow::cancelLoad);
    connect(m_welcome, &WelcomePage::openSampleRequested, this, &MainWindow::openSample);
    connect(m_welcome, &WelcomePage::openRecentRequested, this, [this](const QString& p) { openFile(p); });
    connect(m_recent, &RecentFiles::changed, this, [this] { m_welcome->setRecentFiles(m_recent->files()); });
    connect(m_session, &model::Session::storeChanged, this, &MainWindow::onStoreChanged);
    connect(m_session, &model::Session::alignmentRequested, this, &MainWindow::realign);

    m_menus = new AppMenus(this, m_recent);
    connect(m_welcome, &WelcomePage::openFileRequested, m_menus, &AppMenus::promptOpen);
    connect(m_welcome, &WelcomePage::openFolderRequested, m_menus, &AppMenus::promptOpenFolder);
    m_welcome->setSampleAvailable(!SampleProfile::path().isEmpty());
    m_welcome->setRecentFiles(m_recent->files());

    const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1440, 900);
    const QRect initial = WindowFit::initialGeometry(avail);
    resize(initial.size());
    move(initial.topLeft());
    if (WindowFit::prefersMaximized(avail))
        setWindowState(Qt::WindowMaximized);
    // The default arrangement is built once, on the fresh docks, and kept as a state: Reset
    // to Default restores exactly it. (Re-tabifying docks that a restored layout had placed
    // crashes Qt 6.4 inside QMainWindow::tabifyDockWidget.)
    DefaultDockLayout::arrange(*this, m_docks.docks());
    m_defaultLayout = LayoutStore::capture(*this, QString());
    m_defaultLayout.geometry.clear();
    m_defaultLayout.sizes = {};
    resetLayout();
    onStoreChanged();
}

MainWindow::~MainWindow() = default;

// Every dock takes the window's DockContext and follows its profile and analyses itself;
// the window only links the few that ask it for something.
void MainWindow::buildDocks()
{
    m_docks.build(this, widgets::DockContext { m_session, m_comparison });
    for (QDockWidget* dock : m_docks.docks()) {
        // A dock the user drags to another place or floats ends the default arrangement:
        // from then on the window's size no longer re-proportions the docks.
        auto userMoved = [this] {
            if (!m_arranging)
                m_defaultArrangement = false;
        };
        connect(dock, &QDockWidget::topLevelChanged, this, userMoved);
        connect(dock, &QDockWidget::dockLocationChanged, this, userMoved);
    }
    auto* latency = m_docks.view<widgets::LatencyWidget>(DockId::latency);
    connect(m_docks.view<widgets::OperatorTableWidget>(DockId::operatorTable),
        &widgets::OperatorTableWidget::latencyRequested, this, [this, latency](const QString& unit) {
            latency->setUnit(unit);
            m_docks.bringForward(DockId::latency);
        });
    connect(m_docks.view<widgets::CodeEditorWidget>(DockId::code), &widgets::CodeEditorWidget::raiseRequested, this,
        [this] { m_docks.bringForward(DockId::code); });
    connect(m_docks.view<widgets::RanksWidget>(DockId::ranks), &widgets::RanksWidget::raiseRequested, this,
        [this] { m_docks.bringForward(DockId::ranks); });
    connect(m_docks.view<widgets::AnnotationsWidget>(DockId::annotations), &widgets::AnnotationsWidget::statusMessage,
        this, &MainWindow::notify);
}

widgets::EventDetailsWidget* MainWindow::eventDetails() const
{
    return m_docks.view<widgets::EventDetailsWidget>(DockId::eventDetails);
}

widgets::MemoryWidget* MainWindow::memoryWidget() const
{
    return m_docks.view<widgets::MemoryWidget>(DockId::memory);
}

widgets::SearchWidget* MainWindow::searchWidget() const
{
    return m_docks.view<widgets::SearchWidget>(DockId::search);
}

widgets::CodeEditorWidget* MainWindow::codeEditor() const
{
    return m_docks.view<widgets::CodeEditorWidget>(DockId::code);
}

AnnotationSidecar* MainWindow::sidecar() const
{
    return m_applier->sidecar();
}

SnapshotSaver* MainWindow::snapshotSaver() const
{
    return m_applier->snapshots();
}

void MainWindow::selectByName(const QString& text)
{
    m_applier->selectByName(text);
}

void MainWindow::focusSearch()
{
    m_docks.bringForward(DockId::search);
    searchWidget()->focusSearch();
}

QDockWidget* MainWindow::dock(const QString& objectName) const
{
    return m_docks.dock(objectName);
}

// --- loading ----------------------------------------------------------------------------

void MainWindow::openFile(const QString& path, std::optional<RangeSpec> range)
{
    OpenRequest request;
    request.path = path;
    request.range = range;
    open(request);
}

void MainWindow::openFiles(const QStringList& paths)
{
    if (!paths.isEmpty())
        open(OpenRequest::forFiles(paths));
}

void MainWindow::realign(const QString& alignment)
{
    if (!m_session->isOpen() || m_openRequest.path.isEmpty())
        return;
    // The same files on another clock: the ranks come from their cached snapshots.
    OpenRequest again;
    again.path = m_openRequest.path;
    again.paths = m_openRequest.paths;
    again.alignment = alignment;
    again.keep = RealignView::capture(*m_session, m_timeline->scrollY()); // the view, on the new clocks
    open(again);
}

void MainWindow::keepScroll(int y)
{
    disconnect(m_keptScroll);
    if (y < 0)
        return;
    // Now, and again once every analysis has landed: rows come with them (the overlap
    // lanes), so the timeline is as tall as it was only then. The timeline relayouts on the
    // same signal first (it subscribed first).
    m_timeline->setScrollY(y);
    m_keptScroll
        = connect(m_session, &model::Session::analysesChanged, this, [this, y, generation = m_session->generation()] {
              if (generation == m_session->generation() && !m_session->analyses()->complete())
                  return;
              if (generation == m_session->generation())
                  m_timeline->setScrollY(y);
              disconnect(m_keptScroll);
          });
}

void MainWindow::open(const OpenRequest& request)
{
    if (request.path.isEmpty())
        return;
    // A folder profile given as "dir/" (shell completion adds the slash) is named by its folder.
    if (request.path.size() > 1 && request.path.endsWith(QLatin1Char('/'))) {
        OpenRequest trimmed = request;
        trimmed.path.chop(1);
        return open(trimmed);
    }
    const QString name = QFileInfo(request.path).fileName();
    m_status->setLoading(name);
    m_progressPanel->start(name);
    m_welcome->setBusy(true);
    statusBar()->showMessage(tr("Opening %1…").arg(name));
    m_opener->open(request); // loadStarted follows, once isLoading() says so
}

bool MainWindow::isLoading() const
{
    return m_opener->isLoading();
}

void MainWindow::openSample()
{
    const QString path = SampleProfile::path();
    if (path.isEmpty()) {
        notify(tr("The sample profile is not installed. Set STRATA_SAMPLE to its path."), true);
        return;
    }
    openFile(path);
}

void MainWindow::cancelLoad()
{
    if (!m_opener->isLoading())
        return;
    m_opener->cancel();
    m_status->setCancelling();
    m_progressPanel->setCancelling();
    statusBar()->showMessage(tr("Cancelling…"));
}

void MainWindow::setCacheOptions(const importers::CacheOptions& cache)
{
    m_opener->setCacheOptions(cache);
    m_applier->setCacheOptions(cache);
}

bool MainWindow::saveAsStrata(const QString& path)
{
    return snapshotSaver()->savePortable(
        path, model::AnnotationsFile::serialize(m_session->annotations()->snapshot()), m_session->analyses());
}

void MainWindow::onLoaded(
    const OpenRequest& request, const importers::LoadResult& r, const model::Analyses& prebuilt, const JobReport& job)
{
    m_status->setIdle();
    m_progressPanel->hide();
    m_welcome->setBusy(false);
    const QString& path = request.path;
    const QString name = QFileInfo(path).fileName();
    if (r.store) {
        m_status->setReadNotes(LoadMessage::origin(r));
        m_applier->apply(request, r, prebuilt, job); // the profile, then the rest of the request
        keepScroll(request.keep ? request.keep->scrollY() : -1);
        if (r.portable && !LoadMessage::savedFrom(r).isEmpty()) // a .strata file: the profile it was saved from
            setWindowTitle(tr("Strata — %1 (%2)").arg(m_session->fileName(), LoadMessage::savedFrom(r)) + jobTitle());
        startAnalysesAfterFirstPaint();
        m_openRequest = OpenRequest();
        m_openRequest.path = request.path;
        m_openRequest.paths = request.paths;
        m_openRequest.alignment = QString::fromStdString(job.alignment);
        // Several files have no one path to reopen them by: only a file or a folder is recent.
        if (m_persistent && request.paths.isEmpty())
            m_recent->add(path, QFileInfo(path).isDir()); // a job's folder; not its .strata file
        const QString text = LoadMessage::text(name, r, job);
        const QString problems = LoadMessage::jobProblems(job);
        statusBar()->showMessage(text, LoadMessage::isWarning(r) || !problems.isEmpty() ? 20000 : 10000);
        m_timeline->setFocus();
        if (!problems.isEmpty() && m_interactive)
            LoadErrorBox::openJobProblems(this, name, problems);
        emit loadFinished(true, false, problems);
        return;
    }
    if (r.cancelled) {
        statusBar()->showMessage(tr("Cancelled opening %1").arg(name), 10000);
        emit loadFinished(false, true, tr("Cancelled opening %1").arg(path));
        return;
    }
    const QString error = QString::fromStdString(r.error);
    statusBar()->showMessage(tr("Could not open %1").arg(name), 10000);
    showLoadError(path, error);
    emit loadFinished(false, false, error);
}

// --- comparing --------------------------------------------------------------------------

void MainWindow::compareWith(const QString& path, std::optional<model::Comparison::Alignment> align)
{
    m_applier->compareWith(path, align);
}

bool MainWindow::isLoadingComparison() const
{
    return m_applier->isLoadingComparison();
}

void MainWindow::onComparisonChanged()
{
    const bool comparing = m_comparison->active();
    if (comparing && !m_comparing) { // B starts with its remembered share, the Compare table in front
        m_docks.bringForward(DockId::compare);
        m_compareSharePending = true;
        applyCompareShare();
    }
    m_comparing = comparing;
}

void MainWindow::applyCompareShare()
{
    // The splitter has its final height only once the window is laid out with B's pane: a
    // share applied to a splitter not yet shown or not yet grown would leave B its minimum.
    const int h = m_compareSplitter->height() - m_compareSplitter->handleWidth();
    if (!m_compareSharePending || !m_compareSplitter->isVisible() || h <= 0)
        return;
    m_compareSharePending = false;
    const double share = std::clamp(QSettings().value(kCompareShareKey, 0.5).toDouble(), 0.15, 0.85);
    const int b = int(std::lround(h * share));
    m_compareSplitter->setSizes({ h - b, b });
}

void MainWindow::rememberCompareShare()
{
    const QList<int> sizes = m_compareSplitter->sizes();
    if (sizes.size() != 2 || sizes[0] + sizes[1] <= 0 || !m_comparison->active())
        return;
    QSettings().setValue(kCompareShareKey, double(sizes[1]) / (sizes[0] + sizes[1]));
}

void MainWindow::startAnalysesAfterFirstPaint()
{
    // The first paint of a fresh profile renders every visible track on the render pool
    // while the GUI thread waits; the analyses (and the dock aggregations they trigger)
    // would take those cores. They start once that paint is done, or after a short while
    // when the timeline is not painted at all (hidden, minimised). Both hooks live on the
    // session, so neither outlives the window; a late one is a no-op for a newer profile.
    const quint64 generation = m_session->generation();
    // The cache's snapshot of a freshly parsed profile is written once the analyses it keeps
    // are built (see the constructor).
    auto start = [session = m_session, generation] { session->startAnalyses(generation); };
    connect(m_timeline, &widgets::TimelineWidget::painted, m_session, start, Qt::SingleShotConnection);
    QTimer::singleShot(kAnalysesFallbackMs, m_session, start);
}

void MainWindow::showLoadError(const QString& path, const QString& error)
{
    if (m_interactive)
        LoadErrorBox::open(this, path, error, m_session->isOpen() ? m_session->fileName() : QString());
}

void MainWindow::closeProfile()
{
    if (m_opener->isLoading())
        cancelLoad();
    m_session->close();
}

bool MainWindow::exportImage(bool wholeWindow, const QString& path, double scale, QString* error)
{
    QWidget* view = wholeWindow ? static_cast<QWidget*>(this) : m_timeline;
    if (!widgets::ImageExport::write(view, path, scale, error))
        return false;
    notify(widgets::ImageExport::confirmation(path));
    return true;
}

void MainWindow::onStoreChanged()
{
    const auto& store = m_session->store();
    m_central->setCurrentWidget(store ? static_cast<QWidget*>(m_timeline) : m_welcome);
    setWelcomeMode(!store);
    // A profile with memory accesses (Sophgo) brings its chart to the front of its tab group.
    // Its size stays: only the user resizes docks.
    if (QDockWidget* d = dock(DockId::memory); d && memoryWidget()->hasAccesses())
        d->raise();
    setWindowTitle(store ? tr("Strata — %1").arg(m_session->fileName()) + jobTitle() : tr("Strata"));
    // The file dialogs about the profile start in its folder (LastFolder::profileOf); the
    // bundled sample's folder is not the user's, so they start where the user last was.
    const QString path = m_session->filePath();
    const bool sample = !path.isEmpty()
        && QFileInfo(path).canonicalFilePath() == QFileInfo(SampleProfile::path()).canonicalFilePath();
    setWindowFilePath(sample ? QString() : path);
}

QString MainWindow::jobTitle() const
{
    // A job is named by its folder and its ranks: "job8 — 8 ranks".
    const auto& store = m_session->store();
    const size_t ranks = store ? store::JobLayout::of(*store).ranks().size() : 0;
    return ranks == 0 ? QString() : ranks == 1 ? tr(" — 1 rank") : tr(" — %1 ranks").arg(ranks);
}

void MainWindow::notify(const QString& message, bool warning)
{
    statusBar()->showMessage(message, warning ? 15000 : 8000);
}

// --- events -----------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_opener->cancel();
    m_applier->cancelComparison();
    if (m_persistent)
        m_layouts.saveSession(captureLayout(QString()));
    sidecar()->flush();
    QMainWindow::closeEvent(event);
}

bool MainWindow::event(QEvent* event)
{
    // A press where no child is, is on a separator between docks (QMainWindow handles those
    // itself): the user resizes docks, so the window stops re-proportioning them. Presses
    // that children ignored arrive here too, over the child.
    if (event->type() == QEvent::MouseButtonPress && !childAt(static_cast<QMouseEvent*>(event)->position().toPoint()))
        m_defaultArrangement = false;
    return QMainWindow::event(event);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_compareSplitter && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        applyCompareShare();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    // The default arrangement is proportions of the window, so it is the same whether the
    // window was maximised before or after it was made (Reset to Default = first run).
    if (m_defaultArrangement && !m_arranging && !m_defaultSizesPending && !m_welcomeMode && isVisible())
        DefaultDockLayout::applySizes(*this);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_pendingSizes.isEmpty() && !m_welcomeMode)
        WindowFit::scaleDocks(*this, std::exchange(m_pendingSizes, {}));
    if (m_defaultSizesPending && !m_welcomeMode) { // the welcome page hides the docks
        m_defaultSizesPending = false;
        DefaultDockLayout::applySizes(*this);
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    // Shift held: the file is B, compared with the open profile.
    if ((event->modifiers() & Qt::ShiftModifier) && m_session->isOpen()) {
        compareWith(urls.first().toLocalFile());
        return;
    }
    // A folder opens as one (a profile, or the ranks of a job); several files as the ranks of a job.
    QStringList paths;
    for (const QUrl& url : urls)
        if (url.isLocalFile())
            paths << url.toLocalFile();
    openFiles(paths);
}

} // namespace strata::app
