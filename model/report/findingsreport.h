#pragma once
#include "jsonnumber.h"

#include <analysis/findings/findingsengine.h>
#include <store/eventstore.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::report {

// The findings of one profile or of a job's ranks, as `strata-cli findings` prints them
// (text, --json, --markdown) and a dock exports them. A job's findings carry their rank and
// are ranked together with the job's own (the straggler); range times are relative to their
// rank's trace start. The JSON's key names are what scripts and CI jobs read; they never change.
class FindingsReport {
public:
    struct Rank {
        std::string file; // as named on the command line
        const store::EventStore* store = nullptr;
        std::optional<int64_t> rank; // set in a job
        analysis::FindingsResult result;
    };

    // `job`: the job's rules over its ranks (FindingsEngine::runJob), none for one profile.
    FindingsReport(std::vector<Rank> ranks, std::optional<analysis::FindingsResult> job);

    // Every finding of every rank and of the job, ranked (FindingsEngine::rank).
    const std::vector<analysis::Finding>& findings() const { return m_findings; }

    // {"findings": [{"id", "title", "severity", "value", "threshold", "unit", "at_stake_ns",
    // "rank" (a job), "ranges": [{"track", "process", "start_ns", "end_ns", "rank" (a job)}],
    // "operators", "cause", "action"}], "rules": [{"id", "rank" (a job's per-rank rules),
    // "ran", "why_not"}], "top_operators": [{"rank" (a job), "name", "self_ns", "percent"}]}
    Json toJson() const;
    std::string json() const; // toJson() indented by 2, with a final newline
    // Ranked, one block per finding: severity, id, title, value against threshold, time at
    // stake, cause, what to try, its first ranges; then the rules that did not run.
    std::string text() const;
    // A short report to paste into a review: a table of the findings, each with its cause,
    // what to try and where, the top operators, and the rules that did not run.
    std::string markdown() const;

private:
    const Rank* rankOfRange(const analysis::FindingRange& r) const;
    std::string where(const analysis::Finding& f, size_t limit) const;
    std::vector<const analysis::RuleOutcome*> notRun(std::vector<std::optional<int64_t>>* ranks) const;

    std::vector<Rank> m_ranks;
    std::optional<analysis::FindingsResult> m_job;
    std::vector<analysis::Finding> m_findings;
};

} // namespace strata::report
