#pragma once
#include "summarypanes.h"
#include <analysis/summary/summaryresult.h>

#include <QStringList>
#include <QWidget>

#include <memory>

class QLabel;
class QStackedWidget;
class QTreeView;
class QTreeWidget;

namespace strata::widgets {

class DeviceBreakdownLabel;
class SummaryCounterModel;
class SummaryDiagnostics;
class SummaryTable;
class SummaryTrackModel;

// One analysis::TraceSummary on screen, shared by the Overall and Current Selection Summary
// docks: a caption (which window), the trace facts and per device its time breakdown
// (DeviceBreakdownLabel); the engines by process (events,
// busy, utilisation with an inline bar, average duration, and where the trace has them
// data moved, bandwidth, FLOPs, MFU, HFU); the counters (min, mean, max); and the import
// diagnostics (count per kind, the first messages with byte offsets: SummaryDiagnostics).
// The panes follow the dock's shape (SummaryPanes). The tables (SummaryTable) sort by any
// column and copy as TSV.
class SummaryView : public QWidget {
    Q_OBJECT
public:
    using Arrangement = SummaryPanes::Arrangement;
    // What the line under the caption tells: the whole trace's facts, or the window's
    // (its length and share of the trace, slices and active engines in it).
    enum class FactsMode { Trace, Window };

    explicit SummaryView(QWidget* parent = nullptr);
    ~SummaryView() override;

    // What the facts line names the profile by (the summary does not know its file).
    void setSource(const QString& filePath, const QString& format);
    void setCaption(const QString& text, const QString& toolTip = QString());
    void setFactsMode(FactsMode mode);
    void setSummary(std::shared_ptr<const analysis::TraceSummary> summary);
    // Shown with the import diagnostics (SummaryDiagnostics' loadNotes) from now on.
    void setLoadNotes(const QStringList& notes);
    const std::shared_ptr<const analysis::TraceSummary>& summary() const { return m_summary; }
    // Hides the panes behind a message ("Building summary…") until the next setSummary.
    void showPlaceholder(const QString& text);
    bool isShowingPlaceholder() const;
    QString placeholderText() const;

    // Adds an owner's pane (a chart) after the engines table.
    void addPane(QWidget* pane, const QString& title);

    QString captionText() const;
    QString factsText() const; // plain text
    DeviceBreakdownLabel* breakdownLabel() const { return m_breakdown; } // the device lines
    SummaryTrackModel* trackModel() const { return m_trackModel; }
    SummaryCounterModel* counterModel() const { return m_counterModel; }
    QTreeView* trackView() const;
    QTreeView* counterView() const;
    QTreeWidget* diagnosticsView() const;
    QSplitter* splitter() const { return m_panes->splitter(); }
    Arrangement arrangement() const { return m_panes->arrangement(); }
    QTabWidget* tabs() const { return m_panes->tabs(); }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void arranged();
    QSize trackNeeds() const;
    void updateFacts();
    void updateSections();
    void updateDiagnostics();
    void updateTabTitles();
    void updateTrackColumns();
    void sizeColumns();

    std::shared_ptr<const analysis::TraceSummary> m_summary;
    QString m_path, m_format;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QLabel* m_caption;
    QLabel* m_facts;
    DeviceBreakdownLabel* m_breakdown;
    std::unique_ptr<SummaryPanes> m_panes;
    FactsMode m_factsMode = FactsMode::Trace;
    SummaryTrackModel* m_trackModel;
    SummaryCounterModel* m_counterModel;
    SummaryTable* m_trackView;
    SummaryTable* m_counterView;
    SummaryDiagnostics* m_diagView;
    QStringList m_loadNotes;
    bool m_columnsSized = false;
    bool m_namesChanged = true; // the first column's natural widths need measuring
};

} // namespace strata::widgets
