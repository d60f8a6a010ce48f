#pragma once
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace strata::store {

// The process's few persistent threads for store::Parallel, started on first use and
// never stopped (the pool is never destroyed, so a job started during exit still finds
// it). A job is a number of slots, each run exactly once; the caller runs slot 0, idle
// pool threads take the others, and the caller takes back, in order, every slot no pool
// thread has started yet. So a job never waits on a slot that is not running, and a
// call from a pool thread (a parallel step inside another's part) or from many
// BackgroundPool threads at once adds no thread: at most workers() pool threads run,
// beside the callers themselves. A child process made by fork() has none of the pool's
// threads; its callers then run every slot themselves.
class WorkPool {
public:
    // The pool Parallel uses: `workers` threads, fixed at the first call.
    static WorkPool& instance(unsigned workers);

    unsigned workers() const { return unsigned(m_threads.size()); }

    // Runs slot(s) for s in [0, count) and returns when all have run. (`count`, never
    // `slots`: Qt defines that word as a macro, and Qt code includes this header.)
    template <typename Slot> void run(unsigned count, Slot& slot)
    {
        run(
            count, [](void* s, unsigned i) { (*static_cast<Slot*>(s))(i); }, &slot);
    }

private:
    struct Job;

    explicit WorkPool(unsigned workers);
    void run(unsigned count, void (*call)(void*, unsigned), void* context);
    void work();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job*> m_queue; // jobs with slots no thread has claimed yet, oldest first
    std::vector<std::thread> m_threads;
};

} // namespace strata::store
