#pragma once
#include <analysis/collectives/jobindex.h>
#include <common/dockcontext.h>

#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace strata::model {
class Session;
}

namespace strata::widgets {

class CollectiveTableModel;
class NoticeBar;
class RankTableModel;

// The Ranks dock (objectName "ranks"): the ranks of a job opened as one profile side by side,
// from the profile's analysis::JobIndex. Above, the clock alignment the job was opened with
// (choosing another asks the window to open the job again, Session::requestAlignment) and
// the straggler's evidence sentence, and a notice bar when the ranks' clocks look offset as the
// job is aligned (analysis::ClockOffsetCheck, CollectiveAnalysis::clockHint) whose button asks
// for the alignment by collective ends through Session::requestAlignment, like the picker (the
// job opened again that way has no such hint, so the bar goes), and asks to be brought
// forward (raiseRequested) when a job shows it; below, two tabs: the rank table (RankTableModel, the
// figures of `strata-cli ranks` per rank, the straggler's row marked) and the collectives
// matched across ranks (CollectiveTableModel). A click on a rank scrolls the timeline to it
// (Session::revealTrack); a click on a collective highlights its kernel on every rank and
// selects the time from its first start to its last end, bringing it into view only when
// it is not all visible. A store that is not a job shows only how to open one.
class RanksWidget : public QWidget {
    Q_OBJECT
public:
    explicit RanksWidget(const DockContext& context, QWidget* parent = nullptr);

    std::shared_ptr<const analysis::JobIndex> job() const { return m_job; }
    QString placeholderText() const; // "" while the tables are shown
    QString evidenceText() const;
    RankTableModel* rankModel() const { return m_rankModel; }
    CollectiveTableModel* collectiveModel() const { return m_collectiveModel; }
    QTableView* rankView() const { return m_rankView; }
    QTableView* collectiveView() const { return m_collectiveView; }
    QComboBox* alignmentBox() const { return m_align; }
    NoticeBar* clockNoticeBar() const { return m_clockNotice; }
    QTabWidget* tabs() const { return m_tabs; }

    // What a click on a row does; rows are the models' (rank order, collective index order).
    void revealRank(int row);
    void selectCollective(int row);

    // The job as `strata-cli ranks DIR --json --align A` prints it for the job's files and
    // alignment (report::RanksReport::ofJob); "" while there is no job or no breakdown index.
    std::string ranksJson() const;

signals:
    // The clocks of a job just shown look offset: the window brings the dock forward, so the
    // notice is seen before the waits are read.
    void raiseRequested();

public:
    // The evidence sentence of a job's straggler, numbers as the docks write them.
    static QString evidence(const analysis::JobIndex& job);
    // The clock notice's sentence: the ranks that look offset, grouped by shared offset, and the
    // waits as aligned and by collective ends; "" when the clocks look as one.
    static QString clockNotice(const analysis::JobIndex& job);

private:
    void setJob(std::shared_ptr<const analysis::JobIndex> job);
    void showPlaceholder(const QString& text);
    void alignmentChosen(int item);
    void tableMenu(QTableView* view, const QPoint& pos);
    QWidget* buildTables();

    model::Session* m_session;
    std::shared_ptr<const analysis::JobIndex> m_job;
    QComboBox* m_align;
    QLabel* m_evidence;
    NoticeBar* m_clockNotice;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QTabWidget* m_tabs;
    RankTableModel* m_rankModel;
    CollectiveTableModel* m_collectiveModel;
    QSortFilterProxyModel* m_rankProxy;
    QSortFilterProxyModel* m_collectiveProxy;
    QTableView* m_rankView = nullptr;
    QTableView* m_collectiveView = nullptr;
};

} // namespace strata::widgets
