#pragma once
#include "commandline.h"
#include "layoutstore.h"

#include <QMainWindow>

#include <optional>

class QDockWidget;
class QStackedWidget;

namespace strata::importers {
struct LoadResult;
}
namespace strata::widgets {
class AnnotationsWidget;
class CodeEditorWidget;
class EventDetailsWidget;
class LatencyWidget;
class MemoryWidget;
class OperatorChartsWidget;
class OperatorTableWidget;
class OverallSummaryWidget;
class SearchWidget;
class SelectionSummaryWidget;
class TimelineWidget;
} // namespace strata::widgets

namespace strata::model {
class Session;
}

namespace strata::app {

class AnnotationSidecar;
class AppMenus;
class ImportJob;
class LoadProgressPanel;
class RecentFiles;
class StatusIndicators;
class WelcomePage;

// The Strata window: the timeline in the centre (the welcome page while nothing is open),
// every other view a dock with an objectName so layouts can save and restore it. Profiles
// load on the thread pool (ImportJob); the GUI thread only swaps the finished store in.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    model::Session* session() const { return m_session; }
    // Selects the longest slice whose name contains text (case-insensitive) in the open
    // profile, or in the next one once it is loaded. Returns false when nothing matches.
    bool selectByName(const QString& text);
    void setPendingSelect(const QString& text) { m_pendingSelect = text; }
    // Once the next profile is open: select file:line in the Code dock (as a click on the
    // line would, highlighting its events), or search for a name and select the first match.
    void setPendingSourceLine(const QString& file, uint line)
    {
        m_pendingSourceFile = file;
        m_pendingSourceLine = line;
    }
    void setPendingSearch(const QString& name) { m_pendingSearch = name; }
    void focusSearch(); // `/` and Ctrl+F: the Search dock's name field
    LayoutStore& layouts() { return m_layouts; }
    widgets::TimelineWidget* timeline() const { return m_timeline; }
    widgets::EventDetailsWidget* eventDetails() const { return m_details; }
    widgets::MemoryWidget* memoryWidget() const { return m_memory; }
    widgets::SearchWidget* searchWidget() const { return m_search; }
    widgets::CodeEditorWidget* codeEditor() const { return m_code; }
    QList<QDockWidget*> docks() const { return m_docks; }
    RecentFiles* recentFiles() const { return m_recent; }
    QDockWidget* dock(const QString& objectName) const;

    // Starts loading `path` off the GUI thread; a load already running is cancelled. When
    // it succeeds the profile replaces the open one and `range` (if any) becomes visible;
    // when it fails the open profile stays. loadFinished follows either way.
    void openFile(const QString& path, std::optional<RangeSpec> range = std::nullopt);
    void openSample();
    void cancelLoad();
    bool isLoading() const { return m_job != nullptr; }
    void closeProfile();

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
    // ok: the profile is open. Otherwise `message` is the loader's error ("<path>: reason
    // (at byte N)"), or says the load was cancelled.
    void loadFinished(bool ok, bool cancelled, const QString& message);
    void layoutsChanged(); // saved, deleted, imported or loaded: the names or the current one

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    static constexpr int kAnalysesFallbackMs = 500;

    QDockWidget* addDock(QWidget* widget, const QString& title, const QString& objectName);
    void onJobFinished(ImportJob* job, const importers::LoadResult& result);
    void onStoreChanged();
    void startAnalysesAfterFirstPaint();
    void showLoadError(const QString& path, const QString& error);
    void notify(const QString& message, bool warning = false);
    // While the welcome page shows, the docks step aside so it has the whole window;
    // layouts are still captured and applied as if they were there.
    void setWelcomeMode(bool on);
    void stepDocksAside();
    Layout captureLayout(const QString& name);
    bool applyLayout(const Layout& layout, QString* error);

    model::Session* m_session;
    LayoutStore m_layouts;
    RecentFiles* m_recent;
    QStackedWidget* m_central;
    WelcomePage* m_welcome;
    widgets::TimelineWidget* m_timeline;
    widgets::EventDetailsWidget* m_details;
    widgets::OperatorTableWidget* m_operatorTable;
    widgets::OperatorChartsWidget* m_operatorCharts;
    widgets::LatencyWidget* m_latency;
    widgets::OverallSummaryWidget* m_overallSummary;
    widgets::SelectionSummaryWidget* m_selectionSummary;
    widgets::MemoryWidget* m_memory;
    widgets::AnnotationsWidget* m_annotations;
    AnnotationSidecar* m_sidecar; // the markers' <trace>.strata-annotations.json
    widgets::SearchWidget* m_search;
    widgets::CodeEditorWidget* m_code;
    LoadProgressPanel* m_progressPanel;
    StatusIndicators* m_status;
    QList<QDockWidget*> m_docks;
    ImportJob* m_job = nullptr;
    std::optional<RangeSpec> m_pendingRange;
    QString m_pendingSelect;
    QString m_pendingSourceFile;
    uint m_pendingSourceLine = 0;
    QString m_pendingSearch;
    AppMenus* m_menus;
    bool m_interactive = true;
    bool m_persistent = true;
    bool m_defaultSizesPending = false;
    bool m_welcomeMode = false;
    QList<QDockWidget*> m_steppedAside; // docks hidden for the welcome page
};

} // namespace strata::app
