#pragma once
#include <QAbstractTableModel>

namespace strata::widgets {

// A table whose first column names a row (an operator, a statistic) and whose other
// columns are numbers: names left-aligned and numbers right-aligned, in the cells and the
// headers alike. SortRole gives a cell's raw value, so numbers sort as numbers.
class NumberTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;

    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    NumberTableModel(int columns, QObject* parent);
    virtual QString columnTitle(int column) const = 0;
    static QVariant alignment(int column); // Qt::TextAlignmentRole of a column's cells

private:
    int m_columns;
};

} // namespace strata::widgets
