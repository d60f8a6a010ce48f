#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace strata::store {

// Adds up, while alive, the CPU time that other threads spend on the Parallel jobs started
// by the thread that made it (their parts and items, and the jobs those start in turn), so
// a StageTimes stage whose work a callee spreads over the pool can report busy time summed
// over every thread it ran on, as the stages that run their own workers do (the finalizer's
// flows: FlowBinder binds v1 and v2 flows in two parts and v1's threads over the cores). The
// starting thread's own share is not counted: its CPU clock (StageTimes::threadCpuSeconds)
// has it. Meters nest; the innermost on a thread counts. Costs two clock reads per part or
// worker run elsewhere, nothing while no meter is alive (WorkPool asks current() when a job
// starts and wraps each slot a pool thread runs in a Part).
class HelperCpuMeter {
public:
    HelperCpuMeter();
    ~HelperCpuMeter();
    HelperCpuMeter(const HelperCpuMeter&) = delete;
    HelperCpuMeter& operator=(const HelperCpuMeter&) = delete;

    // The other threads' CPU seconds so far.
    double seconds() const { return double(m_ns.load()) * 1e-9; }
    // The threads the work ran on: the starting thread and every other that ran a part.
    unsigned threads() const;

    // The calling thread's meter: its innermost, or the one of the job it runs a part of; null
    // when none.
    static HelperCpuMeter* current();

    // Around one slot of a WorkPool job (a Parallel part, or one worker's run of a forEach's
    // items): when it runs on a
    // thread other than the job's `caller`, its CPU time goes to `meter`, and the jobs it
    // starts are metered too. Nothing when `meter` is null or this is the caller's thread.
    class Part {
    public:
        Part(HelperCpuMeter* meter, std::thread::id caller);
        ~Part();
        Part(const Part&) = delete;
        Part& operator=(const Part&) = delete;

    private:
        HelperCpuMeter* m_meter = nullptr; // null: not counted
        HelperCpuMeter* m_outer = nullptr;
        double m_start = 0;
    };

private:
    void add(double seconds);

    std::atomic<int64_t> m_ns { 0 };
    HelperCpuMeter* m_outer;
    std::thread::id m_owner;
    mutable std::mutex m_mutex;
    std::vector<std::thread::id> m_helpers; // distinct, other than m_owner
};

} // namespace strata::store
