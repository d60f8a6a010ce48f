// strata-cli's device numbers on the corpus Kineto traces against a reference computed here,
// from the raw JSON (nlohmann's SAX reader, timestamps parsed exactly from their decimal
// text), without the store or its classifier:
//  - device tracks: the (pid, tid) holding device work (kernel, gpu_memcpy, gpu_memset,
//    Kernel, Memcpy, Memset, mtia_ccp_events);
//  - busy time of each: the union of its device-work intervals, in ns;
//  - framework time: device work summed by the outermost CPU op (cpu_op/Operator, not
//    ProfilerStep#N) around its launch (same correlation id), or around the op with its
//    External id; the rest is unattributed.
// strata-cli summary --json must give the same device tracks and busy times, and ops --level
// framework --json the same rows over 2 % of device time (within 1 % of device time), with a
// "(none)" share no larger than the reference's unattributed share plus 1 %.
#include "clirun.h"
#include <support/kinetojson.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <support/sourcedir.h>
#include <unordered_map>
#include <vector>

namespace {

using kinetojson::Ev;
using kinetojson::EventReader;
using kinetojson::readFile;

bool isDeviceWork(const std::string& c)
{
    static const std::set<std::string> kinds
        = { "kernel", "gpu_memcpy", "gpu_memset", "Kernel", "Memcpy", "Memset", "mtia_ccp_events" };
    return kinds.count(c) != 0;
}

bool isLaunch(const std::string& c)
{
    return c == "cuda_runtime" || c == "Runtime" || c == "cuda_driver" || c == "mtia_runtime" || c == "hip_runtime";
}

bool isOp(const Ev& e)
{
    return (e.cat == "cpu_op" || e.cat == "Operator") && e.name.rfind("ProfilerStep#", 0) != 0;
}

struct Reference {
    std::map<std::pair<std::string, std::string>, int64_t> busy; // device (pid, tid) → union, ns
    int64_t deviceNs = 0; // sum of the busy times
    std::map<std::string, int64_t> framework; // outermost op → device work, ns
    int64_t unattributed = 0;
};

Reference reference(const std::vector<Ev>& all)
{
    Reference ref;
    std::vector<const Ev*> xs;
    for (const Ev& e : all)
        if (e.ph == "X" && e.hasTs && e.hasDur)
            xs.push_back(&e);
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<int64_t, int64_t>>> spans;
    std::map<std::pair<std::string, std::string>, std::vector<const Ev*>> ops;
    std::unordered_map<int64_t, const Ev*> launches, opByExternal;
    for (const Ev* e : xs) {
        if (isDeviceWork(e->cat))
            spans[{ e->pid, e->tid }].push_back({ e->ts, e->ts + e->dur });
        if (isLaunch(e->cat) && e->correlation)
            launches.emplace(*e->correlation, e);
        if (isOp(*e)) {
            ops[{ e->pid, e->tid }].push_back(e);
            if (e->external)
                opByExternal.emplace(*e->external, e);
        }
    }
    for (auto& [track, list] : spans) {
        std::sort(list.begin(), list.end());
        int64_t total = 0, start = list.front().first, end = list.front().second;
        for (const auto& [s, t] : list) {
            if (s > end) {
                total += end - start;
                start = s;
                end = t;
            } else
                end = std::max(end, t);
        }
        total += end - start;
        ref.busy[track] = total;
        ref.deviceNs += total;
    }
    // The outermost op on the thread of `e` whose interval holds e's.
    auto outermost = [&](const Ev* e) -> const Ev* {
        const Ev* best = nullptr;
        for (const Ev* op : ops[{ e->pid, e->tid }])
            if (op->ts <= e->ts && op->ts + op->dur >= e->ts + e->dur && (!best || op->dur > best->dur))
                best = op;
        return best;
    };
    for (const Ev* e : xs) {
        if (!isDeviceWork(e->cat))
            continue;
        const Ev* op = nullptr;
        const auto l = e->correlation ? launches.find(*e->correlation) : launches.end();
        if (l != launches.end())
            op = outermost(l->second);
        else if (e->external) {
            const auto o = opByExternal.find(*e->external);
            if (o != opByExternal.end())
                op = outermost(o->second);
        }
        if (op)
            ref.framework[op->name] += e->dur;
        else
            ref.unattributed += e->dur;
    }
    return ref;
}

// What strata-cli printed, read as a JSON object (empty when it printed none).
QJsonObject runJson(const QStringList& args)
{
    return QJsonDocument::fromJson(runCli(args).out).object();
}

std::string idText(const QJsonValue& v)
{
    return v.isString() ? v.toString().toStdString() : std::to_string(qint64(v.toDouble()));
}

} // namespace

class tst_KinetoReference : public QObject {
    Q_OBJECT

private slots:
    void matchesReference_data();
    void matchesReference();
};

void tst_KinetoReference::matchesReference_data()
{
    QTest::addColumn<QString>("path");
    const QDir corpus(strata::test::sourcePath("/../shared/corpus/real"));
    if (!corpus.exists())
        QSKIP("the shared corpus is not beside the repository");
    for (const char* dir : { "facebookresearch__HolisticTraceAnalysis", "pytorch__kineto" })
        for (const QFileInfo& f : QDir(corpus.filePath(dir)).entryInfoList(QDir::Files, QDir::Name))
            if (!f.fileName().contains("execution_trace")) // a PyTorch execution graph, not a Kineto trace
                QTest::newRow(qPrintable(f.fileName())) << f.absoluteFilePath();
}

void tst_KinetoReference::matchesReference()
{
    QFETCH(QString, path);
    EventReader reader;
    const std::string text = readFile(path);
    QVERIFY(!text.empty());
    QVERIFY(nlohmann::json::sax_parse(text, &reader));
    const Reference ref = reference(reader.events);

    const QJsonObject summary = runJson({ "summary", path, "--json" });
    QVERIFY(summary.contains("tracks"));
    std::map<std::pair<std::string, std::string>, int64_t> busy;
    for (const QJsonValue v : summary["tracks"].toArray()) {
        const QJsonObject t = v.toObject();
        if (t["device"].toBool())
            busy[{ idText(t["pid"]), idText(t["tid"]) }] = qint64(t["busy_ns"].toDouble());
    }
    QCOMPARE(busy, ref.busy);
    if (ref.busy.empty()) {
        QCOMPARE(summary["scope_fallback"].toString(), QString("no device tracks"));
        return;
    }
    QVERIFY(summary["scope_fallback"].isNull());

    const QJsonObject ops = runJson({ "ops", path, "--level", "framework", "--scope", "device", "--json" });
    QCOMPARE(qint64(ops["busy_ns"].toDouble()), qint64(ref.deviceNs));
    const double tolerance = 0.01 * double(ref.deviceNs);
    std::map<std::string, int64_t> rows;
    int64_t none = 0;
    for (const QJsonValue v : ops["rows"].toArray()) {
        const QJsonObject r = v.toObject();
        if (r["name"].toString() == QLatin1String("(none)"))
            none = qint64(r["total_ns"].toDouble());
        else
            rows[r["name"].toString().toStdString()] = qint64(r["total_ns"].toDouble());
    }
    for (const auto& [name, ns] : ref.framework) {
        if (double(ns) < 0.02 * double(ref.deviceNs))
            continue;
        const double got = rows.count(name) ? double(rows[name]) : 0.0;
        QVERIFY2(std::abs(got - double(ns)) <= tolerance,
            qPrintable(QString("%1: %2 ns, reference %3 ns").arg(QString::fromStdString(name)).arg(got).arg(ns)));
    }
    QVERIFY2(double(none) <= double(ref.unattributed) + tolerance,
        qPrintable(QString("(none) %1 ns, reference unattributed %2 ns").arg(none).arg(ref.unattributed)));
}

QTEST_GUILESS_MAIN(tst_KinetoReference)
#include "tst_kinetoreference.moc"
