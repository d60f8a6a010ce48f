#pragma once
#include <analysis/summary/summaryresult.h>

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace strata::widgets {

// A two-level tree over one analysis::TraceSummary: its processes, and under each the rows of
// the summary (engines or counters, per subclass) that belong to it, in display order.
//
// A new summary with the same rows in the same processes (the same profile, another window)
// updates the model in place with dataChanged, so a view keeps its expanded groups,
// selection, sort order and scroll position while the user zooms and pans; anything else
// resets it.
class SummaryGroupModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers
        ValueRole, // the exact value of the summary field (invalid when absent)
        PercentRole, // 0–100 for PercentBarDelegate
        IdRole, // TrackId / CounterId of a row, invalid on process rows
        BarColorRole, // the engine's colour, for PercentBarDelegate
    };

    SummaryGroupModel(int columns, QObject* parent);

    void setSummary(std::shared_ptr<const analysis::TraceSummary> summary);
    const std::shared_ptr<const analysis::TraceSummary>& summary() const { return m_summary; }
    // Whether any row had a value in `column` since the rows last changed. Sticky while only
    // the window moves, so columns do not come and go as the user pans.
    bool columnHasData(int column) const;

    bool isProcessRow(const QModelIndex& index) const { return index.isValid() && index.internalId() == 0; }
    // The summary row (index into tracks or counters) of an index, or -1 on a process row.
    int summaryRow(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant data(const QModelIndex& index, int role) const override;

protected:
    struct Group {
        store::ProcessId process;
        QString label;
        std::vector<uint32_t> rows; // summary rows
    };

    // Of a row of the summary: its process and the process's label, and an identity (track
    // or counter id) that tells whether two summaries have the same rows.
    struct RowKey {
        store::ProcessId process;
        const std::string& processLabel;
        uint32_t identity;
    };
    // The rows of `s` this model lists, and what each is.
    virtual size_t rowsIn(const analysis::TraceSummary& s) const = 0;
    virtual RowKey keyOf(const analysis::TraceSummary& s, size_t row) const = 0;
    virtual QVariant rowData(const analysis::TraceSummary& s, size_t row, int column, int role) const = 0;
    virtual QVariant groupData(const analysis::TraceSummary& s, const Group& g, int column, int role) const = 0;

private:
    void regroup();
    void updateColumnsSeen(bool sticky);

    int m_columns;
    std::shared_ptr<const analysis::TraceSummary> m_summary;
    std::vector<Group> m_groups;
    std::vector<uint32_t> m_identity; // per summary row, to compare structures
    std::vector<bool> m_columnsSeen;
};

} // namespace strata::widgets
