// strata-cli ranks --json against the collectives computed here from the raw JSON
// (tests/support/kinetojson.h), without the store, its classifier or the analysis:
//  - communication kernels: "kernel" events whose name Holistic Trace Analysis calls
//    communication (^nccl, ^hip, ^hccl, ncclKernel); per (tid, name) in start order, the n-th
//    on each rank is one collective; skew = last start - first start, wait = last start - own
//    start, last rank = the first rank with the last start when skew > 0;
//  - the straggler: most last arrivals, ties to the smaller total wait;
//  - HTA's get_potential_stragglers(num_candidates=1) step by step as hta/analyzers/straggler.py
//    does it on a DataFrame: iterations by the launching runtime call's ProfilerStep, the last
//    step dropped, kernels of at least 1 % of the mean iteration, the (stream, name) of the
//    largest mean standard deviation, the latest start per iteration.
// On the shared HTA pair (rank 0 and 1 of a 128-rank job) and the generated job in tests/data
// (recorded clocks), every figure must equal the reference to the microsecond.
#include "clirun.h"
#include <support/kinetojson.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <support/sourcedir.h>
#include <vector>

namespace {

using kinetojson::Ev;

bool isComm(const std::string& name)
{
    static const std::regex comm(R"((^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*))");
    return std::regex_search(name, comm, std::regex_constants::match_continuous);
}

struct Coll {
    std::string name;
    std::vector<int64_t> starts; // per rank (every rank takes part in these jobs)
    int64_t first = 0;
};

struct Step {
    int64_t ts, dur, number;
    std::string name;
};

struct RankEvents {
    std::vector<Ev> events;
    std::vector<Step> steps;
};

RankEvents readRank(const QString& path)
{
    kinetojson::EventReader reader;
    const std::string text = kinetojson::readFile(path);
    RankEvents r;
    if (text.empty() || !nlohmann::json::sax_parse(text, &reader))
        return r;
    r.events = std::move(reader.events);
    static const std::regex step(R"(ProfilerStep\s*#\s*(\d+).*)");
    for (const Ev& e : r.events) {
        std::smatch m;
        if (e.ph == "X" && std::regex_match(e.name, m, step))
            r.steps.push_back({ e.ts, e.dur, std::stoll(m[1]), e.name });
    }
    std::sort(r.steps.begin(), r.steps.end(), [](const Step& a, const Step& b) { return a.ts < b.ts; });
    return r;
}

std::vector<Coll> collectives(const std::vector<RankEvents>& ranks)
{
    std::map<std::pair<std::string, std::string>, std::vector<std::vector<int64_t>>> byKey;
    for (size_t r = 0; r < ranks.size(); ++r)
        for (const Ev& e : ranks[r].events)
            if (e.ph == "X" && e.cat == "kernel" && isComm(e.name)) {
                auto& slot = byKey[{ e.tid, e.name }];
                slot.resize(ranks.size());
                slot[r].push_back(e.ts);
            }
    std::vector<Coll> out;
    for (auto& [key, perRank] : byKey) {
        size_t n = SIZE_MAX;
        for (auto& starts : perRank) {
            std::sort(starts.begin(), starts.end());
            n = std::min(n, starts.size());
        }
        for (size_t i = 0; i < n; ++i) {
            Coll c { key.second, {}, INT64_MAX };
            for (const auto& starts : perRank) {
                c.starts.push_back(starts[i]);
                c.first = std::min(c.first, starts[i]);
            }
            out.push_back(std::move(c));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Coll& a, const Coll& b) { return a.first < b.first; });
    return out;
}

// HTA's straggler over the raw events; -1 when it finds no candidate.
int htaRank(const std::vector<RankEvents>& ranks)
{
    std::set<std::string> stepNames;
    for (const RankEvents& r : ranks)
        for (const Step& s : r.steps)
            stepNames.insert(s.name);
    struct Kernel {
        size_t rank;
        int64_t iter, ts, dur;
        std::string stream, name;
    };
    std::vector<Kernel> kernels;
    std::set<int64_t> iterations;
    int64_t tMin = INT64_MAX, tMax = INT64_MIN;
    const std::set<std::string> deviceCats { "kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation" };
    for (size_t r = 0; r < ranks.size(); ++r) {
        const int64_t cutoff = stepNames.size() > 1 && !ranks[r].steps.empty() ? ranks[r].steps.back().ts : INT64_MAX;
        auto iterAt = [&](int64_t ts) {
            int64_t iter = -1;
            for (const Step& s : ranks[r].steps)
                if (s.ts < cutoff && s.ts <= ts && ts < s.ts + s.dur)
                    iter = s.number;
            return iter;
        };
        std::map<int64_t, int64_t> launchTs; // correlation -> runtime call's ts
        for (const Ev& e : ranks[r].events)
            if (e.ph == "X" && (e.cat == "cuda_runtime" || e.cat == "cuda_driver") && e.correlation)
                launchTs[*e.correlation] = e.ts;
        for (const Ev& e : ranks[r].events) {
            if (e.ph != "X" || !e.hasDur)
                continue;
            if (!deviceCats.count(e.cat)) { // a host event: its own time decides its iteration
                const int64_t iter = e.ts < cutoff ? iterAt(e.ts) : -1;
                if (iter >= 0) {
                    iterations.insert(iter);
                    tMin = std::min(tMin, e.ts);
                    tMax = std::max(tMax, e.ts + e.dur);
                }
                continue;
            }
            if (e.cat == "gpu_user_annotation" || !e.correlation || !launchTs.count(*e.correlation))
                continue;
            const int64_t launch = launchTs[*e.correlation];
            const int64_t iter = launch < cutoff ? iterAt(launch) : -1;
            if (iter < 0)
                continue;
            tMin = std::min(tMin, e.ts);
            tMax = std::max(tMax, e.ts + e.dur);
            if (e.cat == "kernel" && (e.name.rfind("ncclKernel", 0) == 0 || e.name.rfind("ncclDevKernel", 0) == 0))
                kernels.push_back({ r, iter, e.ts, e.dur, e.tid, e.name });
        }
    }
    if (iterations.empty())
        return -1;
    const double minDur = double(tMax - tMin) / double(iterations.size()) * 0.01;
    // (stream, name) -> iteration -> rank -> the latest eligible kernel (ts, dur)
    std::map<std::pair<std::string, std::string>, std::map<int64_t, std::map<size_t, std::pair<int64_t, int64_t>>>>
        last;
    for (const Kernel& k : kernels) {
        if (k.iter <= 0 || double(k.dur) < minDur)
            continue;
        auto& slot = last[{ k.stream, k.name }][k.iter];
        if (!slot.count(k.rank) || k.ts >= slot[k.rank].first)
            slot[k.rank] = { k.ts, k.dur };
    }
    const std::map<int64_t, std::map<size_t, std::pair<int64_t, int64_t>>>* chosen = nullptr;
    double best = -1;
    for (const auto& [key, byIter] : last) {
        double sum = 0;
        int n = 0;
        for (const auto& [iter, byRank] : byIter) {
            if (byRank.size() < 2)
                continue;
            double mean = 0, sq = 0;
            for (const auto& [r, k] : byRank)
                mean += double(k.second) / double(byRank.size());
            for (const auto& [r, k] : byRank)
                sq += (double(k.second) - mean) * (double(k.second) - mean);
            sum += std::sqrt(sq / double(byRank.size() - 1));
            ++n;
        }
        if (n && sum / n > best) {
            best = sum / n;
            chosen = &byIter;
        }
    }
    if (!chosen)
        return -1;
    std::vector<int> score(ranks.size(), 0);
    for (const auto& [iter, byRank] : *chosen) {
        int64_t latest = INT64_MIN;
        for (const auto& [r, k] : byRank)
            latest = std::max(latest, k.first);
        for (const auto& [r, k] : byRank)
            score[r] += k.first == latest;
    }
    const auto top = std::max_element(score.begin(), score.end());
    return *top > 0 ? int(top - score.begin()) : -1;
}

QJsonObject runJson(const QStringList& args)
{
    return QJsonDocument::fromJson(runCli(args).out).object();
}

} // namespace

class tst_RanksReference : public QObject {
    Q_OBJECT

private slots:
    void matchesRawJson_data();
    void matchesRawJson();
};

void tst_RanksReference::matchesRawJson_data()
{
    QTest::addColumn<QStringList>("files");
    const QString job = strata::test::sourcePath("/tests/data/job_straggler/");
    QStringList generated;
    for (int r = 0; r < 4; ++r)
        generated << job + QStringLiteral("rank-%1.json.gz").arg(r);
    QTest::newRow("generated job") << generated;
    const QDir pair(strata::test::sourcePath("/../shared/corpus/multirank/hta_sampled"));
    if (pair.exists())
        QTest::newRow("hta_sampled") << QStringList { pair.filePath("rank-0.json.gz"),
            pair.filePath("rank-1.json.gz") };
}

void tst_RanksReference::matchesRawJson()
{
    QFETCH(QStringList, files);
    std::vector<RankEvents> ranks;
    for (const QString& f : files) {
        ranks.push_back(readRank(f));
        QVERIFY(!ranks.back().events.empty());
    }
    const std::vector<Coll> ref = collectives(ranks);
    QVERIFY(!ref.empty());

    const QJsonObject out = runJson(QStringList { "ranks" } + files + QStringList { "--json" });
    const QJsonArray got = out["collectives"].toArray();
    QCOMPARE(got.size(), qsizetype(ref.size()));
    std::vector<int64_t> wait(ranks.size(), 0), lastCount(ranks.size(), 0);
    for (size_t i = 0; i < ref.size(); ++i) {
        const QJsonObject c = got[qsizetype(i)].toObject();
        const Coll& want = ref[i];
        QCOMPARE(c["name"].toString().toStdString(), want.name);
        const int64_t latest = *std::max_element(want.starts.begin(), want.starts.end());
        QCOMPARE(qint64(c["skew_ns"].toDouble()) / 1000, (latest - want.first) / 1000);
        const QJsonArray starts = c["starts_ns"].toArray(), waits = c["waits_ns"].toArray();
        int last = -1;
        for (size_t r = 0; r < ranks.size(); ++r) {
            QCOMPARE(qint64(waits[qsizetype(r)].toDouble()) / 1000, (latest - want.starts[r]) / 1000);
            QCOMPARE(qint64(starts[qsizetype(r)].toDouble() - starts[0].toDouble()) / 1000,
                (want.starts[r] - want.starts[0]) / 1000);
            wait[r] += latest - want.starts[r];
            if (last < 0 && latest > want.first && want.starts[r] == latest)
                last = int(r);
        }
        QCOMPARE(c["last_rank"].isNull() ? -1 : c["last_rank"].toInt(), last);
        if (last >= 0)
            ++lastCount[size_t(last)];
    }
    const QJsonArray outRanks = out["ranks"].toArray();
    int straggler = -1;
    for (size_t r = 0; r < ranks.size(); ++r) {
        const QJsonObject o = outRanks[qsizetype(r)].toObject();
        QCOMPARE(qint64(o["wait_ns"].toDouble()) / 1000, wait[r] / 1000);
        QCOMPARE(qint64(o["last_arrivals"].toInt()), qint64(lastCount[r]));
        QCOMPARE(o["steps"].toArray().size(), qsizetype(ranks[r].steps.size()));
        if (lastCount[r] > 0
            && (straggler < 0 || lastCount[r] > lastCount[size_t(straggler)]
                || (lastCount[r] == lastCount[size_t(straggler)] && wait[r] < wait[size_t(straggler)])))
            straggler = int(r);
    }
    const QJsonObject s = out["straggler"].toObject();
    QCOMPARE(s["rank"].isNull() ? -1 : s["rank"].toInt(), straggler);
    const int hta = htaRank(ranks);
    QCOMPARE(s["hta_rank"].isNull() ? -1 : s["hta_rank"].toInt(), hta);
}

QTEST_GUILESS_MAIN(tst_RanksReference)
#include "tst_ranksreference.moc"
