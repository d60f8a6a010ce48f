#pragma once
#include <QTreeView>

class QFontMetrics;
class QSortFilterProxyModel;

namespace strata::widgets {

class SummaryGroupModel;

// One of a SummaryView's tables, the engines or the counters, over its group model: sorted
// by any column (trace order until the user sorts), process rows spanning the table, the
// first column taking the room the numbers leave. Copy and Copy Table put the rows on the
// clipboard as TSV with the process first.
class SummaryTable : public QTreeView {
    Q_OBJECT
public:
    SummaryTable(SummaryGroupModel* model, const QString& objectName, QWidget* parent);

    // Column widths by the numbers they show, with fm (the engines table's font: both
    // tables line up).
    void measureNames(const QFontMetrics& fm); // the first column's natural width
    int naturalNameWidth() const { return m_nameWidth; }
    // A number column as wide as `sample` or its header, whichever is wider.
    void fitColumn(const QFontMetrics& fm, int column, const QString& sample, int extra = 0);
    // Wider as its widest value needs; never narrower.
    void growColumn(const QFontMetrics& fm, int column, int extra);
    // The first column gets the room the numbers leave.
    void fitFirstColumn();

protected:
    bool viewportEvent(QEvent* event) override;

private:
    void showContextMenu(const QPoint& pos);
    void copyRows(bool all) const;

    SummaryGroupModel* m_model;
    QSortFilterProxyModel* m_proxy;
    int m_nameWidth = 0;
};

} // namespace strata::widgets
