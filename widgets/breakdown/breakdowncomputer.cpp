#include "breakdowncomputer.h"

#include <analysis/breakdown/breakdowncalculator.h>

namespace strata::widgets {

using BreakdownPtr = std::shared_ptr<const analysis::RankBreakdown>;

BreakdownComputer::BreakdownComputer(QObject* parent)
    : QObject(parent)
{
}

void BreakdownComputer::setAnalysis(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::BreakdownIndex> index)
{
    m_store = std::move(store);
    m_index = std::move(index);
    m_job.cancel(); // whatever is still running belongs to the previous profile
    m_pending = false;
}

void BreakdownComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    m_pending = true;
    // The work owns references to the store and index: they outlive a profile switch.
    m_job.run(
        this,
        [store = m_store, index = m_index, window](const std::atomic<bool>&) -> BreakdownPtr {
            return std::make_shared<const analysis::RankBreakdown>(
                analysis::BreakdownCalculator::compute(*store, *index, window));
        },
        [this](BreakdownPtr breakdown) {
            m_pending = false;
            emit ready(std::move(breakdown));
        });
}

} // namespace strata::widgets
