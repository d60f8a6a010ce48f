#include "workpool.h"
#include "helpercpumeter.h"

#include <algorithm>
#include <atomic>

namespace strata::store {

// One call's slots. `next` hands them out (the caller's own thread included); `finished`
// counts those run, under `mutex`, so that the caller, which owns the Job on its stack,
// returns only after the last pool thread that ran a slot has let go of it. A slot run on a
// thread other than the caller's counts toward the caller's HelperCpuMeter, if it has one
// (a stage's busy figure summed over every thread its work ran on).
struct WorkPool::Job {
    void (*call)(void*, unsigned);
    void* context;
    unsigned count;
    HelperCpuMeter* meter = HelperCpuMeter::current();
    std::thread::id caller = std::this_thread::get_id();
    std::atomic<unsigned> next { 1 }; // slot 0 is the caller's
    std::mutex mutex;
    std::condition_variable done;
    unsigned finished = 0;

    void runSlot(unsigned s)
    {
        {
            const HelperCpuMeter::Part part(meter, caller); // counted before the caller can return
            call(context, s);
        }
        std::lock_guard<std::mutex> lock(mutex);
        if (++finished == count)
            done.notify_one();
    }
};

WorkPool& WorkPool::instance(unsigned workers)
{
    static WorkPool* const pool = new WorkPool(workers);
    return *pool;
}

WorkPool::WorkPool(unsigned workers)
{
    m_threads.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) {
        m_threads.emplace_back([this] { work(); });
        m_threads.back().detach();
    }
}

void WorkPool::run(unsigned count, void (*call)(void*, unsigned), void* context)
{
    if (count == 0)
        return;
    Job job;
    job.call = call;
    job.context = context;
    job.count = count;
    const bool shared = count > 1 && !m_threads.empty();
    if (shared) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_queue.push_back(&job);
        }
        if (count - 1 >= m_threads.size())
            m_wake.notify_all();
        else
            for (unsigned i = 1; i < count; ++i)
                m_wake.notify_one();
    }
    job.runSlot(0);
    for (unsigned s; (s = job.next.fetch_add(1)) < count;)
        job.runSlot(s);
    if (shared) {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = std::find(m_queue.begin(), m_queue.end(), &job);
        if (it != m_queue.end())
            m_queue.erase(it);
    }
    std::unique_lock<std::mutex> lock(job.mutex);
    job.done.wait(lock, [&] { return job.finished == job.count; });
}

void WorkPool::work()
{
    for (;;) {
        Job* job = nullptr;
        unsigned slot = 0;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] {
                while (!m_queue.empty()) {
                    Job* front = m_queue.front();
                    slot = front->next.fetch_add(1);
                    if (slot < front->count) {
                        job = front;
                        return true;
                    }
                    m_queue.pop_front(); // every slot is claimed; its caller waits for them
                }
                return false;
            });
        }
        job->runSlot(slot);
    }
}

} // namespace strata::store
