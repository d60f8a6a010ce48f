#include "stagetimes.h"

#include <algorithm>

#include <time.h>

namespace strata::store {

void StageTimes::add(const std::string& name, Clock::time_point start, Clock::time_point end, double busySeconds,
    double waitedSeconds, uint64_t count, unsigned threads)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.stage.name == name; });
    if (it == m_entries.end()) {
        Entry e;
        e.stage.name = name;
        e.first = start;
        e.last = end;
        m_entries.push_back(e);
        it = m_entries.end() - 1;
    }
    Stage& s = it->stage;
    it->first = std::min(it->first, start);
    it->last = std::max(it->last, end);
    s.threads = std::max(s.threads, threads);
    s.wallSeconds = seconds(it->first, it->last);
    // Busy CPU time is spent inside [start, end]: clamp clock granularity so the invariant holds.
    s.busySeconds = std::min(s.busySeconds + busySeconds, s.wallSeconds * s.threads);
    s.waitedSeconds += waitedSeconds;
    s.count += count;
}

double StageTimes::threadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::vector<StageTimes::Stage> StageTimes::stages() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<Stage> out;
    out.reserve(m_entries.size());
    for (const Entry& e : m_entries)
        out.push_back(e.stage);
    return out;
}

} // namespace strata::store
