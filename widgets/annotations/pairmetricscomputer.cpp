#include "pairmetricscomputer.h"

#include <common/backgroundpool.h>

#include <store/operatoraggregator.h>
#include <store/summarycalculator.h>

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace strata::widgets {

using MetricsPtr = std::shared_ptr<const PairMetrics>;

PairMetricsComputer::PairMetricsComputer(QObject* parent)
    : QObject(parent)
{
}

void PairMetricsComputer::setAnalysis(std::shared_ptr<const store::EventStore> store,
    std::shared_ptr<const store::SummaryIndex> index, std::shared_ptr<const store::OperatorCatalog> catalog)
{
    m_store = std::move(store);
    m_index = std::move(index);
    m_catalog = std::move(catalog);
    cancel();
}

void PairMetricsComputer::cancel()
{
    ++m_generation;
    m_pending = false;
    if (m_stop)
        m_stop->store(true);
    m_stop.reset();
}

bool PairMetricsComputer::addOperators(PairMetrics& m, const store::EventStore& store,
    const store::OperatorCatalog& catalog, const std::atomic<bool>* stop)
{
    // A slice belongs to the operator table's window when it starts in [start, end); the
    // later marker's own instant is included, as the summary includes it.
    store::OperatorTable table = store::OperatorAggregator::aggregate(store, catalog, store::OperatorLevel::Op,
        { m.window.start, m.window.end + 1 }, store::OperatorAggregator::defaultScope(catalog), stop);
    if (stop && stop->load())
        return false;
    m.hasOperators = true;
    m.operatorBusyNs = table.busyNs;
    if (table.rows.size() > kTopOperators)
        table.rows.resize(kTopOperators);
    m.topOperators = std::move(table.rows);
    return true;
}

PairMetrics PairMetricsComputer::compute(const store::EventStore& store, const store::SummaryIndex& index,
    const store::OperatorCatalog* catalog, store::TimeRange window)
{
    PairMetrics m;
    m.window = window;
    m.summary = store::SummaryCalculator::compute(store, index, window);
    if (catalog)
        addOperators(m, store, *catalog);
    return m;
}

void PairMetricsComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    cancel();
    const quint64 generation = m_generation;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_pending = true;
    auto* watcher = new QFutureWatcher<MetricsPtr>(this);
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this, [this, watcher, generation](int i) {
        if (generation == m_generation && watcher->resultAt(i))
            emit ready(watcher->resultAt(i));
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            m_pending = false;
    });
    watcher->setFuture(QtConcurrent::run(BackgroundPool::instance(),
        [store = m_store, index = m_index, catalog = m_catalog, stop = m_stop, window](QPromise<MetricsPtr>& promise) {
            BackgroundPool::lowerCurrentThread();
            auto partial = std::make_shared<PairMetrics>();
            partial->window = window;
            partial->summary = store::SummaryCalculator::compute(*store, *index, window);
            promise.addResult(partial);
            if (!catalog)
                return;
            auto full = std::make_shared<PairMetrics>(*partial);
            if (addOperators(*full, *store, *catalog, stop.get()))
                promise.addResult(std::move(full));
        }));
}

} // namespace strata::widgets
