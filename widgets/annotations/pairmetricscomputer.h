#pragma once
#include "pairmetrics.h"

#include <analysis/indexes/lazyindexes.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/operators/operatorwindowindex.h>
#include <analysis/summary/summaryindex.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <atomic>
#include <memory>

namespace strata::widgets {

// Computes PairMetrics on the background pool, off the GUI thread, in two steps: the
// summary (a few binary searches per track level, well under a millisecond on a 10M-event
// trace) arrives first, then the top operators from an OperatorWindowIndex (op level,
// default scope; under a millisecond for any interval of a 10M-event trace). That index is a
// lazy index of the profile (analysis::LazyIndexes): the first request builds it on its
// worker (40–70 ms for 10M events) and it is kept for the next ones; a request that arrives
// meanwhile waits for the same build.
// Every request and every new profile cancels the one before (LatestJob): results that are
// not the latest are dropped.
class PairMetricsComputer : public QObject {
    Q_OBJECT
public:
    static constexpr size_t kTopOperators = 8;

    explicit PairMetricsComputer(QObject* parent = nullptr);

    // The catalog may be null (no operators then); without store and index nothing runs.
    // `indexes`: the profile's lazy indexes (the session's); null: a set of its own, made anew
    // for every other store or catalog.
    void setAnalysis(std::shared_ptr<const store::EventStore> store,
        std::shared_ptr<const analysis::SummaryIndex> index, std::shared_ptr<const analysis::OperatorCatalog> catalog,
        std::shared_ptr<analysis::LazyIndexes> indexes = nullptr);
    bool canCompute() const { return m_store && m_index; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }

    // Absolute; ignored when !canCompute(). ready() follows once with the summary (no
    // operators yet) and once more with everything, when there is a catalog.
    void request(store::TimeRange window);
    void cancel(); // whatever runs now stops or is dropped
    bool isBusy() const { return m_pending; } // the complete result has not arrived yet
    bool hasOperatorIndex() const; // built by an earlier request for this profile

    // The same numbers, computed on the calling thread by OperatorAggregator (no index).
    static PairMetrics compute(const store::EventStore& store, const analysis::SummaryIndex& index,
        const analysis::OperatorCatalog* catalog, store::TimeRange window);
    // The operator step alone, by OperatorAggregator; false when `stop` was raised on the way.
    static bool addOperators(PairMetrics& m, const store::EventStore& store, const analysis::OperatorCatalog& catalog,
        const std::atomic<bool>* stop = nullptr);
    // The same step from an index built (op level, default scope) over this store and catalog.
    static void addOperators(PairMetrics& m, const store::EventStore& store, const analysis::OperatorCatalog& catalog,
        const analysis::OperatorWindowIndex& index);

signals:
    void ready(std::shared_ptr<const strata::widgets::PairMetrics> metrics);

private:
    std::shared_ptr<analysis::LazyIndexes> m_indexes; // where the OperatorWindowIndex is kept
    bool m_ownIndexes = false; // m_indexes is not the session's: abandoned with its store
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::SummaryIndex> m_index;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    model::LatestJob m_job; // the request under way: its summary step, then its operator step
    bool m_pending = false;
};

} // namespace strata::widgets
