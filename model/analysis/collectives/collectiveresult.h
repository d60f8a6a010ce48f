#pragma once
// What the collectives analysis finds over a job's ranks: plain values filled by
// CollectiveAnalyzer::analyze(), read by `strata-cli ranks` and the rank table.
#include "profilersteps.h"

#include <store/eventstore.h>

#include <cstdint>
#include <string>
#include <vector>

namespace strata::analysis {

// How the ranks' clocks are put on one time axis (docs/cli.md, `ranks --align`).
enum class ClockAlignment {
    Recorded, // as the files say: ranks of one host share a clock
    CollectiveEnds, // a matched collective ends at nearly the same moment on every rank
    FirstStep, // every rank's first ProfilerStep starts at the same moment
};

inline const char* clockAlignmentName(ClockAlignment a)
{
    return a == ClockAlignment::CollectiveEnds ? "collectives"
        : a == ClockAlignment::FirstStep       ? "first-step"
                                               : "recorded";
}

// One collective matched across ranks: the n-th kernel of one name on one channel of each
// rank that has one. Times are aligned: a rank's recorded time minus its offset.
struct MatchedCollective {
    uint32_t index = 0; // 0-based, in order of the first arrival
    std::string name;
    std::string channel; // CommSeries::channel
    uint32_t ordinal = 0; // n: the n-th kernel of this name and channel
    std::vector<uint32_t> ranks; // indexes into the analysed ranks, ascending
    std::vector<store::SliceRow> rows; // per entry of ranks: the kernel
    std::vector<store::TimeNs> starts; // per entry of ranks: the arrival
    std::vector<store::TimeNs> ends;
    std::vector<store::TimeNs> waits; // last start - start
    store::TimeNs skewNs = 0; // last start - first start
    store::TimeNs minDurNs = 0; // the shortest duration: the collective's work net of waiting
    int lastRank = -1; // index into the analysed ranks of the last arrival; -1 when skew is 0
};

// A rank's part in the collectives.
struct RankCollectives {
    store::TimeNs offsetNs = 0; // subtracted from the rank's recorded times
    store::TimeNs waitNs = 0; // sum of its waits
    uint32_t lastArrivals = 0; // collectives it arrived last at
    uint32_t collectives = 0; // collectives it takes part in
};

// The rank that holds the others up, with its evidence. Indexes are into the analysed ranks;
// -1 when there is no answer (no collective with a last arrival; for HTA's metric, no step,
// launch link or eligible kernel).
struct StragglerVerdict {
    int rank = -1; // arrived last most often; ties: the smaller total wait, then the first rank
    uint32_t lastArrivals = 0;
    uint32_t collectives = 0; // the collectives it takes part in
    store::TimeNs othersWaitNs = 0; // the others' waits at the collectives it arrived last at
    int htaRank = -1; // Holistic Trace Analysis's get_potential_stragglers(num_candidates=1)
};

// One rank whose clock looks offset from the reference rank's (ClockOffsetCheck).
struct ClockOffsetRank {
    uint32_t index = 0; // into the analysed ranks
    store::TimeNs offsetNs = 0; // what aligning by collective ends would subtract from its times
    store::TimeNs spreadNs = 0; // how far its ends and the reference's stay apart once aligned (median)
    uint32_t collectives = 0; // the collectives it shares with the reference, the offset's sample
};

// Whether the ranks' clocks look offset as the job is aligned now: the same ranks end every
// collective early or late by the same amount, which aligning by collective ends would take
// away (ClockOffsetCheck). Empty `ranks`: the clocks look as one.
struct ClockOffsetHint {
    std::vector<ClockOffsetRank> ranks; // ascending index
    store::TimeNs waitNs = 0; // every rank's wait at the matched collectives, summed, as aligned now
    store::TimeNs alignedWaitNs = 0; // the same once aligned by collective ends
    bool suspected() const { return !ranks.empty(); }
};

struct CollectiveAnalysis {
    ClockAlignment alignment = ClockAlignment::Recorded;
    std::vector<RankCollectives> ranks; // per analysed rank
    std::vector<std::vector<ProfilerStep>> steps; // per analysed rank, recorded times
    std::vector<MatchedCollective> collectives; // by index
    StragglerVerdict straggler;
    ClockOffsetHint clockHint; // on the times as aligned, with ClockOffsetCheck's default thresholds
};

} // namespace strata::analysis
