#include "ranksreport.h"
#include "texttable.h"

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/clockoffsetcheck.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/findings/findingtext.h>
#include <store/storemerger.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <sstream>
#include <utility>

namespace strata::report {

using analysis::MatchedCollective;
using store::TimeNs;

namespace {

std::string micros(TimeNs ns)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.3f", double(ns) / 1e3);
    return buf;
}

// A wait for a sentence: in ms from 1 ms up, else µs, else ns (the JSON keeps every ns).
std::string duration(TimeNs ns)
{
    char buf[48];
    if (ns >= 1000000)
        std::snprintf(buf, sizeof buf, "%.3f ms", double(ns) / 1e6);
    else if (ns >= 1000)
        std::snprintf(buf, sizeof buf, "%.3f µs", double(ns) / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%lld ns", static_cast<long long>(ns));
    return buf;
}

std::string share(TimeNs part, TimeNs whole)
{
    if (whole <= 0)
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", 100.0 * double(part) / double(whole));
    return buf;
}

// A kernel's name without its parameter list, for the text table.
std::string shortName(const std::string& name)
{
    const size_t paren = name.find('(');
    return paren == std::string::npos ? name : name.substr(0, paren);
}

} // namespace

RanksReport::RanksReport(std::vector<BreakdownReport::Rank> ranks, analysis::CollectiveAnalysis analysis)
    : m_ranks(std::move(ranks))
    , m_analysis(std::move(analysis))
{
}

RanksReport RanksReport::ofJob(
    const store::EventStore& store, const analysis::JobIndex& job, const analysis::BreakdownIndex& breakdown)
{
    const std::vector<store::JobRank>& layout = job.layout().ranks();
    const std::vector<store::TimeRange> extents = store::StoreMerger::rankExtents(store);
    std::vector<BreakdownReport::Rank> ranks;
    for (size_t i = 0; i < layout.size(); ++i) {
        // Over the rank's whole trace, as strata-cli takes each rank's own store.
        const store::TimeRange extent = i < extents.size() ? extents[i] : store::TimeRange {};
        ranks.push_back({ layout[i].file, &store,
            analysis::BreakdownCalculator::computeRank(store, breakdown, layout[i], extent), extent });
    }
    RanksReport out(std::move(ranks), job.analysis());
    out.m_storesAligned = true;
    return out;
}

store::TimeNs RanksReport::aligned(store::TimeNs t, size_t index) const
{
    return m_storesAligned ? t : t - m_analysis.ranks[index].offsetNs;
}

int64_t RanksReport::rankNumber(size_t index) const
{
    const auto& r = m_ranks[index].breakdown.rank;
    return r ? *r : int64_t(index);
}

TimeNs RanksReport::origin() const
{
    TimeNs o = std::numeric_limits<TimeNs>::max();
    for (size_t i = 0; i < m_ranks.size(); ++i)
        o = std::min(o, aligned(m_ranks[i].traceExtent().start, i));
    return m_ranks.empty() ? 0 : o;
}

Json RanksReport::toJson() const
{
    const TimeNs o = origin();
    const Json breakdown = BreakdownReport(m_ranks).toJson();
    Json out;
    out["alignment"] = analysis::clockAlignmentName(m_analysis.alignment);
    Json ranks = Json::array();
    for (size_t i = 0; i < m_ranks.size(); ++i) {
        const analysis::RankCollectives& rc = m_analysis.ranks[i];
        Json r;
        r["rank"] = rankNumber(i);
        r["file"] = m_ranks[i].file;
        r["offset_ns"] = rc.offsetNs;
        Json steps = Json::array();
        for (const analysis::ProfilerStep& s : m_analysis.steps[i])
            steps.push_back({ { "name", s.name }, { "start_ns", aligned(s.start, i) - o }, { "dur_ns", s.dur } });
        r["steps"] = std::move(steps);
        r["wait_ns"] = rc.waitNs;
        r["last_arrivals"] = rc.lastArrivals;
        for (const auto& [key, value] : breakdown["ranks"][i].items())
            if (key != "rank" && key != "file")
                r[key] = value;
        ranks.push_back(std::move(r));
    }
    out["ranks"] = std::move(ranks);
    Json collectives = Json::array();
    for (const MatchedCollective& c : m_analysis.collectives) {
        Json j;
        j["index"] = c.index;
        j["name"] = c.name;
        Json members = Json::array(), starts = Json::array(), waits = Json::array();
        for (size_t k = 0; k < c.ranks.size(); ++k) {
            members.push_back(rankNumber(c.ranks[k]));
            starts.push_back(c.starts[k] - o);
            waits.push_back(c.waits[k]);
        }
        j["ranks"] = std::move(members);
        j["skew_ns"] = c.skewNs;
        j["min_dur_ns"] = c.minDurNs;
        j["last_rank"] = c.lastRank >= 0 ? Json(rankNumber(size_t(c.lastRank))) : Json(nullptr);
        j["starts_ns"] = std::move(starts);
        j["waits_ns"] = std::move(waits);
        collectives.push_back(std::move(j));
    }
    out["collectives"] = std::move(collectives);
    const analysis::StragglerVerdict& v = m_analysis.straggler;
    Json straggler;
    straggler["rank"] = v.rank >= 0 ? Json(rankNumber(size_t(v.rank))) : Json(nullptr);
    straggler["last_arrivals"] = v.lastArrivals;
    straggler["collectives"] = v.collectives;
    straggler["others_wait_ns"] = v.othersWaitNs;
    straggler["hta_rank"] = v.htaRank >= 0 ? Json(rankNumber(size_t(v.htaRank))) : Json(nullptr);
    out["straggler"] = std::move(straggler);
    const analysis::ClockOffsetHint& hint = m_analysis.clockHint;
    Json clocks = nullptr;
    if (hint.suspected()) {
        clocks["reference_rank"] = rankNumber(0);
        Json list = Json::array();
        for (const analysis::ClockOffsetRank& r : hint.ranks)
            list.push_back({ { "rank", rankNumber(r.index) }, { "offset_ns", r.offsetNs }, { "spread_ns", r.spreadNs },
                { "collectives", r.collectives } });
        clocks["ranks"] = std::move(list);
        clocks["wait_ns"] = hint.waitNs;
        clocks["aligned_wait_ns"] = hint.alignedWaitNs;
        clocks["align"] = analysis::clockAlignmentName(analysis::ClockAlignment::CollectiveEnds);
    }
    out["clock_offsets_suspected"] = std::move(clocks);
    return out;
}

std::string RanksReport::clockNotice(const std::string& rerun) const
{
    const analysis::ClockOffsetHint& hint = m_analysis.clockHint;
    if (!hint.suspected())
        return {};
    std::string groups;
    for (const analysis::ClockOffsetGroup& group : analysis::ClockOffsetCheck::groups(hint)) {
        std::vector<int64_t> numbers;
        for (uint32_t index : group.indexes)
            numbers.push_back(rankNumber(index));
        const auto signedMicros = [](TimeNs ns) {
            char buf[48];
            std::snprintf(buf, sizeof buf, "%+.3f µs", double(ns) / 1e3);
            return std::string(buf);
        };
        const std::string offset = group.shared ? signedMicros(group.offsetNs)
                                                : signedMicros(group.minNs) + " to " + signedMicros(group.maxNs);
        groups += std::string(groups.empty() ? "" : "; ") + (numbers.size() > 1 ? "ranks " : "rank ")
            + analysis::FindingText::ranks(numbers) + " " + offset;
    }
    return "the ranks' clocks look offset: their collectives end apart by the same amount every time (" + groups
        + ", from rank " + std::to_string(rankNumber(0)) + "); the waits at collectives read " + duration(hint.waitNs)
        + " in all, " + duration(hint.alignedWaitNs) + " aligned by collective ends. Run again with " + rerun;
}

std::string RanksReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string RanksReport::text() const
{
    std::ostringstream out;
    const analysis::StragglerVerdict& v = m_analysis.straggler;
    out << "alignment   " << analysis::clockAlignmentName(m_analysis.alignment) << "\n"
        << "ranks       " << m_ranks.size() << "\n"
        << "straggler   ";
    if (v.rank >= 0)
        out << "rank " << rankNumber(size_t(v.rank)) << ": arrived last at " << v.lastArrivals << " of "
            << v.collectives << " collectives; the others waited " << duration(v.othersWaitNs) << " in all";
    else
        out << "none (no collective with a last arrival)";
    out << "\nHTA         "
        << (v.htaRank >= 0 ? "rank " + std::to_string(rankNumber(size_t(v.htaRank))) : std::string("no answer"))
        << "\n";
    const std::string notice = clockNotice(m_rerun);
    if (!notice.empty())
        out << "notice      " << notice << "\n";
    out << "\ntimes in µs\n";
    std::vector<std::vector<std::string>> rows { { "rank", "file", "offset", "steps", "step mean", "step max",
        "compute%", "comm%", "idle%", "overlap%", "wait", "last" } };
    for (size_t i = 0; i < m_ranks.size(); ++i) {
        const analysis::StepTimes steps = analysis::ProfilerSteps::timesOf(m_analysis.steps[i]);
        const analysis::BreakdownTimes& t = m_ranks[i].breakdown.times;
        const auto overlap = t.commOverlapPct();
        char pct[32] = "-";
        if (overlap)
            std::snprintf(pct, sizeof pct, "%.2f", *overlap);
        rows.push_back({ std::to_string(rankNumber(i)), m_ranks[i].file, micros(m_analysis.ranks[i].offsetNs),
            std::to_string(steps.count), steps.count ? micros(steps.meanNs) : "-",
            steps.count ? micros(steps.maxNs) : "-", share(t.computeNs, t.spanNs), share(t.communicationNs, t.spanNs),
            share(t.idleNs, t.spanNs), pct, micros(m_analysis.ranks[i].waitNs),
            std::to_string(m_analysis.ranks[i].lastArrivals) });
    }
    TextTable::print(out, rows, 2);
    if (m_analysis.collectives.empty()) {
        out << "\nno collective matched across ranks\n";
        return out.str();
    }
    out << "\n";
    std::vector<std::vector<std::string>> coll { { "#", "collective", "ranks", "skew", "min dur", "last",
        "max wait" } };
    for (const MatchedCollective& c : m_analysis.collectives)
        coll.push_back({ std::to_string(c.index), shortName(c.name), std::to_string(c.ranks.size()), micros(c.skewNs),
            micros(c.minDurNs), c.lastRank >= 0 ? std::to_string(rankNumber(size_t(c.lastRank))) : "-",
            micros(*std::max_element(c.waits.begin(), c.waits.end())) });
    TextTable::print(out, coll, 2);
    return out.str();
}

} // namespace strata::report
