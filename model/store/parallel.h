#pragma once
#include "workpool.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>

namespace strata::store {

// How the store and the analyses spread one job over cores, on the few persistent threads
// of WorkPool (the store has no Qt, so not Qt's pool): a fixed number of parts, or items
// taken in order from a shared counter so the biggest, queued first, start first. The
// calling thread always does a share and takes back what no pool thread has started, so a
// job on one thread starts no thread at all, and a call made inside another job's part,
// or from several BackgroundPool threads at once, shares the same pool threads instead of
// multiplying them: a process never runs more than kMaxThreads - 1 of them, beside the
// threads that called.
class Parallel {
public:
    // The most threads one job uses, the caller's included: past four, the finalizer's,
    // aggregator's and indexes' passes over the store's columns stop getting faster (they
    // are bound by memory bandwidth), and the GUI keeps cores for painting.
    static constexpr unsigned kMaxThreads = 4;
    // For jobs whose parts are short or whose results are merged afterwards (search,
    // source index, the compare sides): past two, starting and merging parts costs more
    // than it wins.
    static constexpr unsigned kLightThreads = 2;

    // `requested` threads, or when it is 0 as many as there are cores, at most `cap`.
    static unsigned threads(unsigned requested, unsigned cap)
    {
        return requested ? requested : std::max(1u, std::min(cap, std::thread::hardware_concurrency()));
    }

    // Runs fn(part) for part in [0, parts), each part once, on the caller and the pool's
    // threads; the caller runs part 0. Parts may run one after another, so a part must not
    // wait for another.
    template <typename Fn> static void parts(unsigned parts, Fn fn)
    {
        if (parts <= 1) {
            if (parts == 1)
                fn(0u);
            return;
        }
        auto slot = [&fn](unsigned p) { fn(p); };
        pool().run(parts, slot);
    }

    // Runs f(i, worker) for i in [0, n) on the caller (worker 0) and up to threads - 1
    // other workers, never more workers than items. Each worker number is used by one
    // thread at a time, so per-worker scratch indexed by it needs no lock.
    template <typename F> static void forEach(size_t n, unsigned threads, F&& f)
    {
        std::atomic<size_t> next { 0 };
        auto work = [&](unsigned worker) {
            for (size_t i; (i = next.fetch_add(1)) < n;)
                f(i, worker);
        };
        const unsigned workers = unsigned(std::min<size_t>(std::max(1u, threads), std::max<size_t>(1, n)));
        if (workers == 1)
            work(0);
        else
            pool().run(workers, work);
    }

private:
    static WorkPool& pool() { return WorkPool::instance(threads(0, kMaxThreads) - 1); }
};

} // namespace strata::store
