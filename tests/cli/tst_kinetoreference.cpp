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
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Ev {
    std::string ph, cat, name, pid, tid;
    int64_t ts = 0, dur = 0;
    bool hasTs = false, hasDur = false;
    std::optional<int64_t> correlation, external;
};

// µs as written ("1712195495505543.2", "829", 3.5e2) → ns, exactly for plain decimals.
int64_t microsToNs(const std::string& text)
{
    if (text.find_first_of("eE") != std::string::npos)
        return static_cast<int64_t>(std::llround(std::stold(text) * 1000.0L));
    const bool neg = !text.empty() && text[0] == '-';
    const size_t dot = text.find('.');
    const std::string whole
        = text.substr(neg ? 1 : 0, dot == std::string::npos ? std::string::npos : dot - (neg ? 1 : 0));
    std::string frac = dot == std::string::npos ? std::string() : text.substr(dot + 1);
    const bool up = frac.size() > 3 && frac[3] >= '5';
    frac = (frac + "000").substr(0, 3);
    const int64_t ns = std::stoll(whole.empty() ? "0" : whole) * 1000 + std::stoll(frac) + (up ? 1 : 0);
    return neg ? -ns : ns;
}

// Collects the events of "traceEvents" (or of a top-level array) with the fields used here.
class EventReader : public nlohmann::json_sax<nlohmann::json> {
public:
    std::vector<Ev> events;

    bool null() override { return value(std::string(), false); }
    bool boolean(bool) override { return value(std::string(), false); }
    bool number_integer(number_integer_t v) override { return value(std::to_string(v), true); }
    bool number_unsigned(number_unsigned_t v) override { return value(std::to_string(v), true); }
    bool number_float(number_float_t, const string_t& s) override { return value(s, true); }
    bool string(string_t& v) override { return value(v, false); }
    bool binary(binary_t&) override { return value(std::string(), false); }
    bool start_object(std::size_t) override
    {
        if (isEventSlot())
            events.emplace_back();
        m_stack.push_back({ true, m_key });
        return true;
    }
    bool end_object() override { return pop(); }
    bool start_array(std::size_t) override
    {
        m_stack.push_back({ false, m_key });
        return true;
    }
    bool end_array() override { return pop(); }
    bool key(string_t& k) override
    {
        m_key = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct Level {
        bool object;
        std::string key; // the key this container is the value of
    };
    // An event is an object directly in the top-level array, or in the top object's "traceEvents".
    bool isEventSlot() const
    {
        if (m_stack.size() == 1)
            return !m_stack[0].object;
        return m_stack.size() == 2 && m_stack[0].object && !m_stack[1].object && m_stack[1].key == "traceEvents";
    }
    size_t eventDepth() const { return m_stack.size() && !m_stack[0].object ? 2 : 3; }
    bool pop()
    {
        m_stack.pop_back();
        return true;
    }
    bool value(const std::string& text, bool number)
    {
        const size_t d = eventDepth();
        if (events.empty() || m_stack.size() < d)
            return true;
        Ev& e = events.back();
        if (m_stack.size() == d) {
            if (m_key == "ph")
                e.ph = text;
            else if (m_key == "cat")
                e.cat = text;
            else if (m_key == "name")
                e.name = text;
            else if (m_key == "pid")
                e.pid = text;
            else if (m_key == "tid")
                e.tid = text;
            else if (m_key == "ts" && number) {
                e.ts = microsToNs(text);
                e.hasTs = true;
            } else if (m_key == "dur" && number) {
                e.dur = microsToNs(text);
                e.hasDur = true;
            }
        } else if (m_stack.size() == d + 1 && m_stack.back().key == "args" && !text.empty()) {
            const bool digits = text.find_first_not_of("0123456789") == std::string::npos;
            if ((m_key == "correlation" || m_key == "correlation id") && digits)
                e.correlation = std::stoll(text);
            else if ((m_key == "External id" || m_key == "external id") && digits)
                e.external = std::stoll(text);
        }
        return true;
    }
    std::vector<Level> m_stack;
    std::string m_key;
};

std::string readFile(const QString& path)
{
    gzFile f = gzopen(QFile::encodeName(path).constData(), "rb"); // reads plain files as they are
    std::string out;
    if (!f)
        return out;
    char buf[1 << 16];
    int n = 0;
    while ((n = gzread(f, buf, sizeof buf)) > 0)
        out.append(buf, size_t(n));
    gzclose(f);
    return out;
}

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

QJsonObject runJson(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(STRATA_CLI_PATH), args);
    if (!p.waitForStarted(-1))
        return {};
    p.waitForFinished(-1);
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
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
    const QDir corpus(QStringLiteral(STRATA_SOURCE_DIR "/../shared/corpus/real"));
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
    for (const QJsonValue& v : summary["tracks"].toArray()) {
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
    for (const QJsonValue& v : ops["rows"].toArray()) {
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
