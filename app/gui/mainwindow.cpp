#include "mainwindow.h"

#include <analysis/indexes/indexattachments.h>
#include <analysis/search/slicenamelookup.h>
#include <state/selection.h>

#include "annotationsidecar.h"
#include "appicon.h"
#include "appmenus.h"
#include "comparebar.h"
#include "comparepane.h"
#include "defaultdocklayout.h"
#include "dockcontent.h"
#include "loaderrorbox.h"
#include "loadmessage.h"
#include "loadprogresspanel.h"
#include "profileopener.h"
#include "recentfiles.h"
#include "sampleprofile.h"
#include "snapshotsaver.h"
#include "statusindicators.h"
#include "welcomepage.h"
#include "windowfit.h"
#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <state/matchfollower.h>
#include <state/session.h>
#include <state/viewportlink.h>

#include <annotations/annotationswidget.h>
#include <code/codeeditorwidget.h>
#include <common/imageexport.h>
#include <compare/comparewidget.h>
#include <details/eventdetailswidget.h>
#include <memory/memorywidget.h>
#include <operators/latencywidget.h>
#include <operators/operatorchartswidget.h>
#include <operators/operatortablewidget.h>
#include <search/searchform.h>
#include <search/searchwidget.h>
#include <state/viewport.h>
#include <summary/overallsummarywidget.h>
#include <summary/selectionsummarywidget.h>
#include <timeline/timelinewidget.h>

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

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
    setCentralWidget(area);
    new model::ViewportLink(m_comparison, this);
    m_matchFollower = new model::MatchFollower(m_comparison, this);
    m_progressPanel = new LoadProgressPanel(m_central);
    m_compareProgress = new LoadProgressPanel(m_central);
    m_compareProgress->setObjectName(QStringLiteral("compareProgressPanel"));

    // Every dock takes the session and follows its profile and analyses itself.
    m_details = new widgets::EventDetailsWidget(m_session, this);
    addDock(m_details, tr("Event Details"), QStringLiteral("eventDetailsDock"));
    m_operatorTable = new widgets::OperatorTableWidget(m_session, this);
    addDock(m_operatorTable, tr("Operator Table"), QStringLiteral("operatorTableDock"));
    m_compare = new widgets::CompareWidget(m_comparison, this);
    addDock(m_compare, tr("Compare"), QStringLiteral("compareDock"));
    m_operatorCharts = new widgets::OperatorChartsWidget(m_session, this);
    addDock(m_operatorCharts, tr("Operator Charts"), QStringLiteral("operatorChartsDock"));
    m_latency = new widgets::LatencyWidget(m_comparison, this);
    QDockWidget* latencyDock = addDock(m_latency, tr("Latency"), QStringLiteral("latencyDock"));
    connect(m_operatorTable, &widgets::OperatorTableWidget::latencyRequested, this,
        [this, latencyDock](const QString& unit) {
            m_latency->setUnit(unit);
            latencyDock->show();
            latencyDock->raise();
        });
    m_overallSummary = new widgets::OverallSummaryWidget(m_comparison, this);
    addDock(m_overallSummary, tr("Overall Summary"), QStringLiteral("overallSummaryDock"));
    m_selectionSummary = new widgets::SelectionSummaryWidget(m_comparison, this);
    addDock(m_selectionSummary, tr("Current Selection Summary"), QStringLiteral("selectionSummaryDock"));

    // Markers: the timeline and this dock share the session's AnnotationsModel; the sidecar
    // keeps them next to the trace.
    m_annotations = new widgets::AnnotationsWidget(m_session, this);
    addDock(m_annotations, tr("Annotations"), QStringLiteral("annotationsDock"));
    connect(m_annotations, &widgets::AnnotationsWidget::statusMessage, this, &MainWindow::notify);
    m_sidecar = new AnnotationSidecar(m_session, this);
    connect(m_sidecar, &AnnotationSidecar::message, this, &MainWindow::notify);
    m_snapshots = new SnapshotSaver(this);
    connect(m_snapshots, &SnapshotSaver::message, this, &MainWindow::notify);
    m_compareSnapshots = new SnapshotSaver(this);
    connect(m_compareSnapshots, &SnapshotSaver::message, this, &MainWindow::notify);

    m_search = new widgets::SearchWidget(m_session, this);
    addDock(m_search, tr("Search"), QStringLiteral("searchDock"));
    m_code = new widgets::CodeEditorWidget(m_session, this);
    QDockWidget* codeDock = addDock(m_code, tr("Code"), QStringLiteral("codeEditorDock"));
    connect(m_code, &widgets::CodeEditorWidget::raiseRequested, this, [codeDock] {
        codeDock->show();
        codeDock->raise();
    });
    m_memory = new widgets::MemoryWidget(m_session, this);
    addDock(m_memory, tr("Memory"), QStringLiteral("memoryDock"));

    m_opener = new ProfileOpener(this);
    connect(m_opener, &ProfileOpener::progress, this, [this](double f) {
        m_status->setProgress(f);
        m_progressPanel->setProgress(f);
    });
    connect(m_opener, &ProfileOpener::started, this, [this](const OpenRequest& r) { emit loadStarted(r.path); });
    connect(m_opener, &ProfileOpener::finished, this, &MainWindow::onLoaded);
    // The cache's snapshot keeps the indexes IndexAttachments names (the LOD and summary
    // indexes and the operator catalog): it is written (once per profile, on the low-priority
    // pool) when the stage that publishes the last of them has landed.
    connect(m_session, &model::Session::analysesChanged, m_snapshots, [session = m_session, saver = m_snapshots] {
        const std::shared_ptr<const model::Analyses>& a = session->analyses();
        if (analysis::IndexAttachments::keepsAll(*a))
            saver->writeCache(a->generation, a);
    });
    m_compareOpener = new ProfileOpener(this);
    connect(m_compareOpener, &ProfileOpener::progress, m_compareProgress, &LoadProgressPanel::setProgress);
    connect(m_compareOpener, &ProfileOpener::finished, this, &MainWindow::onCompareLoaded);
    connect(m_compareProgress, &LoadProgressPanel::cancelRequested, this, [this] {
        m_compareOpener->cancel();
        m_compareProgress->setCancelling();
    });
    connect(m_comparison, &model::Comparison::changed, this, &MainWindow::onComparisonChanged);
    connect(m_compareBar, &CompareBar::message, this, [this](const QString& text) { notify(text, true); });
    m_status = new StatusIndicators(statusBar(), m_session);
    connect(m_status, &StatusIndicators::cancelRequested, this, &MainWindow::cancelLoad);
    connect(m_progressPanel, &LoadProgressPanel::cancelRequested, this, &MainWindow::cancelLoad);
    connect(m_welcome, &WelcomePage::openSampleRequested, this, &MainWindow::openSample);
    connect(m_welcome, &WelcomePage::openRecentRequested, this, [this](const QString& p) { openFile(p); });
    connect(m_recent, &RecentFiles::changed, this, [this] { m_welcome->setRecentFiles(m_recent->files()); });
    connect(m_session, &model::Session::storeChanged, this, &MainWindow::onStoreChanged);

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
    DefaultDockLayout::arrange(*this, m_docks);
    m_defaultLayout = LayoutStore::capture(*this, QString());
    m_defaultLayout.geometry.clear();
    m_defaultLayout.sizes = {};
    resetLayout();
    onStoreChanged();
}

MainWindow::~MainWindow() = default;

QDockWidget* MainWindow::addDock(QWidget* widget, const QString& title, const QString& objectName)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(new DockContent(widget, dock));
    dock->setFeatures(
        QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    // A dock the user drags to another place or floats ends the default arrangement: from
    // then on the window's size no longer re-proportions the docks.
    auto userMoved = [this] {
        if (!m_arranging)
            m_defaultArrangement = false;
    };
    connect(dock, &QDockWidget::topLevelChanged, this, userMoved);
    connect(dock, &QDockWidget::dockLocationChanged, this, userMoved);
    m_docks << dock;
    return dock;
}

void MainWindow::selectByName(const QString& text)
{
    const auto& store = m_session->store();
    if (!store || text.isEmpty())
        return;
    m_selectJob.run(
        this,
        [store, needle = text.toLower().toStdString()](
            const std::atomic<bool>& cancel) { return analysis::SliceNameLookup::longest(*store, needle, &cancel); },
        [this, text, generation = m_session->generation()](store::SliceRow row) {
            if (generation != m_session->generation())
                return; // another profile was opened meanwhile
            if (row.valid())
                m_session->selection()->setCurrent(model::EventRef::slice(row), /*reveal*/ true);
            else
                notify(tr("No slice is named like “%1”").arg(text), true);
        });
}

void MainWindow::focusSearch()
{
    if (QDockWidget* d = dock(QStringLiteral("searchDock"))) {
        d->show();
        d->raise();
    }
    m_search->focusSearch();
}

QDockWidget* MainWindow::dock(const QString& objectName) const
{
    for (QDockWidget* d : m_docks) {
        if (d->objectName() == objectName)
            return d;
    }
    return nullptr;
}

// --- loading ----------------------------------------------------------------------------

void MainWindow::openFile(const QString& path, std::optional<RangeSpec> range)
{
    OpenRequest request;
    request.path = path;
    request.range = range;
    open(request);
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
    m_compareOpener->setCacheOptions(cache);
    m_snapshots->setCacheOptions(cache);
    m_compareSnapshots->setCacheOptions(cache);
}

bool MainWindow::saveAsStrata(const QString& path)
{
    return m_snapshots->savePortable(
        path, model::AnnotationsFile::serialize(m_session->annotations()->snapshot()), m_session->analyses());
}

void MainWindow::onLoaded(const OpenRequest& request, const importers::LoadResult& r, const model::Analyses& prebuilt)
{
    m_status->setIdle();
    m_progressPanel->hide();
    m_welcome->setBusy(false);
    const QString& path = request.path;
    const QString name = QFileInfo(path).fileName();
    if (r.store) {
        model::LoadInfo info;
        info.format = QString::fromStdString(r.format);
        info.fileBytes = r.fileBytes;
        info.seconds = r.seconds;
        m_status->setReadNotes(LoadMessage::origin(r));
        m_overallSummary->setLoadNotes(LoadMessage::snapshotNotes(r).split(QLatin1Char('\n'), Qt::SkipEmptyParts));
        m_session->open(r.store, QFileInfo(path).absoluteFilePath(), info, prebuilt, /*deferAnalyses=*/true);
        m_snapshots->setProfile(QFileInfo(path).absoluteFilePath(), r, m_session->generation());
        if (r.portable) { // a .strata file: its markers, and the profile it was saved from
            m_sidecar->adopt(QByteArray::fromStdString(r.annotations), path);
            if (!LoadMessage::savedFrom(r).isEmpty())
                setWindowTitle(tr("Strata — %1 (%2)").arg(m_session->fileName(), LoadMessage::savedFrom(r)));
        }
        startAnalysesAfterFirstPaint();
        applyRequest(request);
        if (m_persistent)
            m_recent->add(path);
        statusBar()->showMessage(LoadMessage::text(name, r), LoadMessage::isWarning(r) ? 20000 : 10000);
        m_timeline->setFocus();
        emit loadFinished(true, false, QString());
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

void MainWindow::applyRequest(const OpenRequest& request)
{
    if (request.range)
        m_session->viewport()->setVisible(request.range->resolve(m_session->viewport()->traceRange()));
    if (!request.select.isEmpty())
        selectByName(request.select);
    if (!request.sourceFile.isEmpty()) { // waits in the dock for the source index
        m_code->selectSourceLine(request.sourceFile, request.sourceLine);
        if (QDockWidget* d = dock(QStringLiteral("codeEditorDock"))) {
            d->show();
            d->raise();
        }
    }
    if (!request.search.isEmpty()) {
        m_search->form()->nameEdit()->setText(request.search);
        m_search->step(false);
    }
    if (!request.compare.isEmpty())
        compareWith(request.compare, request.align);
}

// --- comparing --------------------------------------------------------------------------

void MainWindow::compareWith(const QString& path, std::optional<model::Comparison::Alignment> align)
{
    if (path.isEmpty())
        return;
    if (!m_session->isOpen()) {
        const QString text = tr("Open a profile first: it is the baseline (A) that %1 is compared with")
                                 .arg(QFileInfo(path).fileName());
        notify(text, true);
        emit compareFinished(false, false, text);
        return;
    }
    OpenRequest request;
    request.path = path.size() > 1 && path.endsWith(QLatin1Char('/')) ? path.chopped(1) : path;
    request.align = align;
    const QString name = QFileInfo(request.path).fileName();
    m_compareProgress->start(tr("%1 to compare").arg(name));
    statusBar()->showMessage(tr("Opening %1 to compare…").arg(name));
    m_compareOpener->open(request);
}

bool MainWindow::isLoadingComparison() const
{
    return m_compareOpener->isLoading();
}

void MainWindow::onCompareLoaded(
    const OpenRequest& request, const importers::LoadResult& r, const model::Analyses& prebuilt)
{
    m_compareProgress->hide();
    const QString name = QFileInfo(request.path).fileName();
    if (r.store && m_session->isOpen()) {
        model::LoadInfo info;
        info.format = QString::fromStdString(r.format);
        info.fileBytes = r.fileBytes;
        info.seconds = r.seconds;
        m_comparison->start(
            r.store, QFileInfo(request.path).absoluteFilePath(), info, prebuilt.get<analysis::LodIndex>());
        m_compareSnapshots->setProfile(QFileInfo(request.path).absoluteFilePath(), r, 0);
        m_compareSnapshots->writeCache(0); // low priority, as B's analyses
        if (request.align && !m_comparison->align(*request.align))
            notify(tr("Could not align B as asked: it stays aligned on the trace starts"), true);
        QString text = tr("Comparing %1 (A) with %2 (B)").arg(m_session->fileName(), name);
        for (const std::string& note : r.snapshotNotes) // B's cached snapshot refused on the way
            text += QStringLiteral(" — ") + QString::fromStdString(note);
        statusBar()->showMessage(text, r.snapshotNotes.empty() ? 10000 : 20000);
        emit compareFinished(true, false, QString());
        return;
    }
    if (r.store || r.cancelled) { // A was closed meanwhile, or the user cancelled
        statusBar()->showMessage(tr("Cancelled opening %1").arg(name), 10000);
        emit compareFinished(false, true, tr("Cancelled opening %1").arg(request.path));
        return;
    }
    const QString error = QString::fromStdString(r.error);
    statusBar()->showMessage(tr("Could not open %1 to compare").arg(name), 10000);
    showLoadError(request.path, error);
    emit compareFinished(false, false, error);
}

void MainWindow::onComparisonChanged()
{
    const bool comparing = m_comparison->active();
    if (!comparing)
        m_compareSnapshots->clearProfile(); // B's store goes with the comparison
    if (comparing && !m_comparing) { // B starts with half of the height, the Compare table in front
        const int h = m_compareSplitter->height();
        m_compareSplitter->setSizes({ h / 2, h - h / 2 });
        if (QDockWidget* table = dock(QStringLiteral("compareDock"))) {
            table->show();
            table->raise();
        }
    }
    m_comparing = comparing;
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
    notify(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void MainWindow::onStoreChanged()
{
    const auto& store = m_session->store();
    if (!store)
        m_snapshots->clearProfile();
    m_central->setCurrentWidget(store ? static_cast<QWidget*>(m_timeline) : m_welcome);
    setWelcomeMode(!store);
    // A profile with memory accesses (Sophgo) brings its chart to the front of its tab group.
    // Its size stays: only the user resizes docks.
    if (QDockWidget* d = dock(QStringLiteral("memoryDock")); d && m_memory->hasAccesses())
        d->raise();
    setWindowTitle(store ? tr("Strata — %1").arg(m_session->fileName()) : tr("Strata"));
    setWindowFilePath(m_session->filePath());
}

void MainWindow::notify(const QString& message, bool warning)
{
    statusBar()->showMessage(message, warning ? 15000 : 8000);
}

// --- events -----------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_opener->cancel();
    m_compareOpener->cancel();
    if (m_persistent)
        m_layouts.saveSession(captureLayout(QString()));
    m_sidecar->flush();
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
    if (urls.size() > 1)
        notify(tr("Strata opens one profile at a time; opening %1").arg(urls.first().fileName()));
    openFile(urls.first().toLocalFile());
}

} // namespace strata::app
