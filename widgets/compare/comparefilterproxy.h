#pragma once
#include <analysis/compare/comparerow.h>

#include <QSortFilterProxyModel>

#include <optional>

namespace strata::widgets {

// Sorting and filtering of the Compare table (a CompareTableModel): a row passes when its
// name or one of the raw names merged into it contains the text (case-insensitive), and its
// status is the one asked for (any when none). Sorts by CompareTableModel::SortRole.
class CompareFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CompareFilterProxy(QObject* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text; }
    void setStatus(std::optional<analysis::CompareStatus> status);
    std::optional<analysis::CompareStatus> status() const { return m_status; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
    std::optional<analysis::CompareStatus> m_status;
};

} // namespace strata::widgets
