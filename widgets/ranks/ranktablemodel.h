#pragma once
#include <analysis/collectives/jobindex.h>
#include <common/numbertablemodel.h>

#include <QIcon>

#include <memory>
#include <optional>
#include <string>

namespace strata::widgets {

// The Ranks dock's rank table: one row per rank of a job (analysis::JobIndex), the figures
// `strata-cli ranks` prints per rank: its file, step time mean and max, the time breakdown of
// its devices as shares of their span (compute, communication, idle; overlap as a share of
// communication: the breakdown's comm_overlap_pct), its total wait in collectives, the times
// it arrived last and the clock offset applied to it. Times in the docks' duration format;
// SortRole holds the raw number (ns, percent), so every column sorts as numbers; a share of a
// rank without device work (or an overlap without communication) is empty and sorts first.
// The straggler's row is bold, with a marker icon and its evidence in the Rank cell's tooltip.
class RankTableModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        File,
        StepMean,
        StepMax,
        Compute,
        Communication,
        Idle,
        Overlap,
        Wait,
        LastArrivals,
        Offset,
        ColumnCount
    };
    static constexpr int StragglerRole = Qt::UserRole + 2; // bool, on every cell of the straggler's row

    explicit RankTableModel(QObject* parent = nullptr);
    void setJob(std::shared_ptr<const analysis::JobIndex> job); // null or not a job: no rows
    const std::shared_ptr<const analysis::JobIndex>& job() const { return m_job; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    // Each column's tooltip says what it counts.
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The table in rank order: rank,file,step_mean_ns,step_max_ns,compute_pct,
    // communication_pct,idle_pct,comm_overlap_pct,wait_ns,last_arrivals,offset_ns,straggler
    // (percents with 6 decimals, empty where the cell is); "" without a job.
    std::string csv() const;

private:
    QString columnTitle(int column) const override;
    QVariant sortValue(int row, int column) const;
    QVariant display(int row, int column) const;
    QVariant toolTip(int row, int column) const;
    // The column's share of a rank's device span (or of its communication), none when the
    // rank has no such time.
    std::optional<double> share(int row, int column) const;

    std::shared_ptr<const analysis::JobIndex> m_job;
    QIcon m_marker;
};

} // namespace strata::widgets
