#include "comparesummarycomputer.h"

#include <analysis/summary/summarycalculator.h>

namespace strata::widgets {

using ResultPtr = std::shared_ptr<const CompareSummaryComputer::Result>;

CompareSummaryComputer::CompareSummaryComputer(QObject* parent)
    : QObject(parent)
{
}

void CompareSummaryComputer::setInputs(Side a, Side b)
{
    m_a = std::move(a);
    m_b = std::move(b);
    cancel(); // whatever is still running belongs to the previous inputs
}

void CompareSummaryComputer::cancel()
{
    m_job.cancel();
    m_pending = false;
}

void CompareSummaryComputer::request(
    store::TimeRange aWindow, store::TimeRange bWindow, std::vector<analysis::EngineMatcher::Override> overrides)
{
    if (!canCompute())
        return;
    m_pending = true;
    // The work owns references to both stores and indexes: they outlive a profile switch.
    m_job.run(
        this,
        [a = m_a, b = m_b, aWindow, bWindow, overrides = std::move(overrides)](
            const std::atomic<bool>& cancel) -> ResultPtr {
            auto r = std::make_shared<Result>();
            r->a = std::make_shared<const analysis::TraceSummary>(
                analysis::SummaryCalculator::compute(*a.store, *a.index, aWindow, a.breakdown.get()));
            if (cancel.load())
                return nullptr;
            r->b = std::make_shared<const analysis::TraceSummary>(
                analysis::SummaryCalculator::compute(*b.store, *b.index, bWindow, b.breakdown.get()));
            if (cancel.load())
                return nullptr;
            r->pairs = analysis::EngineMatcher::match(*r->a, *r->b, overrides);
            return r;
        },
        [this](ResultPtr result) {
            if (!result)
                return;
            m_pending = false;
            emit ready(std::move(result));
        });
}

} // namespace strata::widgets
