#pragma once
#include <analysis/latency/latencystats.h>
#include <common/numbertablemodel.h>

#include <vector>

namespace strata::widgets {

// Furiosa's per-operator table: operator, average elapsed time and count (Op level, the
// aggregator's default scope), longest average first. SortRole gives raw numbers for a
// QSortFilterProxyModel.
class OperatorAverageModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column { Name, Average, Count, ColumnCount };

    explicit OperatorAverageModel(QObject* parent = nullptr);
    void setAverages(std::vector<analysis::OperatorAverage> averages);
    const std::vector<analysis::OperatorAverage>& averages() const { return m_rows; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int column) const override;

    std::vector<analysis::OperatorAverage> m_rows;
};

} // namespace strata::widgets
