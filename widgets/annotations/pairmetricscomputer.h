#pragma once
#include "pairmetrics.h"

#include <store/eventstore.h>
#include <store/operatorcatalog.h>
#include <store/summaryindex.h>

#include <QObject>

#include <atomic>
#include <memory>

namespace strata::widgets {

// Computes PairMetrics on the background pool, off the GUI thread, in two steps: the
// summary (a few binary searches per track level, well under a millisecond on a 10M-event
// trace) arrives first, then the top operators, which visit every slice that starts in the
// interval (about 0.1 s for the whole of a 10M-event trace). Every request and every new
// profile bumps a generation: results that are not the latest are dropped, and the
// operator pass of a superseded request stops early.
class PairMetricsComputer : public QObject {
    Q_OBJECT
public:
    static constexpr size_t kTopOperators = 8;

    explicit PairMetricsComputer(QObject* parent = nullptr);

    // The catalog may be null (no operators then); without store and index nothing runs.
    void setAnalysis(std::shared_ptr<const store::EventStore> store, std::shared_ptr<const store::SummaryIndex> index,
        std::shared_ptr<const store::OperatorCatalog> catalog);
    bool canCompute() const { return m_store && m_index; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }

    // Absolute; ignored when !canCompute(). ready() follows once with the summary (no
    // operators yet) and once more with everything, when there is a catalog.
    void request(store::TimeRange window);
    void cancel(); // whatever runs now stops or is dropped
    bool isBusy() const { return m_pending; } // the complete result has not arrived yet

    // The same numbers, computed on the calling thread.
    static PairMetrics compute(const store::EventStore& store, const store::SummaryIndex& index,
        const store::OperatorCatalog* catalog, store::TimeRange window);
    // The operator step alone; false when `stop` was raised on the way.
    static bool addOperators(PairMetrics& m, const store::EventStore& store, const store::OperatorCatalog& catalog,
        const std::atomic<bool>* stop = nullptr);

signals:
    void ready(std::shared_ptr<const strata::widgets::PairMetrics> metrics);

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const store::SummaryIndex> m_index;
    std::shared_ptr<const store::OperatorCatalog> m_catalog;
    std::shared_ptr<std::atomic<bool>> m_stop; // of the request under way
    quint64 m_generation = 0;
    bool m_pending = false;
};

} // namespace strata::widgets
