#pragma once
#include <analysis/findings/findingthresholds.h>

#include <QDialog>

class QSettings;
class QTableWidget;

namespace strata::widgets {

// The findings rules' thresholds (analysis::FindingThresholds::specs()) as a table the user
// edits from the Findings dock: each threshold's meaning, unit, default and value; "Reset"
// puts every value back to its default. The values live in the settings under stable keys,
// "findings/thresholds/<key>" (a key of the table, "device-idle.idle_pct"), written only for
// values that differ from the default, so a default changed in a later release applies to
// every user who never set it.
class ThresholdsDialog : public QDialog {
    Q_OBJECT
public:
    static QString settingsKey(const char* key); // "findings/thresholds/<key>"
    // The thresholds saved in `settings` (values that do not parse, or are negative, are
    // left at their default).
    static analysis::FindingThresholds load(const QSettings& settings);
    static void save(QSettings& settings, const analysis::FindingThresholds& thresholds);

    ThresholdsDialog(const analysis::FindingThresholds& thresholds, QWidget* parent = nullptr);

    // What the table holds now (a cell that is no number ≥ 0 keeps the value it had).
    analysis::FindingThresholds thresholds() const;
    QTableWidget* table() const { return m_table; }
    void resetToDefaults();

private:
    enum Column { Key, Meaning, Default, Value, ColumnCount };

    analysis::FindingThresholds m_start;
    QTableWidget* m_table;
};

} // namespace strata::widgets
