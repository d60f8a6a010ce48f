#include "pairmetricscomputer.h"

#include <analysis/operators/operatoraggregator.h>
#include <analysis/summary/summarycalculator.h>

namespace strata::widgets {

using MetricsPtr = std::shared_ptr<const PairMetrics>;

PairMetricsComputer::PairMetricsComputer(QObject* parent)
    : QObject(parent)
{
}

void PairMetricsComputer::setAnalysis(std::shared_ptr<const store::EventStore> store,
    std::shared_ptr<const analysis::SummaryIndex> index, std::shared_ptr<const analysis::OperatorCatalog> catalog,
    std::shared_ptr<analysis::LazyIndexes> indexes)
{
    const bool changed = store != m_store || catalog != m_catalog;
    if (indexes ? indexes != m_indexes : changed || !m_ownIndexes) {
        if (m_indexes && m_ownIndexes)
            m_indexes->abandon(); // a build for the old profile stops
        m_ownIndexes = !indexes;
        m_indexes = indexes ? std::move(indexes) : std::make_shared<analysis::LazyIndexes>(store);
    }
    m_store = std::move(store);
    m_index = std::move(index);
    m_catalog = std::move(catalog);
    cancel();
}

bool PairMetricsComputer::hasOperatorIndex() const
{
    return m_catalog && m_indexes && m_indexes->peek<analysis::OperatorWindowIndex>();
}

void PairMetricsComputer::cancel()
{
    m_job.cancel();
    m_pending = false;
}

bool PairMetricsComputer::addOperators(PairMetrics& m, const store::EventStore& store,
    const analysis::OperatorCatalog& catalog, const std::atomic<bool>* stop)
{
    // A slice belongs to the operator table's window when it starts in [start, end); the
    // later marker's own instant is included, as the summary includes it.
    analysis::OperatorTable table = analysis::OperatorAggregator::aggregate(store, catalog, analysis::OperatorLevel::Op,
        { m.window.start, m.window.end + 1 }, analysis::OperatorAggregator::defaultScope(catalog), stop);
    if (stop && stop->load())
        return false;
    m.hasOperators = true;
    m.operatorBusyNs = table.busyNs;
    if (table.rows.size() > kTopOperators)
        table.rows.resize(kTopOperators);
    m.topOperators = std::move(table.rows);
    return true;
}

void PairMetricsComputer::addOperators(PairMetrics& m, const store::EventStore& store,
    const analysis::OperatorCatalog& catalog, const analysis::OperatorWindowIndex& index)
{
    // The window as the aggregator is asked above.
    const analysis::OperatorWindowIndex::Result r
        = index.query(store, catalog, { m.window.start, m.window.end + 1 }, kTopOperators);
    m.hasOperators = true;
    m.operatorBusyNs = r.busyNs;
    m.topOperators.clear();
    for (const analysis::OperatorWindowIndex::Row& in : r.rows) {
        analysis::OperatorRow row;
        row.key = in.key;
        row.name = std::string(analysis::OperatorWindowIndex::keyName(catalog, in.key));
        row.count = in.count;
        row.totalNs = in.totalNs;
        row.selfNs = in.selfNs;
        row.avgNs = double(in.totalNs) / double(in.count);
        row.percent = r.busyNs > 0 ? 100.0 * double(in.selfNs) / double(r.busyNs) : 0.0;
        row.fusedMembers = catalog.fusedMembers(in.key);
        m.topOperators.push_back(std::move(row));
    }
}

PairMetrics PairMetricsComputer::compute(const store::EventStore& store, const analysis::SummaryIndex& index,
    const analysis::OperatorCatalog* catalog, store::TimeRange window)
{
    PairMetrics m;
    m.window = window;
    m.summary = analysis::SummaryCalculator::compute(store, index, window);
    if (catalog)
        addOperators(m, store, *catalog);
    return m;
}

void PairMetricsComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    cancel();
    m_pending = true;
    m_job.run(
        this,
        [store = m_store, index = m_index, window](const std::atomic<bool>&) {
            auto partial = std::make_shared<PairMetrics>();
            partial->window = window;
            partial->summary = analysis::SummaryCalculator::compute(*store, *index, window);
            return MetricsPtr(std::move(partial));
        },
        [this, store = m_store, catalog = m_catalog, indexes = m_indexes](const MetricsPtr& partial) {
            emit ready(partial);
            if (!catalog) {
                m_pending = false;
                return;
            }
            m_job.run(
                this,
                [store, catalog, indexes, partial](const std::atomic<bool>& stop) -> MetricsPtr {
                    auto full = std::make_shared<PairMetrics>(*partial);
                    analysis::IndexSet built;
                    built.set(catalog);
                    // Built without this request's flag: a newer request waits for it and
                    // reads it, so only a new profile stops it.
                    if (const auto ops = indexes->get<analysis::OperatorWindowIndex>(built)) {
                        if (stop.load())
                            return nullptr;
                        addOperators(*full, *store, *catalog, *ops);
                        return full;
                    }
                    return addOperators(*full, *store, *catalog, &stop) ? MetricsPtr(std::move(full)) : nullptr;
                },
                [this](const MetricsPtr& full) {
                    m_pending = false;
                    if (full)
                        emit ready(full);
                });
        });
}

} // namespace strata::widgets
