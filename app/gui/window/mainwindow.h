#pragma once
#include "dockset.h"
#include <layouts/layoutstore.h>
#include <loading/jobimport.h>
#include <loading/openrequest.h>

#include <cachedloader.h>

#include <state/analyses.h>

#include <QMainWindow>

#include <optional>

class QDockWidget;
class QSplitter;
class QStackedWidget;

namespace strata::analysis {
class LodIndex;
}
namespace strata::importers {
struct LoadResult;
}
namespace strata::widgets {
class CodeEditorWidget;
class EventDetailsWidget;
class MemoryWidget;
class SearchWidget;
class TimelineWidget;
} // namespace strata::widgets

namespace strata::model {
class Comparison;
class MatchFollower;
class Session;
} // namespace strata::model

namespace strata::app {

class AnnotationSidecar;
class AppMenus;
class CompareBar;
class ComparePane;
class ProfileOpener;
class LoadProgressPanel;
class OpenRequestApplier;
class RecentFiles;
class SnapshotSaver;
class StatusIndicators;
class WelcomePage;

// The Strata window: the timeline in the centre (the welcome page while nothing is open),
// every other view a dock of the DockRegistry, named by its id so layouts can save and
// restore it. The window keeps the docks, menus and layouts: profiles load on the thread
// pool (ProfileOpener), and what a loaded profile and the rest of its OpenRequest do is
// OpenRequestApplier's.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    model::Session* session() const { return m_session; }
    // A compared with a second profile B; active while B's timeline shows under A's.
    model::Comparison* comparison() const { return m_comparison; }
    CompareBar* compareBar() const { return m_compareBar; }
    ComparePane* comparePane() const { return m_comparePane; }
    model::MatchFollower* matchFollower() const { return m_matchFollower; } // B's selection follows A's
    // Selects the longest slice whose name contains text (case-insensitive) in the open
    // profile; the lookup runs on a worker, and the status bar says when nothing matches.
    void selectByName(const QString& text);
    void focusSearch(); // `/` and Ctrl+F: the Search dock's name field
    LayoutStore& layouts() { return m_layouts; }
    widgets::TimelineWidget* timeline() const { return m_timeline; }
    // The docks' views, typed where the window's users need their API.
    widgets::EventDetailsWidget* eventDetails() const;
    widgets::MemoryWidget* memoryWidget() const;
    widgets::SearchWidget* searchWidget() const;
    widgets::CodeEditorWidget* codeEditor() const;
    QList<QDockWidget*> docks() const { return m_docks.docks(); }
    RecentFiles* recentFiles() const { return m_recent; }
    AnnotationSidecar* sidecar() const;
    // The open profile's LoadResult; writes its cache snapshot after the first paint.
    SnapshotSaver* snapshotSaver() const;
    // How loads (A and B) use the snapshot cache; --no-cache turns it off for the run.
    void setCacheOptions(const importers::CacheOptions& cache);
    // File > Save As Strata Profile without its dialog: the open profile and its markers,
    // written off the GUI thread; SnapshotSaver::portableSaved follows.
    bool saveAsStrata(const QString& path);
    QDockWidget* dock(const QString& objectName) const;

    // Starts loading the request's profile off the GUI thread; a load already running is
    // cancelled. When it succeeds the profile replaces the open one and the request's range,
    // selection, source line and search are applied; when it fails the open profile stays.
    // loadFinished follows either way.
    void open(const OpenRequest& request);
    void openFile(const QString& path, std::optional<RangeSpec> range = std::nullopt);
    // Several files (the ranks of a job; one file: openFile).
    void openFiles(const QStringList& paths);
    // The open profile's request (what was opened and its job's alignment), for reopening it.
    const OpenRequest& openRequest() const { return m_openRequest; }
    // Opens the open job again on another clock alignment (Session::alignmentRequested).
    void realign(const QString& alignment);
    void openSample();
    void cancelLoad();
    bool isLoading() const;
    void closeProfile();
    // Loads `path` as B off the GUI thread, with its own progress and Cancel, and compares the
    // open profile with it; a failed load says so and leaves A (and any B) as they were.
    // compareFinished follows either way.
    // `align`: how B is aligned once open (else the comparison's current alignment).
    void compareWith(const QString& path, std::optional<model::Comparison::Alignment> align = std::nullopt);
    bool isLoadingComparison() const;
    // File > Export Image without its dialogs: the timeline (its visible area) or the whole
    // window, PNG or SVG by the suffix, PNG at `scale` × the on-screen size.
    bool exportImage(bool wholeWindow, const QString& path, double scale = 1.0, QString* error = nullptr);

    bool saveLayout(const QString& name);
    bool loadLayout(const QString& name, QString* error = nullptr);
    bool deleteLayout(const QString& name);
    void resetLayout(); // the built-in arrangement
    bool exportLayout(const QString& path, QString* error = nullptr);
    bool importLayout(const QString& path, QString* error = nullptr); // stores and applies it
    void restoreStartupLayout(); // the arrangement at the last exit, else the default

    // Interactive (default): failures open message boxes and the session (recent files,
    // arrangement at exit) is remembered. Off for --screenshot runs and tests.
    void setInteractive(bool on) { m_interactive = on; }
    void setPersistent(bool on) { m_persistent = on; }

signals:
    void loadStarted(const QString& path);
    // ok: the profile is open; `message` is empty, or for a job opened without some of its
    // files lists them ("FILE: reason (at byte N)" a line each). Otherwise `message` is the
    // loader's error ("<path>: reason (at byte N)"; a refused job's lists its files), or says
    // the load was cancelled.
    void loadFinished(bool ok, bool cancelled, const QString& message);
    void layoutsChanged(); // saved, deleted, imported or loaded: the names or the current one
    void compareFinished(bool ok, bool cancelled, const QString& message); // as loadFinished, for B

protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The timeline's scroll position kept from the job before a re-alignment (-1: none).
    void keepScroll(int y);
    static constexpr int kAnalysesFallbackMs = 500;
    static constexpr const char* kCompareShareKey = "compare/bShare";

    void buildDocks();
    void onLoaded(const OpenRequest& request, const importers::LoadResult& result, const model::Analyses& prebuilt,
        const JobReport& job);
    void onComparisonChanged();
    // B's share of the height A's timeline and B's pane split: remembered in the settings
    // (a fraction, so it suits any screen) when the user drags the splitter, applied when a
    // comparison starts and the splitter first has its height.
    void applyCompareShare();
    void rememberCompareShare();
    void onStoreChanged();
    void startAnalysesAfterFirstPaint();
    void showLoadError(const QString& path, const QString& error);
    void notify(const QString& message, bool warning = false);
    QString jobTitle() const; // " — 8 ranks" for a job's store; else empty
    // While the welcome page shows, the docks step aside so it has the whole window;
    // layouts are still captured and applied as if they were there.
    void setWelcomeMode(bool on);
    void stepDocksAside();
    Layout captureLayout(const QString& name);
    bool applyLayout(const Layout& layout, QString* error);

    model::Session* m_session;
    model::Comparison* m_comparison;
    LayoutStore m_layouts;
    RecentFiles* m_recent;
    QStackedWidget* m_central;
    WelcomePage* m_welcome;
    widgets::TimelineWidget* m_timeline;
    DockSet m_docks; // the DockRegistry's, in its order
    OpenRequestApplier* m_applier; // a loaded profile and the rest of its request; B's load
    LoadProgressPanel* m_progressPanel;
    StatusIndicators* m_status;
    ProfileOpener* m_opener;
    LoadProgressPanel* m_compareProgress;
    CompareBar* m_compareBar;
    ComparePane* m_comparePane;
    model::MatchFollower* m_matchFollower;
    QSplitter* m_compareSplitter = nullptr; // A's central stack over B's pane
    bool m_comparing = false; // as of the last Comparison::changed
    bool m_compareSharePending = false; // a comparison started; its split waits for a height
    AppMenus* m_menus;
    bool m_interactive = true;
    bool m_persistent = true;
    bool m_defaultSizesPending = false;
    // The docks are as Reset to Default left them: window resizes re-apply its proportions.
    bool m_defaultArrangement = true;
    WindowFit::Sizes m_pendingSizes; // a layout applied before the window showed, to scale then
    Layout m_defaultLayout; // Reset to Default: the first-run arrangement, without sizes
    bool m_arranging = false; // dock signals during arrange/apply are not the user's doing
    bool m_welcomeMode = false;
    OpenRequest m_openRequest; // what the open profile was opened from (paths and alignment)
    QMetaObject::Connection m_keptScroll; // keepScroll's, until the analyses are complete
    QList<QDockWidget*> m_steppedAside; // docks hidden for the welcome page
};

} // namespace strata::app
