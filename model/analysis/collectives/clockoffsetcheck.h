#pragma once
#include "collectiveresult.h"

#include <vector>

namespace strata::analysis {

// Tells when the ranks' clocks look offset from one another as a job is aligned now (issue
// 33: a job opens "as recorded" when the ranks' time ranges overlap, and a host whose clock
// reads 1.5 ms late then makes every other rank seem to wait 1.5 ms at every collective).
// A blocking collective releases every rank at nearly the same moment, so:
//  - each rank's offset is ClockAligner's by collective ends: the median, over the
//    collectives it shares with the reference (the first rank), of its end - the reference's;
//  - its spread is the median of |(its end - the reference's end) - its offset| over those
//    collectives: the median absolute deviation of the very sample its offset is the median
//    of, how far apart its ends and the reference's stay once aligned;
//  - a rank looks offset when it shares at least kMinCollectives with the reference, its
//    |offset| reaches the minimum (50 µs by default) and is at least `ratio` (10 by default)
//    times its spread. A real straggler arrives late but ends with the others (offset near
//    0); ranks on one clock end within microseconds (offset under the minimum); ends that
//    never agree (no blocking collectives, mismatched series) have a spread as large as any
//    offset and are left alone.
// It also sums the waits at the collectives as aligned now and once the offsets are taken
// away: the waits the offsets made up are the difference. No Qt; docs/cli.md has the rule.
// Suspected ranks told together (ClockOffsetCheck::groups).
struct ClockOffsetGroup {
    std::vector<uint32_t> indexes; // into the analysed ranks, ascending
    store::TimeNs offsetNs = 0; // the group's median offset
    store::TimeNs minNs = 0, maxNs = 0; // the range of its offsets
    bool shared = true; // one offset, as ranks of one host share; false: several told together
};

class ClockOffsetCheck {
public:
    static constexpr store::TimeNs kMinOffsetNs = 50000;
    static constexpr double kSpreadRatio = 10;
    static constexpr uint32_t kMinCollectives = 3;

    // collectives: matched over `rankCount` ranks (CollectiveMatcher::match), on the times as
    // aligned now.
    static ClockOffsetHint check(const std::vector<MatchedCollective>& collectives, size_t rankCount,
        store::TimeNs minOffsetNs = kMinOffsetNs, double spreadRatio = kSpreadRatio);

    // The suspected ranks in runs that share one offset (within a microsecond or four times
    // their spreads, whichever is larger), as ranks on one host's clock do; in offset order.
    // More runs than `most` (hosts each on a clock of its own) are told as one group of every
    // suspected rank, with the range of their offsets (shared false).
    static std::vector<ClockOffsetGroup> groups(const ClockOffsetHint& hint, size_t most = 3);
};

} // namespace strata::analysis
