#include "jobprogress.h"

#include <algorithm>
#include <cmath>

namespace strata::importers::job {

JobProgress::JobProgress(std::function<void(double)> report, size_t members)
    : m_report(std::move(report))
    , m_fractions(members, 0.0)
{
}

void JobProgress::member(size_t index, double fraction)
{
    if (!m_report || index >= m_fractions.size())
        return;
    const std::lock_guard<std::mutex> lock(m_mutex);
    double& f = m_fractions[index];
    fraction = std::min(1.0, fraction);
    if (!(fraction > f)) // also drops NaN
        return;
    m_sum += fraction - f;
    f = fraction;
    const double total = m_sum / double(m_fractions.size());
    reportLocked(std::min(kSteps - 1, int(std::floor(total * kSteps + 1e-9))));
}

void JobProgress::finished()
{
    if (!m_report)
        return;
    const std::lock_guard<std::mutex> lock(m_mutex);
    reportLocked(kSteps);
}

// Under m_mutex, so that two threads' reports reach the callback in the order of their steps.
void JobProgress::reportLocked(int step)
{
    if (step <= m_last)
        return;
    m_last = step;
    m_report(double(step) / kSteps);
}

} // namespace strata::importers::job
