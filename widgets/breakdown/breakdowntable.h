#pragma once
#include <analysis/breakdown/breakdownresult.h>

#include <QTreeWidget>

#include <memory>

namespace strata::widgets {

// The Time Breakdown dock's numbers, the ones strata-cli breakdown prints: for all devices
// (when there are several), each device and, expandable under it, each engine, the span and
// its compute, communication (with the share overlapped by compute), memory, other and idle
// (with its causes: host wait, kernel wait, other), each as a duration and a percentage of
// the span. Memory, other and communication are unions of their own and may overlap, so
// their percentages need not add up to 100.
class BreakdownTable : public QTreeWidget {
    Q_OBJECT
public:
    enum Column { Part, Time, Share, ColumnCount };

    explicit BreakdownTable(QWidget* parent = nullptr);

    void setBreakdown(const analysis::RankBreakdown& breakdown);
    // The text of a part ("compute", "idle", ...) under a top-level item; "" when absent.
    QString cell(int topLevel, const QString& part, int column) const;

private:
    void addTimes(QTreeWidgetItem* parent, const analysis::BreakdownTimes& times);
};

} // namespace strata::widgets
