#pragma once
#include "breakdownreport.h"
#include "jsonnumber.h"

#include <analysis/collectives/collectiveresult.h>

namespace strata::analysis {
class BreakdownIndex;
class JobIndex;
} // namespace strata::analysis

#include <string>
#include <vector>

namespace strata::report {

// The ranks of one job as `strata-cli ranks` prints them (text, --json): per rank its clock
// offset, steps, wait in collectives, last arrivals and time breakdown; per matched
// collective its skew, shortest duration, last arrival and every rank's start and wait; and
// the straggler with its evidence and Holistic Trace Analysis's answer. Times in the JSON are
// integer ns, aligned (recorded - offset) and relative to the job's origin: the earliest
// aligned start of any rank's trace. The JSON's key names are what scripts read; they never
// change.
class RanksReport {
public:
    // ranks: in the analysed order (the analysis's indexes), each with its file, store and
    // breakdown, as BreakdownReport takes them; a rank's number is its breakdown's rank, else
    // its position.
    RanksReport(std::vector<BreakdownReport::Rank> ranks, analysis::CollectiveAnalysis analysis);
    // The same report from a job opened as one store (the GUI's: StoreMerger, its ranks'
    // times already shifted by their offsets) and its JobIndex and BreakdownIndex: the bytes
    // strata-cli ranks prints for the job's files on the job's alignment, files named as the
    // layout names them.
    static RanksReport ofJob(
        const store::EventStore& store, const analysis::JobIndex& job, const analysis::BreakdownIndex& breakdown);

    // {"alignment", "ranks": [{"rank", "file", "offset_ns", "steps": [{"name", "start_ns",
    // "dur_ns"}], "wait_ns", "last_arrivals", the breakdown's keys from "range_ns" on}],
    // "collectives": [{"index", "name", "ranks", "skew_ns", "min_dur_ns", "last_rank",
    // "starts_ns", "waits_ns"}], "straggler": {"rank", "last_arrivals", "collectives",
    // "others_wait_ns", "hta_rank"} or null, "clock_offsets_suspected": {"reference_rank",
    // "ranks": [{"rank", "offset_ns", "spread_ns", "collectives"}], "wait_ns",
    // "aligned_wait_ns", "align"} or null}
    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // The straggler's sentence, a notice when the clocks look offset (clockNotice()), a rank
    // table and a collectives table, times in µs.
    std::string text() const;
    // "" when the clocks do not look offset (analysis::ClockOffsetCheck); otherwise one line:
    // the ranks, grouped by shared offset, their offsets from the reference rank, the waits
    // as aligned now and by collective ends, and `rerun` (the command that aligns them).
    std::string clockNotice(const std::string& rerun) const;
    // What the text's notice says to run; default "--align collectives".
    void setRerunCommand(std::string command) { m_rerun = std::move(command); }

    int64_t rankNumber(size_t index) const;

private:
    store::TimeNs origin() const;
    // A time of rank `index`'s store on the job's clock.
    store::TimeNs aligned(store::TimeNs t, size_t index) const;

    std::vector<BreakdownReport::Rank> m_ranks;
    analysis::CollectiveAnalysis m_analysis;
    // The stores' times are on the job's clock already (ofJob): a rank's recorded time is its
    // store time plus its offset. Otherwise each rank's store holds its recorded times.
    bool m_storesAligned = false;
    std::string m_rerun = "--align collectives";
};

} // namespace strata::report
