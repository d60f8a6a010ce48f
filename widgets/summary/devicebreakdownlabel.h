#pragma once
#include <analysis/summary/summaryresult.h>

#include <QLabel>

namespace strata::widgets {

// The summaries' breakdown lines: per device of the Device scope, where its time in the
// window went, "compute 8 % · communication 45 % (4 % overlapped) · idle 49 %"
// (analysis::BreakdownShares, the text `strata-cli summary` prints under each device), its
// name first when the profile has several. A narrow dock wraps between the parts, never
// inside one. The tooltip gives each part's time and says what the shares are of. Hidden
// while the scope has no per-device breakdown (no device tracks, or the breakdown index is
// not built yet). The Compare summary shows one per side.
class DeviceBreakdownLabel : public QLabel {
    Q_OBJECT
public:
    explicit DeviceBreakdownLabel(QWidget* parent = nullptr);

    void setScope(const analysis::DeviceScope& scope);
    // While two profiles are compared: which one ("A", "B") the lines are of, said first.
    void setSide(const QString& side);
    // The lines as plain text, one per device (for tests and Copy).
    QString plainText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    QString name(const analysis::DeviceBusyRow& device) const; // what a line opens with
    std::vector<analysis::DeviceBusyRow> m_devices;
    QString m_side;
};

} // namespace strata::widgets
