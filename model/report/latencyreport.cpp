#include "latencyreport.h"

#include "csv.h"
#include "operatortablereport.h"

namespace strata::report {

LatencyReport::LatencyReport(const analysis::LatencyStats& stats, const std::vector<analysis::OperatorAverage>& ops,
    const std::optional<store::TimeRange>& range)
    : m_stats(stats)
    , m_ops(ops)
    , m_range(range)
{
}

Json LatencyReport::averageJson(const analysis::OperatorAverage& op)
{
    return { { "name", op.name }, { "average_ns", JsonNumber::round3(op.averageNs) }, { "count", op.count } };
}

Json LatencyReport::toJson() const
{
    const analysis::LatencyStats& st = m_stats;
    Json out;
    out["unit"] = st.unit;
    out["default_unit"] = st.defaultUnit;
    out["range_ns"] = OperatorTableReport::rangeJson(m_range);
    out["count"] = st.count;
    out["min_ns"] = st.minNs;
    out["max_ns"] = st.maxNs;
    out["mean_ns"] = JsonNumber::round3(st.meanNs);
    out["median_ns"] = JsonNumber::round3(st.medianNs);
    out["p90_ns"] = JsonNumber::round3(st.p90Ns);
    out["p95_ns"] = JsonNumber::round3(st.p95Ns);
    out["p97_ns"] = JsonNumber::round3(st.p97Ns);
    out["p99_ns"] = JsonNumber::round3(st.p99Ns);
    out["p99_9_ns"] = JsonNumber::round3(st.p99_9Ns);
    Json hist = Json::array();
    for (const analysis::LatencyBin& b : st.histogram)
        hist.push_back({ { "start_ns", JsonNumber::round3(b.startNs) }, { "end_ns", JsonNumber::round3(b.endNs) },
            { "count", b.count } });
    out["histogram"] = hist;
    Json list = Json::array();
    for (const analysis::OperatorAverage& o : m_ops)
        list.push_back(averageJson(o));
    out["operators"] = list;
    return out;
}

void LatencyReport::addSteps(Json& out, const analysis::StepTable& steps, store::TimeNs origin)
{
    Json list = Json::array();
    // The breakdown's figures, null without device work (an answer of 0 would claim some).
    auto ns = [](const analysis::StepRow& s, store::TimeNs analysis::BreakdownTimes::*field) {
        return s.breakdown ? Json((*s.breakdown).*field) : Json(nullptr);
    };
    for (const analysis::StepRow& s : steps.steps)
        list.push_back({ { "index", s.index }, { "name", s.name }, { "start_ns", s.startNs - origin },
            { "dur_ns", s.durNs }, { "device_busy_ns", s.busyNs }, { "idle_ns", s.idleNs },
            { "compute_ns", ns(s, &analysis::BreakdownTimes::computeNs) },
            { "communication_ns", ns(s, &analysis::BreakdownTimes::communicationNs) },
            { "comm_exposed_ns", ns(s, &analysis::BreakdownTimes::commExposedNs) }, { "top_operator", s.topOperator },
            { "top_operator_ns", s.topOperatorNs }, { "outlier", s.outlier } });
    out["steps"] = list;
    auto spread = [](const analysis::StepSpread& v) {
        return Json { { "mean", JsonNumber::round3(v.meanNs) }, { "std", JsonNumber::round3(v.stdDevNs) },
            { "cv", JsonNumber::round3(v.cv) } };
    };
    out["steps_spread"] = { { "dur_ns", spread(steps.duration) }, { "device_busy_ns", spread(steps.busy) },
        { "idle_ns", spread(steps.idle) }, { "median_dur_ns", JsonNumber::round3(steps.medianNs) },
        { "device_scope_fallback", steps.deviceFallback } };
}

std::string LatencyReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string LatencyReport::csv() const
{
    const Json j = toJson();
    std::string text = "statistic,value\n";
    for (const char* key : { "unit", "count", "min_ns", "max_ns", "mean_ns", "median_ns", "p90_ns", "p95_ns", "p97_ns",
             "p99_ns", "p99_9_ns" }) {
        const Json& v = j.at(key);
        text += std::string(key) + "," + Csv::field(v.is_string() ? v.get<std::string>() : v.dump()) + "\n";
    }
    return text;
}

std::string LatencyReport::histogramCsv() const
{
    const Json j = toJson();
    std::string text = "start_ns,end_ns,count\n";
    for (const Json& b : j.at("histogram"))
        text += b.at("start_ns").dump() + "," + b.at("end_ns").dump() + "," + b.at("count").dump() + "\n";
    return text;
}

std::string LatencyReport::averagesCsv() const
{
    std::string text = "name,average_ns,count\n";
    for (const analysis::OperatorAverage& o : m_ops)
        text += Csv::field(o.name) + "," + Json(JsonNumber::round3(o.averageNs)).dump() + "," + std::to_string(o.count)
            + "\n";
    return text;
}

std::string LatencyReport::averagesJson() const
{
    Json list = Json::array();
    for (const analysis::OperatorAverage& o : m_ops)
        list.push_back(averageJson(o));
    return list.dump(2) + "\n";
}

} // namespace strata::report
