#pragma once
#include "breakdowntimes.h"

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
// overlaps on one engine (overflow lanes) leaves no negative gap (HTA would add it).
// Gaps are disjoint and sorted; a window clips them (a gap keeps the cause of its full
// length). Queries at the built threshold are binary searches; another threshold scans the
// gaps inside the window. About 18 bytes per gap.
class IdleGaps {
public:
    static constexpr store::TimeNs kNoLaunch = INT64_MIN;
    struct Work {
        store::TimeNs start = 0;
        store::TimeNs end = 0;
        store::TimeNs launch = kNoLaunch; // when the host call that launched it started
    };

    IdleGaps() = default;
    // `work` sorted by start.
    IdleGaps(const std::vector<Work>& work, store::TimeNs thresholdNs);

    IdleCauses measure(store::TimeRange window, store::TimeNs thresholdNs) const;
    store::TimeNs threshold() const { return m_threshold; }
    size_t size() const { return m_start.size(); }
    size_t residentBytes() const;

private:
    enum Cause : uint8_t { HostWait, KernelWait, Other };
    Cause causeOf(size_t gap, store::TimeNs thresholdNs) const;
    static void add(IdleCauses& to, Cause c, store::TimeNs ns);

    store::TimeNs m_threshold = 0;
    std::vector<store::TimeNs> m_start, m_end;
    std::vector<uint8_t> m_hostWait;
    // Every kBlock gaps: [k] = total length of gaps [0, k * kBlock) by cause at m_threshold.
    static constexpr size_t kBlock = 16;
    std::vector<IdleCauses> m_blockPrefix;
    IdleCauses prefix(size_t gap) const; // of gaps [0, gap) at m_threshold
};

} // namespace strata::analysis
