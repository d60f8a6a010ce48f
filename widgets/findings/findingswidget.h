#pragma once
#include <analysis/findings/profilefindings.h>
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <state/latestjob.h>

#include <QWidget>

#include <memory>
#include <optional>
#include <string>

class QLabel;
class QStackedWidget;
class QToolButton;
class QTreeView;

namespace strata::widgets {

class FindingsModel;
class TimeScopeBox;

// The Findings dock (objectName "findings"): what to fix first, as `strata-cli findings`
// says it for the same profile, ranked by time at stake (analysis::ProfileFindings: for a
// job, each rank's rules on the rank alone and the job's straggler rule, findings naming
// their rank). One line per finding (FindingsModel: severity icon, title, value against its
// threshold, time at stake), expandable to its evidence. A click on a finding selects its
// first range on the timeline (the Selection's time selection, brought into view, its track
// revealed) and opens its list of ranges; Next and Previous (F8, Shift+F8) step through
// them, a click on a range row selects that one. The findings shown and the one picked go
// to the session's FindingsBoard, from which the timeline draws its bands. Over a
// TimeScope's window, like the summaries; computed on the BackgroundPool (LatestJob),
// "Computing…" meanwhile. With nothing found, it says which rules ran and which could not,
// and why. Thresholds are edited in a dialog (ThresholdsDialog), kept in the settings, and
// a change runs the rules again. In a narrow column (the default layout's, behind Search) a
// title wraps onto a second line and a value stands over its threshold, so every title reads
// whole; the time at stake then scrolls out of view (it is in the finding's tooltip too). The
// list's summary, or the range picked, wraps on a row of its own under the tools.
// The context menu copies the list and exports it as CSV, or
// as strata-cli findings --json prints it.
class FindingsWidget : public QWidget {
    Q_OBJECT
public:
    explicit FindingsWidget(const DockContext& context, QWidget* parent = nullptr);

    FindingsModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    TimeScope* scope() const { return m_scope; }
    bool isBusy() const;
    QString placeholderText() const; // "" while the list is shown
    QString stepText() const { return m_stepText; } // "Range 2 of 7: …"; "" before a pick
    QLabel* stepLabel() const { return m_step; } // the summary, or stepText() once picked
    // The result shown (null before one).
    const std::shared_ptr<const analysis::ProfileFindings::Result>& shown() const { return m_shown; }
    const analysis::FindingThresholds& thresholds() const { return m_thresholds; }
    // Keeps them in the settings and runs the rules again.
    void setThresholds(const analysis::FindingThresholds& thresholds);
    void editThresholds(); // the dialog

    // Picks finding i (the model's row): selects its first range.
    void pick(int finding);
    void selectRange(int finding, int range);
    void nextRange();
    void previousRange();

    // As strata-cli findings --json prints them for the shown scope (for a job, tracks and
    // times of the job's store), and as CSV: one line per finding.
    std::string json() const;
    std::string csv() const;
    QString text() const; // the list as text, for Copy
    // The Value column's width: a value over its threshold on two lines, or on one (`oneLine`).
    int valueWidth(bool oneLine) const;

signals:
    void findingsUpdated(); // a new result is on screen

protected:
    // The columns are fitted whenever the list's viewport changes width: the dock resized,
    // the vertical scroll bar shown or hidden, or the list first laid out when its tab is
    // raised (a hidden widget's resize waits until it is shown).
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void followStore();
    void fitTitle();
    void refresh();
    void apply(std::shared_ptr<const analysis::ProfileFindings::Result> result, const std::string& scopeText);
    void showPlaceholder(const QString& text);
    QString nothingFound() const;
    void clicked(const QModelIndex& index);
    void step(int by);
    void showStep(const QString& text);
    void contextMenu(const QPoint& pos);

    model::Session* m_session;
    TimeScope* m_scope;
    TimeScopeBox* m_scopeBox;
    FindingsModel* m_model;
    QTreeView* m_view;
    QLabel* m_step; // the list's summary or the range picked, wrapped under the tools
    QToolButton* m_prev;
    QToolButton* m_next;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    model::LatestJob m_job;
    bool m_busy = false;
    bool m_fitting = false; // in fitTitle: the viewport's resizes it causes need no refit
    bool m_fitQueued = false; // a fitTitle is posted
    analysis::FindingThresholds m_thresholds;
    std::shared_ptr<const analysis::ProfileFindings::Result> m_shown;
    std::shared_ptr<const store::EventStore> m_store; // the store m_shown is of
    QString m_scopeText;
    int m_finding = -1; // picked
    int m_range = -1; // its range selected now
    // The time selection this dock set last: with the Current Selection scope it is no new
    // window (else picking a finding would replace the list).
    std::optional<store::TimeRange> m_selected;
    QString m_stepText;
    QString m_summary; // "5 findings over the whole trace", "Computing…": the label without a pick
};

} // namespace strata::widgets
