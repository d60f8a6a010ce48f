#pragma once
#include "summarygroupmodel.h"

namespace strata::widgets {

// The per-engine table of a summary: one row per thread (its overflow lanes folded in) or
// async lane, grouped by process, with the columns strata-cli summary prints. Process rows
// add up what adds up (events, bytes, FLOPs).
class SummaryTrackModel : public SummaryGroupModel {
    Q_OBJECT
public:
    enum Column { Engine, Events, Busy, Util, AvgDuration, Bytes, Bandwidth, Flops, Mfu, Hfu, ColumnCount };

    explicit SummaryTrackModel(QObject* parent = nullptr)
        : SummaryGroupModel(ColumnCount, parent)
    {
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    // Metric columns (bytes, bandwidth, FLOPs, MFU, HFU) can be empty for a whole table.
    static bool isOptionalColumn(int column) { return column >= Bytes; }

protected:
    size_t rowsIn(const analysis::TraceSummary& s) const override;
    RowKey keyOf(const analysis::TraceSummary& s, size_t row) const override;
    QVariant rowData(const analysis::TraceSummary& s, size_t row, int column, int role) const override;
    QVariant groupData(const analysis::TraceSummary& s, const Group& g, int column, int role) const override;

private:
    QString rowToolTip(const analysis::TraceSummary& s, const analysis::TrackSummaryRow& r, int column) const;
};

} // namespace strata::widgets
