// strata-cli breakdown --json on the corpus Kineto traces against Holistic Trace Analysis's
// definitions, computed here from the raw JSON (tests/support/kinetojson.h) without the
// store, its classifier or the breakdown index:
//  - device work: the events of Kineto's device categories (kernel, gpu_memcpy, gpu_memset,
//    Kernel, Memcpy, Memset, mtia_ccp_events), all the file's devices together, as HTA's
//    get_temporal_breakdown takes a rank's GPU events (cuda_sync waits and
//    gpu_user_annotation spans are not work; HTA drops the annotations too);
//  - kernel type by name with HTA's patterns (hta/common/types.py): communication
//    ^nccl|^hip|^hccl|ncclKernel, memory ^(hip)?Memcpy|^(hip)?Memset|^dma, compute what
//    HTA's compute pattern does not exclude;
//  - intervals merged as HTA's merge_kernel_intervals does; span = last end - first start;
//    idle = span - merged time; compute = merged compute time; non-compute = span - compute
//    - idle; communication = merged communication time; overlap = the time the running
//    status of HTA's get_comm_comp_overlap sweep is 3 (communication +1, compute +2).
// The CLI's rank figures must equal them to the microsecond.
#include "clirun.h"
#include <support/kinetojson.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <support/sourcedir.h>
#include <utility>
#include <vector>

namespace {

using Intervals = std::vector<std::pair<int64_t, int64_t>>;

bool isDeviceWork(const std::string& c)
{
    static const std::set<std::string> kinds
        = { "kernel", "gpu_memcpy", "gpu_memset", "Kernel", "Memcpy", "Memset", "mtia_ccp_events" };
    return kinds.count(c) != 0;
}

enum class Type { Compute, Communication, Memory, Other };

// hta/utils/utils.py get_kernel_type, with the patterns of hta/common/types.py.
Type htaType(const std::string& name)
{
    static const std::regex comm(R"((^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*))");
    static const std::regex memory(R"((^(hip)?Memcpy)|(^(hip)?Memset)|(^dma))");
    static const std::regex notCompute(R"((^nccl)|(.*Memcpy)|(.*Memset)|(.*dma)|(^.*Sync)|(^Stream Wait Event)|)"
                                       R"((cuda.*LaunchKernel)|(^runFunction)|(^hip)|(^job_exe)|(^packet)|(^pe_exe)|)"
                                       R"((^cpum_exe_subgraph)|(^hccl)|(^collective_subgraph_execution))");
    // Python's re.match anchors at the start only.
    const auto match
        = [&name](const std::regex& re) { return std::regex_search(name, re, std::regex_constants::match_continuous); };
    if (match(comm))
        return Type::Communication;
    if (match(memory))
        return Type::Memory;
    if (!match(notCompute))
        return Type::Compute;
    return Type::Other;
}

// hta/utils/utils.py merge_kernel_intervals: sorted by start, a new group when a start is past
// every end so far.
Intervals merged(Intervals list)
{
    std::sort(list.begin(), list.end());
    Intervals out;
    for (const auto& [s, e] : list) {
        if (out.empty() || s > out.back().second)
            out.push_back({ s, e });
        else
            out.back().second = std::max(out.back().second, e);
    }
    return out;
}

int64_t total(const Intervals& merged)
{
    int64_t n = 0;
    for (const auto& [s, e] : merged)
        n += e - s;
    return n;
}

// get_comm_comp_overlap: starts and ends of merged communication (±1) and compute (±2),
// sorted by time; the time from each point where the running sum is 3 to the next point.
int64_t overlap(const Intervals& comm, const Intervals& comp)
{
    std::vector<std::pair<int64_t, int>> status;
    for (const auto& [s, e] : comm) {
        status.push_back({ s, 1 });
        status.push_back({ e, -1 });
    }
    for (const auto& [s, e] : comp) {
        status.push_back({ s, 2 });
        status.push_back({ e, -2 });
    }
    // pandas sorts by time only; at equal times the order cannot make a non-zero length.
    std::stable_sort(status.begin(), status.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    int running = 0;
    int64_t out = 0;
    for (size_t i = 0; i < status.size(); ++i) {
        running += status[i].second;
        if (running == 3 && i + 1 < status.size())
            out += status[i + 1].first - status[i].first;
    }
    return out;
}

struct Reference {
    int64_t span = 0, idle = 0, compute = 0, nonCompute = 0, communication = 0, overlap = 0;
    bool any = false;
};

Reference reference(const std::vector<kinetojson::Ev>& events)
{
    Intervals all, comp, comm;
    for (const kinetojson::Ev& e : events) {
        if (e.ph != "X" || !e.hasTs || !e.hasDur || !isDeviceWork(e.cat))
            continue;
        const std::pair<int64_t, int64_t> iv { e.ts, e.ts + e.dur };
        all.push_back(iv);
        const Type t = htaType(e.name);
        if (t == Type::Compute)
            comp.push_back(iv);
        else if (t == Type::Communication)
            comm.push_back(iv);
    }
    Reference ref;
    if (all.empty())
        return ref;
    ref.any = true;
    const Intervals m = merged(all), mComp = merged(comp), mComm = merged(comm);
    ref.span = m.back().second - m.front().first;
    ref.idle = ref.span - total(m);
    ref.compute = total(mComp);
    ref.nonCompute = ref.span - ref.compute - ref.idle;
    ref.communication = total(mComm);
    ref.overlap = overlap(mComm, mComp);
    return ref;
}

// What strata-cli printed, read as a JSON object (empty when it printed none).
QJsonObject runJson(const QStringList& args)
{
    return QJsonDocument::fromJson(runCli(args).out).object();
}

} // namespace

class tst_BreakdownReference : public QObject {
    Q_OBJECT

private slots:
    void matchesHta_data();
    void matchesHta();
};

void tst_BreakdownReference::matchesHta_data()
{
    QTest::addColumn<QString>("path");
    const QDir shared(strata::test::sourcePath("/../shared/corpus"));
    if (!shared.exists())
        QSKIP("the shared corpus is not beside the repository");
    for (const char* dir :
        { "real/facebookresearch__HolisticTraceAnalysis", "real/pytorch__kineto", "multirank/hta_sampled" })
        for (const QFileInfo& f : QDir(shared.filePath(dir)).entryInfoList(QDir::Files, QDir::Name))
            if (f.fileName().contains(".json") && !f.fileName().contains("execution_trace"))
                QTest::newRow(qPrintable(f.fileName())) << f.absoluteFilePath();
}

void tst_BreakdownReference::matchesHta()
{
    QFETCH(QString, path);
    kinetojson::EventReader reader;
    const std::string text = kinetojson::readFile(path);
    QVERIFY(!text.empty());
    QVERIFY(nlohmann::json::sax_parse(text, &reader));
    const Reference ref = reference(reader.events);

    const QJsonObject out = runJson({ "breakdown", path, "--json" });
    const QJsonArray ranks = out["ranks"].toArray();
    QCOMPARE(ranks.size(), 1);
    const QJsonObject rank = ranks.first().toObject();
    QCOMPARE(rank["device_work"].toBool(), ref.any);
    const auto micros = [&rank](const char* key) { return qint64(rank[key].toDouble()) / 1000; };
    QCOMPARE(micros("span_ns"), ref.span / 1000);
    QCOMPARE(micros("idle_ns"), ref.idle / 1000);
    QCOMPARE(micros("compute_ns"), ref.compute / 1000);
    QCOMPARE(micros("non_compute_ns"), ref.nonCompute / 1000);
    QCOMPARE(micros("communication_ns"), ref.communication / 1000);
    QCOMPARE(micros("comm_overlap_ns"), ref.overlap / 1000);
    if (ref.communication > 0)
        QVERIFY(std::abs(rank["comm_overlap_pct"].toDouble() - 100.0 * double(ref.overlap) / double(ref.communication))
            < 1e-4);
    else
        QVERIFY(rank["comm_overlap_pct"].isNull());
}

QTEST_GUILESS_MAIN(tst_BreakdownReference)
#include "tst_breakdownreference.moc"
