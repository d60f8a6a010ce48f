#include "findingsreport.h"

#include <analysis/findings/findingsengine.h>
#include <analysis/findings/findingtext.h>

#include <set>
#include <sstream>
#include <utility>

namespace strata::report {

using analysis::Finding;
using analysis::FindingRange;
using analysis::FindingText;
using analysis::RuleOutcome;

FindingsReport::FindingsReport(std::vector<Rank> ranks, std::optional<analysis::FindingsResult> job)
    : m_ranks(std::move(ranks))
    , m_job(std::move(job))
{
    for (const Rank& r : m_ranks)
        for (Finding f : r.result.findings) {
            if (r.rank) {
                f.rank = *r.rank;
                for (FindingRange& range : f.ranges)
                    range.rank = *r.rank;
            }
            m_findings.push_back(std::move(f));
        }
    if (m_job)
        m_findings.insert(m_findings.end(), m_job->findings.begin(), m_job->findings.end());
    analysis::FindingsEngine::rank(m_findings);
}

const FindingsReport::Rank* FindingsReport::rankOfRange(const FindingRange& range) const
{
    for (const Rank& r : m_ranks)
        if (!r.rank || *r.rank == range.rank)
            return &r;
    return nullptr;
}

// The rules that did not run, each with the rank it was asked for (none: the whole profile
// or the job). A job's own rules are listed once, from the job, not per rank.
std::vector<const RuleOutcome*> FindingsReport::notRun(std::vector<std::optional<int64_t>>* ranks) const
{
    std::set<std::string> jobRules;
    if (m_job)
        for (const RuleOutcome& o : m_job->rules)
            jobRules.insert(o.id);
    std::vector<const RuleOutcome*> out;
    for (const Rank& r : m_ranks)
        for (const RuleOutcome& o : r.result.rules)
            if (!o.ran && !jobRules.count(o.id)) {
                out.push_back(&o);
                ranks->push_back(r.rank);
            }
    if (m_job)
        for (const RuleOutcome& o : m_job->rules)
            if (!o.ran) {
                out.push_back(&o);
                ranks->push_back(std::nullopt);
            }
    return out;
}

Json FindingsReport::toJson() const
{
    const bool job = m_job.has_value();
    Json findings = Json::array();
    for (const Finding& f : m_findings) {
        Json o;
        o["id"] = f.id;
        o["title"] = f.title;
        o["severity"] = analysis::findingSeverityName(f.severity);
        o["value"] = JsonNumber::round6(f.value);
        o["threshold"] = JsonNumber::round6(f.threshold);
        o["unit"] = f.unit;
        o["at_stake_ns"] = f.atStakeNs;
        if (job)
            o["rank"] = f.rank >= 0 ? Json(f.rank) : Json(nullptr);
        Json ranges = Json::array();
        for (const FindingRange& range : f.ranges) {
            const Rank* r = rankOfRange(range);
            if (!r)
                continue;
            const store::EventStore& s = *r->store;
            const store::TimeNs origin = s.extent().start;
            Json j;
            j["track"] = s.trackLabel(range.track);
            j["process"] = s.processLabel(s.track(range.track).process);
            j["start_ns"] = range.start - origin;
            j["end_ns"] = range.end - origin;
            if (job)
                j["rank"] = range.rank;
            ranges.push_back(std::move(j));
        }
        o["ranges"] = std::move(ranges);
        o["operators"] = f.operators;
        o["cause"] = f.cause;
        o["action"] = f.action;
        findings.push_back(std::move(o));
    }
    Json rules = Json::array();
    std::set<std::string> jobRules;
    if (m_job)
        for (const RuleOutcome& o : m_job->rules)
            jobRules.insert(o.id);
    const auto rule = [&](const RuleOutcome& o, std::optional<int64_t> rank) {
        Json j;
        j["id"] = o.id;
        if (rank)
            j["rank"] = *rank;
        j["ran"] = o.ran;
        j["why_not"] = o.ran ? Json(nullptr) : Json(o.whyNot);
        rules.push_back(std::move(j));
    };
    for (const Rank& r : m_ranks)
        for (const RuleOutcome& o : r.result.rules)
            if (!jobRules.count(o.id))
                rule(o, r.rank);
    if (m_job)
        for (const RuleOutcome& o : m_job->rules)
            rule(o, std::nullopt);
    Json top = Json::array();
    for (const Rank& r : m_ranks)
        for (const analysis::OperatorRow& row : r.result.topOperators) {
            Json j;
            if (r.rank)
                j["rank"] = *r.rank;
            j["name"] = row.name;
            j["self_ns"] = row.selfNs;
            j["percent"] = JsonNumber::round6(row.percent);
            top.push_back(std::move(j));
        }
    Json out;
    out["findings"] = std::move(findings);
    out["rules"] = std::move(rules);
    out["top_operators"] = std::move(top);
    return out;
}

std::string FindingsReport::json() const
{
    return toJson().dump(2) + "\n";
}

// "stream 7 at 1.20 ms for 250 µs; ..." for the first `limit` ranges, from the trace start.
std::string FindingsReport::where(const Finding& f, size_t limit) const
{
    std::string out;
    for (size_t i = 0; i < f.ranges.size() && i < limit; ++i) {
        const FindingRange& range = f.ranges[i];
        const Rank* r = rankOfRange(range);
        if (!r)
            continue;
        const store::TimeNs origin = r->store->extent().start;
        out += (out.empty() ? "" : "; ") + (range.rank >= 0 ? "rank " + std::to_string(range.rank) + " " : "")
            + r->store->trackLabel(range.track) + " at " + FindingText::duration(range.start - origin) + " for "
            + FindingText::duration(range.end - range.start);
    }
    if (f.ranges.size() > limit)
        out += "; " + std::to_string(f.ranges.size() - limit) + " more";
    return out;
}

namespace {

// A Markdown table cell: a '|' in a name would end the cell.
std::string cell(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += '\\';
        out += c;
    }
    return out;
}

std::string rankPrefix(const Finding& f)
{
    return f.rank >= 0 ? "rank " + std::to_string(f.rank) + ": " : "";
}

} // namespace

std::string FindingsReport::text() const
{
    std::ostringstream out;
    for (const Rank& r : m_ranks)
        out << (r.rank ? "rank " + std::to_string(*r.rank) + ": " : "") << r.file << "\n";
    if (m_findings.empty())
        out << "No findings.\n";
    for (size_t i = 0; i < m_findings.size(); ++i) {
        const Finding& f = m_findings[i];
        out << "\n"
            << i + 1 << ". [" << analysis::findingSeverityName(f.severity) << "] " << f.id << ": " << rankPrefix(f)
            << f.title << "\n";
        out << "   value " << FindingText::value(f.value, f.unit) << " (threshold "
            << FindingText::value(f.threshold, f.unit) << "), at stake " << FindingText::duration(f.atStakeNs) << "\n";
        out << "   cause: " << f.cause << "\n";
        out << "   try: " << f.action << "\n";
        if (!f.ranges.empty())
            out << "   where: " << where(f, 3) << "\n";
    }
    std::vector<std::optional<int64_t>> ranks;
    const std::vector<const RuleOutcome*> skipped = notRun(&ranks);
    if (!skipped.empty()) {
        out << "\nRules that did not run:\n";
        for (size_t i = 0; i < skipped.size(); ++i)
            out << "  " << skipped[i]->id << (ranks[i] ? " (rank " + std::to_string(*ranks[i]) + ")" : "") << ": "
                << skipped[i]->whyNot << "\n";
    }
    return out.str();
}

std::string FindingsReport::markdown() const
{
    std::ostringstream out;
    out << "## Findings\n\n";
    for (const Rank& r : m_ranks)
        out << "- " << (r.rank ? "rank " + std::to_string(*r.rank) + ": " : "") << "`" << r.file << "`\n";
    out << "\n";
    if (m_findings.empty()) {
        out << "No findings.\n";
    } else {
        out << "| # | Severity | Finding | Value | Threshold | At stake |\n|---|---|---|---|---|---|\n";
        for (size_t i = 0; i < m_findings.size(); ++i) {
            const Finding& f = m_findings[i];
            out << "| " << i + 1 << " | " << analysis::findingSeverityName(f.severity) << " | `" << f.id << "` "
                << rankPrefix(f) << cell(f.title) << " | " << FindingText::value(f.value, f.unit) << " | "
                << FindingText::value(f.threshold, f.unit) << " | " << FindingText::duration(f.atStakeNs) << " |\n";
        }
        for (size_t i = 0; i < m_findings.size(); ++i) {
            const Finding& f = m_findings[i];
            out << "\n### " << i + 1 << ". " << rankPrefix(f) << f.title << "\n\n"
                << f.cause << "\n\n**What to try:** " << f.action << "\n";
            if (!f.ranges.empty())
                out << "\n**Where:** " << where(f, 5) << "\n";
            if (!f.operators.empty()) {
                out << "\n**Concerns:** ";
                for (size_t k = 0; k < f.operators.size(); ++k)
                    out << (k ? ", " : "") << "`" << f.operators[k] << "`";
                out << "\n";
            }
        }
    }
    for (const Rank& r : m_ranks) {
        if (r.result.topOperators.empty())
            continue;
        out << "\n### Top operators" << (r.rank ? " (rank " + std::to_string(*r.rank) + ")" : "") << "\n\n"
            << "| Operator | Self time | Share |\n|---|---|---|\n";
        for (const analysis::OperatorRow& row : r.result.topOperators)
            out << "| `" << cell(row.name) << "` | " << FindingText::duration(row.selfNs) << " | "
                << FindingText::percent(row.percent) << " |\n";
    }
    std::vector<std::optional<int64_t>> ranks;
    const std::vector<const RuleOutcome*> skipped = notRun(&ranks);
    if (!skipped.empty()) {
        out << "\n### Rules that did not run\n\n";
        for (size_t i = 0; i < skipped.size(); ++i)
            out << "- `" << skipped[i]->id << "`" << (ranks[i] ? " (rank " + std::to_string(*ranks[i]) + ")" : "")
                << ": " << skipped[i]->whyNot << "\n";
    }
    return out.str();
}

} // namespace strata::report
