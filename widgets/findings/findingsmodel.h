#pragma once
#include <analysis/findings/findingsengine.h>
#include <common/themepalette.h>
#include <store/eventstore.h>

#include <QAbstractItemModel>
#include <QIcon>

#include <memory>

namespace strata::widgets {

// The Findings dock's list (FindingsWidget): one top-level row per finding, in the order
// given (ranked by time at stake), with its severity icon and title, its value against the
// threshold it reached and its time at stake; under each, its evidence: the cause, what to
// try, the operators concerned and one row per time range (track, rank, start, length), so
// a click on a range row selects that range. Rows are read from the shown result, which the
// model shares and never changes. A value is laid out to break before its threshold only
// ("81.3 %" over "≥ 20 %" in a narrow column), and the icons take the theme's severity
// colours (setColors), the ones the timeline's finding bands draw with.
class FindingsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Title, Value, AtStake, ColumnCount };
    // What an evidence row is.
    enum class Kind { Finding, Cause, Action, Operators, Range };
    static constexpr int kRangeRole = Qt::UserRole + 1; // a Range row's index into its finding's ranges

    explicit FindingsModel(QObject* parent = nullptr);

    // `store`: whose tracks the ranges name; a null result empties the list.
    void setResult(
        std::shared_ptr<const analysis::FindingsResult> result, std::shared_ptr<const store::EventStore> store);
    const std::shared_ptr<const analysis::FindingsResult>& result() const { return m_result; }
    // The theme's colours for the severity icons (the application palette's until set).
    void setColors(const ThemePalette& colors);

    // The finding a row (either level) belongs to; -1 for none.
    static int findingOf(const QModelIndex& index);
    Kind kindOf(const QModelIndex& index) const;
    // The top-level index of finding `i`, and of its range `r`'s evidence row.
    QModelIndex findingIndex(int i) const;
    QModelIndex rangeIndex(int finding, int range) const;
    // "stream 7 (rank 3)": where a range lies.
    QString rangePlace(const analysis::FindingRange& r) const;
    QString trackName(const analysis::FindingRange& r) const; // "stream 7 (rank 3)"

    // The severity's icon, drawn: a badge filled with the theme's colour for the severity
    // (ThemePalette::severity), its mark in the text colour that reads on that fill.
    static QIcon severityIcon(analysis::FindingSeverity severity, const ThemePalette& colors);
    static QString valueText(const analysis::Finding& f); // "42.0 % ≥ 20 %"
    // As valueText, but for a line break before "≥" only (no-break spaces elsewhere).
    static QString wrappableValueText(const analysis::Finding& f);
    static QString formatNumber(double v, const std::string& unit);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // Evidence rows of a finding: cause, action, operators (when any), then its ranges.
    int fixedRows(const analysis::Finding& f) const { return f.operators.empty() ? 2 : 3; }
    QVariant findingData(const analysis::Finding& f, int column, int role) const;
    QVariant evidenceData(const analysis::Finding& f, int row, int column, int role) const;

    std::shared_ptr<const analysis::FindingsResult> m_result;
    std::shared_ptr<const store::EventStore> m_store;
    ThemePalette m_colors;
    QIcon m_icons[3]; // by severity, drawn with m_colors
};

} // namespace strata::widgets
