#pragma once
#include <analysis/collectives/jobindex.h>
#include <common/numbertablemodel.h>

#include <memory>
#include <string>

namespace strata::widgets {

// The Ranks dock's collectives table: one row per collective matched across the ranks of a
// job (analysis::MatchedCollective, the "collectives" of `strata-cli ranks --json`): its
// index (in order of first arrival), kernel (its short name), how many ranks take part, the skew (last
// start - first start), the shortest duration (the work net of waiting) and the rank that
// arrived last (empty when all started together). SortRole holds raw numbers, so every
// column sorts as numbers; the tooltips hold exact ns and, on the name, the kernel's full
// name, its stream or process group and every rank's wait.
class CollectiveTableModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column { Index, Name, Ranks, Skew, MinDuration, LastRank, ColumnCount };

    explicit CollectiveTableModel(QObject* parent = nullptr);
    void setJob(std::shared_ptr<const analysis::JobIndex> job); // null or not a job: no rows
    // The collective a row shows (rows are in index order); null out of range.
    const analysis::MatchedCollective* collective(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // index,name,ranks,skew_ns,min_dur_ns,last_rank (rank numbers, as the CLI's JSON); "" without a job.
    std::string csv() const;

private:
    QString columnTitle(int column) const override;
    static QVariant cellAlignment(int column);
    QVariant sortValue(const analysis::MatchedCollective& c, int column) const;
    QString rankName(int rankIndex) const; // the rank's number, "" for -1
    QString waitsText(const analysis::MatchedCollective& c) const;

    std::shared_ptr<const analysis::JobIndex> m_job;
};

} // namespace strata::widgets
