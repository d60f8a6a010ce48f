#pragma once
// What a findings rule reports (FindingRule, FindingsEngine): plain values that the CLI's
// report and a dock read. Times are absolute, as in the store.
#include <store/types.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace strata::analysis {

enum class FindingSeverity : uint8_t { Info, Warning, Critical };

inline const char* findingSeverityName(FindingSeverity s)
{
    return s == FindingSeverity::Critical ? "critical" : s == FindingSeverity::Warning ? "warning" : "info";
}

// A stretch of one track a finding concerns: an idle gap, a wait, a slow step.
struct FindingRange {
    store::TrackId track;
    store::TimeNs start = 0;
    store::TimeNs end = 0;
    int64_t rank = -1; // the job's rank the track belongs to; -1 outside a job
};

struct Finding {
    std::string id; // the rule's id: "device-idle"
    std::string title; // one line: "GPU 0 is idle 42 % of its span"
    FindingSeverity severity = FindingSeverity::Warning;
    double value = 0; // what was measured, in `unit`
    double threshold = 0; // the threshold it reached (FindingThresholds), in `unit`
    std::string unit; // "%", "copies", "x median"
    store::TimeNs atStakeNs = 0; // the time a fix could recover: the findings' rank
    std::vector<FindingRange> ranges; // most telling first
    std::vector<std::string> operators; // the operators or calls concerned, most time first
    std::string cause; // one sentence, with the numbers
    std::string action; // one sentence: what to try
    int64_t rank = -1; // the job's rank the finding is about; -1 outside a job or for the whole job
};

// Whether a rule ran, and what it found; a rule that could not run says why in words a user
// reads ("no launch attribution: ...").
struct RuleOutcome {
    std::string id;
    bool ran = false;
    std::string whyNot; // empty when it ran
    std::vector<Finding> findings;

    static RuleOutcome notRun(std::string why)
    {
        RuleOutcome o;
        o.whyNot = std::move(why);
        return o;
    }
    static RuleOutcome found(std::vector<Finding> findings)
    {
        RuleOutcome o;
        o.ran = true;
        o.findings = std::move(findings);
        return o;
    }
};

} // namespace strata::analysis
