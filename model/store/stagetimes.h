#pragma once
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace strata::store {

// Where a load's time goes, stage by stage (scan, parse, merge, the finalizer's steps), so
// a benchmark and the docs can say which stage holds the cores and which one waits.
// Measured around whole batches and steps, never per event, so it costs nothing measurable
// and is always on. Per stage: the threads it ran on, its wall time
// (first start to last end), its busy time summed over those threads, the time its threads
// waited for another stage (an empty or full queue), and how many units (batches, groups)
// it did. busy <= wall x threads by construction. Thread-safe: workers add their own figures;
// a result carries the plain stages() copy.
class StageTimes {
public:
    using Clock = std::chrono::steady_clock;

    struct Stage {
        std::string name;
        unsigned threads = 1;
        double wallSeconds = 0;
        double busySeconds = 0;
        double waitedSeconds = 0;
        uint64_t count = 0;
    };

    // Adds to the stage `name` (created on first use, in that order): busy and waited time
    // and units are summed; the wall spans from the earliest start to the latest end given.
    void add(const std::string& name, Clock::time_point start, Clock::time_point end, double busySeconds,
        double waitedSeconds, uint64_t count, unsigned threads = 1);
    std::vector<Stage> stages() const;

    // The calling thread's CPU seconds so far: busy time is measured in it, so that on a
    // shared machine a stage's busy figure is its own work, not the time other processes
    // held the core (wall and waited stay steady_clock).
    static double threadCpuSeconds();
    static double seconds(Clock::time_point a, Clock::time_point b)
    {
        return std::chrono::duration<double>(b - a).count();
    }

private:
    struct Entry {
        Stage stage;
        Clock::time_point first, last;
    };
    mutable std::mutex m_mutex;
    std::vector<Entry> m_entries;
};

} // namespace strata::store
