#pragma once
#include "summarygroupmodel.h"

namespace strata::widgets {

// The counters of a summary: one row per counter series, grouped by process, with the
// series' sample count, minimum, time-weighted mean and maximum over the window.
class SummaryCounterModel : public SummaryGroupModel {
    Q_OBJECT
public:
    enum Column { Counter, Samples, Min, Mean, Max, ColumnCount };

    explicit SummaryCounterModel(QObject* parent = nullptr)
        : SummaryGroupModel(ColumnCount, parent)
    {
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

protected:
    size_t rowsIn(const analysis::TraceSummary& s) const override;
    RowKey keyOf(const analysis::TraceSummary& s, size_t row) const override;
    QVariant rowData(const analysis::TraceSummary& s, size_t row, int column, int role) const override;
    QVariant groupData(const analysis::TraceSummary& s, const Group& g, int column, int role) const override;
};

} // namespace strata::widgets
