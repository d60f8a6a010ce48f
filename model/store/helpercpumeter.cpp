#include "helpercpumeter.h"
#include "stagetimes.h"

#include <algorithm>

namespace strata::store {

namespace {
thread_local HelperCpuMeter* t_current = nullptr;
} // namespace

HelperCpuMeter::HelperCpuMeter()
    : m_outer(t_current)
    , m_owner(std::this_thread::get_id())
{
    t_current = this;
}

HelperCpuMeter::~HelperCpuMeter()
{
    t_current = m_outer;
}

HelperCpuMeter* HelperCpuMeter::current()
{
    return t_current;
}

unsigned HelperCpuMeter::threads() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return 1 + unsigned(m_helpers.size());
}

void HelperCpuMeter::add(double seconds)
{
    m_ns.fetch_add(int64_t(seconds * 1e9));
    const std::thread::id self = std::this_thread::get_id();
    std::lock_guard<std::mutex> lock(m_mutex);
    if (self != m_owner && std::find(m_helpers.begin(), m_helpers.end(), self) == m_helpers.end())
        m_helpers.push_back(self);
}

HelperCpuMeter::Part::Part(HelperCpuMeter* meter, std::thread::id caller)
{
    if (!meter || std::this_thread::get_id() == caller)
        return;
    m_meter = meter;
    m_outer = t_current;
    t_current = meter; // the jobs this part starts are the stage's work too
    m_start = StageTimes::threadCpuSeconds();
}

HelperCpuMeter::Part::~Part()
{
    if (!m_meter)
        return;
    m_meter->add(StageTimes::threadCpuSeconds() - m_start);
    t_current = m_outer;
}

} // namespace strata::store
