#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace strata::store {

// How the store spreads one job over cores with plain std::threads (it has no Qt, so no
// thread pool): a fixed number of parts, or items taken in order from a shared counter so
// the biggest, queued first, start first. The calling thread always does a share, so a
// job on one thread starts no thread at all.
class Parallel {
public:
    // `requested` threads, or when it is 0 as many as there are cores, at most `cap`.
    static unsigned threads(unsigned requested, unsigned cap)
    {
        return requested ? requested : std::max(1u, std::min(cap, std::thread::hardware_concurrency()));
    }

    // Runs fn(part) for part in [0, parts) on `parts` threads; the caller runs part 0.
    template <typename Fn> static void parts(unsigned parts, Fn fn)
    {
        std::vector<std::thread> pool;
        pool.reserve(parts > 1 ? parts - 1 : 0);
        for (unsigned p = 1; p < parts; ++p)
            pool.emplace_back(fn, p);
        fn(0u);
        for (std::thread& t : pool)
            t.join();
    }

    // Runs f(i, worker) for i in [0, n) on the caller (worker 0) and up to threads - 1
    // helpers, never more threads than items.
    template <typename F> static void forEach(size_t n, unsigned threads, F&& f)
    {
        std::atomic<size_t> next { 0 };
        auto work = [&](unsigned worker) {
            for (size_t i; (i = next.fetch_add(1)) < n;)
                f(i, worker);
        };
        std::vector<std::thread> helpers;
        for (unsigned k = 1; k < threads && k < n; ++k)
            helpers.emplace_back(work, k);
        work(0);
        for (std::thread& t : helpers)
            t.join();
    }
};

} // namespace strata::store
