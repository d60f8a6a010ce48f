#pragma once
#include <analysis/latency/latencystats.h>

#include <QAbstractTableModel>

#include <vector>

namespace strata::widgets {

// Furiosa's per-operator table: operator, average elapsed time and count (Op level, the
// aggregator's default scope), longest average first. SortRole gives raw numbers for a
// QSortFilterProxyModel.
class OperatorAverageModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Average, Count, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit OperatorAverageModel(QObject* parent = nullptr);
    void setAverages(std::vector<analysis::OperatorAverage> averages);
    const std::vector<analysis::OperatorAverage>& averages() const { return m_rows; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<analysis::OperatorAverage> m_rows;
};

} // namespace strata::widgets
