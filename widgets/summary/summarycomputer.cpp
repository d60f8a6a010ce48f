#include "summarycomputer.h"

#include <analysis/summary/summarycalculator.h>

#include <QFutureWatcher>
#include <state/backgroundpool.h>

namespace strata::widgets {

using SummaryPtr = std::shared_ptr<const analysis::TraceSummary>;

SummaryComputer::SummaryComputer(QObject* parent)
    : QObject(parent)
{
}

void SummaryComputer::setAnalysis(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::SummaryIndex> index)
{
    m_store = std::move(store);
    m_index = std::move(index);
    ++m_generation; // whatever is still running belongs to the previous profile
    m_pending = false;
}

void SummaryComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    const quint64 generation = ++m_generation;
    m_pending = true;
    ++m_inFlight;
    auto* watcher = new QFutureWatcher<SummaryPtr>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_inFlight;
        if (generation != m_generation) {
            ++m_dropped; // overtaken by a newer request or another profile
            return;
        }
        m_pending = false;
        emit ready(watcher->result());
    });
    // The lambda owns references to the store and index: they outlive a profile switch.
    watcher->setFuture(model::BackgroundPool::run([store = m_store, index = m_index, window]() -> SummaryPtr {
        return std::make_shared<const analysis::TraceSummary>(
            analysis::SummaryCalculator::compute(*store, *index, window));
    }));
}

} // namespace strata::widgets
