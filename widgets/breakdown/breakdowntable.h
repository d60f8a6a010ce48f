#pragma once
#include <analysis/breakdown/breakdownresult.h>

#include <QTreeWidget>

#include <memory>

namespace strata::widgets {

// The Time Breakdown dock's numbers, the ones strata-cli breakdown prints: for all devices
// (when there are several), each device and, expandable under it, each engine, the span and
// its compute, communication (with the share overlapped by compute), memory, other and idle
// (an engine's split by cause: host wait, kernel wait, other; a device's causes are its
// engines' gaps summed, in a row of their own with shares of that sum), each as a duration
// and a percentage of the span. Memory, other and communication are unions of their own and
// may overlap, so their percentages need not add up to 100; under memory and other, the part
// the bar shows (while nothing ahead of them runs).
class BreakdownTable : public QTreeWidget {
    Q_OBJECT
public:
    enum Column { Part, Time, Share, ColumnCount };

    explicit BreakdownTable(QWidget* parent = nullptr);

    void setBreakdown(const analysis::RankBreakdown& breakdown);
    // The selected rows, "part\ttime\tshare" each, on the clipboard (Ctrl+C, the menu's Copy).
    void copySelection() const;
    // The text of a part ("compute", "idle", ...) under a top-level item; "" when absent.
    QString cell(int topLevel, const QString& part, int column) const;

private:
    // engines: how many engines the row unites (0 for an engine's own row).
    void addTimes(QTreeWidgetItem* parent, const analysis::BreakdownTimes& times, int engines);
};

} // namespace strata::widgets
