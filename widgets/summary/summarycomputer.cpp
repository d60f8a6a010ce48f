#include "summarycomputer.h"

#include <analysis/summary/summarycalculator.h>

namespace strata::widgets {

using SummaryPtr = std::shared_ptr<const analysis::TraceSummary>;

SummaryComputer::SummaryComputer(QObject* parent)
    : QObject(parent)
{
}

void SummaryComputer::setAnalysis(std::shared_ptr<const store::EventStore> store,
    std::shared_ptr<const analysis::SummaryIndex> index, std::shared_ptr<const analysis::BreakdownIndex> breakdown)
{
    m_store = std::move(store);
    m_index = std::move(index);
    m_breakdown = std::move(breakdown);
    m_job.cancel(); // whatever is still running belongs to the previous profile
    m_pending = false;
}

void SummaryComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    m_pending = true;
    // The work owns references to the store and indexes: they outlive a profile switch.
    m_job.run(
        this,
        [store = m_store, index = m_index, breakdown = m_breakdown, window](const std::atomic<bool>&) -> SummaryPtr {
            return std::make_shared<const analysis::TraceSummary>(
                analysis::SummaryCalculator::compute(*store, *index, window, breakdown.get()));
        },
        [this](SummaryPtr summary) {
            m_pending = false;
            emit ready(std::move(summary));
        });
}

} // namespace strata::widgets
