#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <memory>
#include <vector>

namespace strata::model {
class Comparison;
class Selection;
} // namespace strata::model

namespace strata::widgets {

// Highlights Compare rows in both timelines: each side's Selection gets the slices whose key
// at the level is one of that side's keys (several raw names may merge into one row), on the
// scope's tracks, starting in that side's window. Collected off the GUI thread; a newer
// request drops the one under way. A side without the operator (added, removed) gets no
// highlight rather than an empty one, and a highlight someone else set since is left alone.
class CompareHighlighter : public QObject {
    Q_OBJECT
public:
    explicit CompareHighlighter(model::Comparison* comparison, QObject* parent = nullptr);

    struct Side {
        std::shared_ptr<const store::EventStore> store;
        std::shared_ptr<const analysis::OperatorCatalog> catalog;
        std::vector<uint32_t> keys;
        store::TimeRange window;
    };
    void highlight(Side a, Side b, analysis::OperatorLevel level, analysis::OperatorScope scope, const QString& label);
    // Drops a request under way and takes back the highlights this set.
    void clear();

signals:
    void applied(); // both sides' highlights are set for the last request

private:
    using RowSet = std::shared_ptr<const std::vector<store::SliceRow>>;
    void apply(model::Selection* selection, const RowSet& rows, RowSet& own, const QString& label);

    model::Comparison* m_comparison;
    model::LatestJob m_job;
    RowSet m_ownA, m_ownB; // what this last set on each side
};

} // namespace strata::widgets
