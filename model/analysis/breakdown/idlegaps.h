#pragma once
#include "breakdowntimes.h"
#include "intervalset.h"

#include <cstdint>
#include <vector>

namespace strata::analysis {

// The idle gaps of one engine with their causes, as Holistic Trace Analysis's
// get_idle_time_breakdown decides them: the work is taken in start order and each gap
// between the end of what ran before and the start of the next work is
//  1. host wait when the next work's launch (its runtime call) starts after that end,
//  2. else kernel wait when the gap is shorter than the threshold,
//  3. else other;
// tested in that order, as HTA does. Work without a launch is never host wait. Strata takes
// "what ran before" as the latest end so far, not just the previous item's, so work that
// overlaps on one engine (overflow lanes) leaves no negative gap (HTA would add it); the gaps
// are then the holes of the union of the engine's work, which the index keeps anyway, so a
// gap costs one byte (its host-wait flag) and 1.5 bytes of blocked prefix sums. A zero-length
// item inside a gap does not split it (HTA's would).
// A window clips the gaps (a gap keeps the cause of its full length). Queries at the built
// threshold are binary searches; another threshold scans the gaps inside the window.
class IdleGaps {
public:
    static constexpr store::TimeNs kNoLaunch = INT64_MIN;
    struct Work {
        store::TimeNs start = 0;
        store::TimeNs end = 0;
        store::TimeNs launch = kNoLaunch; // when the host call that launched it started
    };

    IdleGaps() = default;
    // `union_`: the union of the engine's work; `work` its items sorted by start.
    IdleGaps(const IntervalSet& union_, const std::vector<Work>& work, store::TimeNs thresholdNs);
    // The same, the union made from `work` (sorted by start).
    IdleGaps(const std::vector<Work>& work, store::TimeNs thresholdNs);

    IdleCauses measure(store::TimeRange window, store::TimeNs thresholdNs) const;
    store::TimeNs threshold() const { return m_threshold; }
    size_t size() const { return m_hostWait.size(); }
    // The flags and prefix sums; the union belongs to the engine's WorkIntervals.
    size_t residentBytes() const;

private:
    enum Cause : uint8_t { HostWait, KernelWait, Other };
    static constexpr size_t kBlock = 16;

    store::TimeNs gapStart(size_t gap) const { return m_union.at(gap).end; }
    store::TimeNs gapEnd(size_t gap) const { return m_union.at(gap + 1).start; }
    Cause causeOf(size_t gap, store::TimeNs thresholdNs) const;
    static void add(IdleCauses& to, Cause c, store::TimeNs ns);
    IdleCauses prefix(size_t gap) const; // of gaps [0, gap) at m_threshold

    store::TimeNs m_threshold = 0;
    IntervalSet m_union; // shared with the engine's work: gap i lies between its intervals i and i + 1
    std::vector<uint8_t> m_hostWait; // per gap
    std::vector<IdleCauses> m_blockPrefix; // every kBlock gaps: [k] = gaps [0, k * kBlock) by cause
};

} // namespace strata::analysis
