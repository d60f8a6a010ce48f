// SearchEngine: every filter alone and combined (AND) on a hand-made store with exact
// expected events; one and two threads against a brute-force scan on a larger store;
// cancellation and invalid queries. Every query also runs with a SearchIndex, whose result
// must be identical (rows, order, totals, type count) to the run without one.
#include <support/analysistestutil.h>
#include <support/searchenginestore.h>

#include <analysis/search/searchengine.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <algorithm>
#include <memory>
#include <random>

using namespace strata::store;
using namespace strata::analysis;
using analysistest::sortedWords;
using searchtest::bigStore;

namespace {
using Store = std::shared_ptr<const EventStore>;

// Args from "k=v k2=@text k3=1.5 k4=u7": '@' string, '.' double, 'u' uint, else int.
ArgSetId makeArgs(StoreBuilder& b, const QString& spec)
{
    std::vector<Arg> out;
    for (const QString& w : spec.split(' ', Qt::SkipEmptyParts)) {
        const int eq = w.indexOf('=');
        const StringId key = b.intern(w.left(eq).replace('_', ' ').toStdString());
        const QString v = w.mid(eq + 1);
        if (v.startsWith('@'))
            out.push_back(Arg::makeString(key, b.intern(v.mid(1).toStdString())));
        else if (v.startsWith('u'))
            out.push_back(Arg::makeUint(key, v.mid(1).toULongLong()));
        else if (v.contains('.'))
            out.push_back(Arg::makeDouble(key, v.toDouble()));
        else
            out.push_back(Arg::makeInt(key, v.toLongLong()));
    }
    return b.argSet(out.data(), out.size());
}

// Process "host" (pid 1): MainThread (10), worker (11). Process "device" (pid 2):
// "Tensor Engine" (1), "DMA queue" (2). Plus one instant of each scope.
Store handMade()
{
    StoreBuilder b;
    const ProcessId host = b.process(IdValue::number(1));
    const ProcessId dev = b.process(IdValue::number(2));
    b.setProcessName(host, b.intern("host"));
    b.setProcessName(dev, b.intern("device"));
    const uint32_t main = b.thread(host, IdValue::number(10));
    const uint32_t worker = b.thread(host, IdValue::number(11));
    const uint32_t tensor = b.thread(dev, IdValue::number(1));
    const uint32_t dma = b.thread(dev, IdValue::number(2));
    b.setThreadName(main, b.intern("MainThread"));
    b.setThreadName(worker, b.intern("worker"));
    b.setThreadName(tensor, b.intern("Tensor Engine"));
    b.setThreadName(dma, b.intern("DMA queue"));
    auto type = [&](const char* name, const char* cat) { return b.type(b.intern(name), b.intern(cat)); };
    auto x = [&](uint32_t t, const char* name, const char* cat, TimeNs ts, TimeNs dur, const char* args) {
        b.completeSlice(t, ts, dur, type(name, cat), makeArgs(b, args));
    };
    x(main, "aten::conv2d", "cpu_op", 100, 50, "flops=1000 layer=@conv1");
    x(main, "aten::convolution", "cpu_op", 110, 30, "layer=@conv1");
    x(main, "aten::linear", "cpu_op", 200, 40, "flops=5000.5 layer=@fc");
    x(main, "Conv2D_backward", "cpu_op,autograd", 300, 20, "");
    x(worker, "dataloader", "python_function", 50, 500, "step=@2 batch=16");
    x(tensor, "conv_kernel", "kernel", 120, 10, "bytes=2000000 opcode=@convolution");
    x(tensor, "conv_kernel", "kernel", 140, 12, "bytes=500 opcode=@convolution");
    x(tensor, "matmul", "kernel", 210, 30, "bytes=u3000000 opcode=@dot");
    x(dma, "dma_in", "dma", 100, 5, "bytes=1048576 queue=@q0 dims[0]=16 dims[1]=224");
    x(dma, "dma_out", "dma", 400, 8, "bytes=4096 queue=@qOut1");
    b.threadInstant(main, 90, type("inference_start", "marker"), makeArgs(b, "step=2"));
    b.processInstant(dev, 260, type("conv_done", "marker"), makeArgs(b, "bytes=2000000"));
    b.globalInstant(450, type("checkpoint", "marker"), ArgSetId());
    return StoreFinalizer::finalize(b);
}

// Query from "key:value&key:value": name, regex, exact, cat, track, arg (repeatable),
// min, max, from, to, case, noslices, noinstants.
SearchQuery parseQuery(const QString& spec)
{
    SearchQuery q;
    for (const QString& part : spec.split('&', Qt::SkipEmptyParts)) {
        const int colon = part.indexOf(':');
        const QString k = colon < 0 ? part : part.left(colon);
        const QString v = colon < 0 ? QString() : part.mid(colon + 1);
        if (k == "name") {
            q.name = v.toStdString();
        } else if (k == "regex") {
            q.name = v.toStdString();
            q.nameMode = NameMode::Regex;
        } else if (k == "exact") {
            q.name = v.toStdString();
            q.nameMode = NameMode::Exact;
        } else if (k == "cat") {
            q.category = v.toStdString();
        } else if (k == "track") {
            q.track = v.toStdString();
        } else if (k == "arg") {
            ArgCondition c;
            std::string error;
            if (!SearchQuery::parseArgCondition(v.toStdString(), &c, &error))
                qFatal("%s", error.c_str());
            q.args.push_back(c);
        } else if (k == "min") {
            q.minDur = v.toLongLong();
        } else if (k == "max") {
            q.maxDur = v.toLongLong();
        } else if (k == "from") {
            q.range = TimeRange { v.toLongLong(), q.range ? q.range->end : v.toLongLong() };
        } else if (k == "to") {
            q.range = TimeRange { q.range ? q.range->start : v.toLongLong(), v.toLongLong() };
        } else if (k == "case") {
            q.caseSensitive = true;
        } else if (k == "noslices") {
            q.slices = false;
        } else if (k == "noinstants") {
            q.instants = false;
        } else {
            qFatal("bad query key '%s'", qPrintable(k));
        }
    }
    return q;
}

// "name@ts" of every result event, sorted, space-separated.
QString describeResult(const EventStore& s, const SearchResult& r)
{
    QStringList out;
    for (SliceRow row : r.slices)
        out << QString("%1@%2").arg(QString::fromStdString(std::string(s.str(s.sliceName(row))))).arg(s.sliceTs(row));
    for (InstantRow row : r.instants)
        out << QString("%1@%2")
                   .arg(QString::fromStdString(std::string(s.str(s.types().get(s.instantType(row)).name))))
                   .arg(s.instantTs(row));
    out.sort();
    return out.join(' ');
}

// The whole result, field by field: what "identical with and without the index" means.
bool same(const SearchResult& a, const SearchResult& b)
{
    return a.slices == b.slices && a.instants == b.instants && a.count == b.count && a.totalNs == b.totalNs
        && a.typesMatched == b.typesMatched && a.cancelled == b.cancelled && a.error == b.error;
}

template <typename Row> bool strictlyAscending(const std::vector<Row>& rows)
{
    for (size_t i = 1; i < rows.size(); ++i)
        if (!(rows[i - 1] < rows[i]))
            return false;
    return true;
}

} // namespace

class tst_SearchEngine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void nameCategoryTrack_data();
    void nameCategoryTrack() { checkFilter(); }
    void argsTimesTables_data();
    void argsTimesTables() { checkFilter(); }
    void typesMatched();
    void invalidRegex();
    void cancelled();
    void bruteForce_data();
    void bruteForce();
    void sameWithIndex_data();
    void sameWithIndex();
    void cancelledWithIndex();
    void indexOfAnotherStore();

private:
    void checkFilter();
    Store m_store;
    // bigStore()'s index, built once: the tests on the big store only read it.
    SearchIndex m_bigIndex;
};

void tst_SearchEngine::initTestCase()
{
    m_store = handMade();
    QVERIFY(m_bigIndex.build(*bigStore()));
}

namespace {

// The columns of the filter tables: a query (parseQuery), the events it finds as name@ts in
// any order, and their total duration.
void addFilterColumns()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<qlonglong>("totalNs");
}

} // namespace

// What an event is and where: its name, its category, its track.
void tst_SearchEngine::nameCategoryTrack_data()
{
    addFilterColumns();
    const QString all = "aten::conv2d@100 aten::convolution@110 aten::linear@200 Conv2D_backward@300 dataloader@50 "
                        "conv_kernel@120 conv_kernel@140 matmul@210 dma_in@100 dma_out@400 "
                        "inference_start@90 conv_done@260 checkpoint@450";
    QTest::newRow("everything") << "" << all << 705LL;
    QTest::newRow("nothing") << "name:zzz"
                             << "" << 0LL;

    // name
    QTest::newRow("substring any case")
        << "name:conv"
        << "aten::conv2d@100 aten::convolution@110 Conv2D_backward@300 conv_kernel@120 conv_kernel@140 conv_done@260"
        << 122LL;
    QTest::newRow("substring case") << "name:Conv&case"
                                    << "Conv2D_backward@300" << 20LL;
    QTest::newRow("substring with colons") << "name:aten::c"
                                           << "aten::conv2d@100 aten::convolution@110" << 80LL;
    QTest::newRow("regex any case") << "regex:^conv"
                                    << "Conv2D_backward@300 conv_kernel@120 conv_kernel@140 conv_done@260" << 42LL;
    QTest::newRow("regex case") << "regex:^conv&case"
                                << "conv_kernel@120 conv_kernel@140 conv_done@260" << 22LL;
    QTest::newRow("regex alternation") << "regex:conv(2d|olution)$"
                                       << "aten::conv2d@100 aten::convolution@110" << 80LL;
    QTest::newRow("regex is not substring") << "regex:a.en"
                                            << "aten::conv2d@100 aten::convolution@110 aten::linear@200" << 120LL;
    QTest::newRow("substring is literal") << "name:a.en"
                                          << "" << 0LL;
    QTest::newRow("exact") << "exact:matmul"
                           << "matmul@210" << 30LL;
    QTest::newRow("exact any case") << "exact:MATMUL"
                                    << "matmul@210" << 30LL;
    QTest::newRow("exact case") << "exact:MATMUL&case"
                                << "" << 0LL;
    QTest::newRow("exact not substring") << "exact:conv"
                                         << "" << 0LL;

    // category
    QTest::newRow("cat") << "cat:cpu_op"
                         << "aten::conv2d@100 aten::convolution@110 aten::linear@200 Conv2D_backward@300" << 140LL;
    QTest::newRow("cat list item") << "cat:autograd"
                                   << "Conv2D_backward@300" << 20LL;
    QTest::newRow("cat not substring") << "cat:cpu"
                                       << "" << 0LL;
    QTest::newRow("cat instants") << "cat:MARKER"
                                  << "inference_start@90 conv_done@260 checkpoint@450" << 0LL;

    // track
    QTest::newRow("track label") << "track:dma"
                                 << "dma_in@100 dma_out@400" << 13LL;
    QTest::newRow("track process label")
        << "track:device"
        << "conv_kernel@120 conv_kernel@140 matmul@210 dma_in@100 dma_out@400 conv_done@260" << 65LL;
    QTest::newRow("track global") << "track:global"
                                  << "checkpoint@450" << 0LL;
    QTest::newRow("track thread") << "track:MainThread"
                                  << "aten::conv2d@100 aten::convolution@110 aten::linear@200 Conv2D_backward@300 "
                                     "inference_start@90"
                                  << 140LL;
}

// What an event carries and when: its args, its duration, its time; which tables; all at once.
void tst_SearchEngine::argsTimesTables_data()
{
    addFilterColumns();

    // args
    QTest::newRow("arg gt") << "arg:bytes>1000000"
                            << "conv_kernel@120 matmul@210 dma_in@100 conv_done@260" << 45LL;
    QTest::newRow("arg ge") << "arg:bytes>=1048576"
                            << "conv_kernel@120 matmul@210 dma_in@100 conv_done@260" << 45LL;
    QTest::newRow("arg gt boundary") << "arg:bytes>1048576"
                                     << "conv_kernel@120 matmul@210 conv_done@260" << 40LL;
    QTest::newRow("arg lt") << "arg:bytes<1000"
                            << "conv_kernel@140" << 12LL;
    QTest::newRow("arg le") << "arg:bytes<=4096"
                            << "conv_kernel@140 dma_out@400" << 20LL;
    QTest::newRow("arg eq number") << "arg:bytes=4096"
                                   << "dma_out@400" << 8LL;
    QTest::newRow("arg eq number forms") << "arg:bytes=4.096e3"
                                         << "dma_out@400" << 8LL;
    QTest::newRow("arg uint") << "arg:bytes=3000000"
                              << "matmul@210" << 30LL;
    QTest::newRow("arg double") << "arg:flops>2000"
                                << "aten::linear@200" << 40LL;
    QTest::newRow("arg double eq") << "arg:flops=5000.5"
                                   << "aten::linear@200" << 40LL;
    QTest::newRow("arg numeric string vs int") << "arg:step=2"
                                               << "dataloader@50 inference_start@90" << 500LL;
    QTest::newRow("arg numeric string order") << "arg:step<3"
                                              << "dataloader@50 inference_start@90" << 500LL;
    QTest::newRow("arg contains any case") << "arg:queue~out"
                                           << "dma_out@400" << 8LL;
    QTest::newRow("arg contains case") << "arg:queue~out&case"
                                       << "" << 0LL;
    QTest::newRow("arg contains number text") << "arg:bytes~000000"
                                              << "conv_kernel@120 matmul@210 conv_done@260" << 40LL;
    QTest::newRow("arg ne needs key") << "arg:opcode!=dot"
                                      << "conv_kernel@120 conv_kernel@140" << 22LL;
    QTest::newRow("arg eq text") << "arg:opcode=DOT"
                                 << "matmul@210" << 30LL;
    QTest::newRow("arg eq text case") << "arg:opcode=DOT&case"
                                      << "" << 0LL;
    QTest::newRow("arg exists") << "arg:layer"
                                << "aten::conv2d@100 aten::convolution@110 aten::linear@200" << 120LL;
    QTest::newRow("arg key any case") << "arg:LAYER=fc"
                                      << "aten::linear@200" << 40LL;
    QTest::newRow("arg text order") << "arg:layer<d"
                                    << "aten::conv2d@100 aten::convolution@110" << 80LL;
    QTest::newRow("arg text order gt") << "arg:layer>conv"
                                       << "aten::conv2d@100 aten::convolution@110 aten::linear@200" << 120LL;
    QTest::newRow("arg string not ordered vs number") << "arg:layer>5"
                                                      << "" << 0LL;
    QTest::newRow("arg flattened element") << "arg:dims>100"
                                           << "dma_in@100" << 5LL;
    QTest::newRow("arg flattened exact key") << "arg:dims[0]=16"
                                             << "dma_in@100" << 5LL;
    QTest::newRow("arg prefix is not a key") << "arg:dim=16"
                                             << "" << 0LL;
    QTest::newRow("arg two conditions") << "arg:bytes>1000&arg:opcode=convolution"
                                        << "conv_kernel@120" << 10LL;
    QTest::newRow("arg missing key") << "arg:nope=1"
                                     << "" << 0LL;

    // durations (instants have dur 0)
    QTest::newRow("min dur") << "min:30"
                             << "aten::conv2d@100 aten::convolution@110 aten::linear@200 dataloader@50 matmul@210"
                             << 650LL;
    QTest::newRow("max dur") << "max:10"
                             << "conv_kernel@120 dma_in@100 dma_out@400 inference_start@90 conv_done@260 checkpoint@450"
                             << 23LL;
    QTest::newRow("dur window")
        << "min:10&max:30"
        << "aten::convolution@110 Conv2D_backward@300 conv_kernel@120 conv_kernel@140 matmul@210" << 102LL;

    // time range: events whose [ts, end] intersects [from, to]
    QTest::newRow("range") << "from:105&to:125"
                           << "aten::conv2d@100 aten::convolution@110 dataloader@50 conv_kernel@120 dma_in@100"
                           << 595LL;
    QTest::newRow("range point") << "from:260&to:260"
                                 << "dataloader@50 conv_done@260" << 500LL;
    QTest::newRow("range instants edges") << "from:90&to:90"
                                          << "dataloader@50 inference_start@90" << 500LL;
    QTest::newRow("range after") << "from:1000&to:2000"
                                 << "" << 0LL;

    // tables
    QTest::newRow("instants only") << "noslices"
                                   << "inference_start@90 conv_done@260 checkpoint@450" << 0LL;
    QTest::newRow("slices only") << "noinstants&name:conv"
                                 << "aten::conv2d@100 aten::convolution@110 Conv2D_backward@300 conv_kernel@120 "
                                    "conv_kernel@140"
                                 << 122LL;

    // AND of everything
    QTest::newRow("and") << "name:conv&cat:kernel&track:tensor&arg:bytes>1000&min:5&max:11&from:0&to:1000"
                         << "conv_kernel@120" << 10LL;
    QTest::newRow("and empty") << "name:conv&cat:dma"
                               << "" << 0LL;
}

// The row's query finds its events with one thread and with two, in ascending rows.
void tst_SearchEngine::checkFilter()
{
    QFETCH(QString, query);
    QFETCH(QString, expected);
    QFETCH(qlonglong, totalNs);
    const SearchQuery q = parseQuery(query);
    for (unsigned threads : { 1u, 2u }) {
        const SearchResult r = SearchEngine::run(*m_store, q, nullptr, threads);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(describeResult(*m_store, r), sortedWords(expected));
        QCOMPARE(qlonglong(r.totalNs), totalNs);
        QCOMPARE(r.count, uint64_t(r.slices.size() + r.instants.size()));
        QVERIFY(strictlyAscending(r.slices));
        QVERIFY(strictlyAscending(r.instants));
    }
    SearchIndex index;
    QVERIFY(index.build(*m_store));
    const SearchResult plain = SearchEngine::run(*m_store, q, nullptr, 1);
    for (unsigned threads : { 1u, 2u })
        QVERIFY(same(SearchEngine::run(*m_store, q, nullptr, threads, &index), plain));
}

void tst_SearchEngine::typesMatched()
{
    SearchQuery q;
    q.name = "conv";
    // aten::conv2d, aten::convolution, Conv2D_backward, conv_kernel (one type), conv_done
    QCOMPARE(SearchEngine::run(*m_store, q).typesMatched, 5u);
    const std::vector<uint8_t> types = SearchEngine::matchTypes(*m_store, q);
    QCOMPARE(types.size(), m_store->types().size());
    QCOMPARE(std::count(types.begin(), types.end(), 1), 5L);
}

void tst_SearchEngine::invalidRegex()
{
    SearchQuery q;
    q.name = "conv(";
    q.nameMode = NameMode::Regex;
    const SearchResult r = SearchEngine::run(*m_store, q);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error).contains("regular expression"));
    QVERIFY(r.slices.empty());
    QCOMPARE(r.count, uint64_t(0));
    QVERIFY(SearchEngine::matchTypes(*m_store, q).empty());
}

void tst_SearchEngine::cancelled()
{
    std::atomic<bool> cancel { true };
    const SearchResult r = SearchEngine::run(*m_store, SearchQuery(), &cancel);
    QVERIFY(r.cancelled);
    QVERIFY(r.slices.empty());
    QVERIFY(r.instants.empty());
    QCOMPARE(r.count, uint64_t(0));
}

// A store large enough for two threads (>= 2 x 128K rows): the engine with one and two
// threads against a brute-force evaluation of the same predicates.
void tst_SearchEngine::bruteForce_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("substring") << "name:op_1";
    QTest::newRow("regex") << "regex:^op_(3|17)$";
    QTest::newRow("arg") << "arg:bytes>900000";
    QTest::newRow("dur") << "min:40&max:60";
    // Durations of one thread's blocks only, and at their bounds (100: the short threads'
    // longest; 198: the long thread's shortest, a nested child).
    QTest::newRow("long thread") << "min:101";
    QTest::newRow("short threads") << "max:197";
    QTest::newRow("block bounds") << "min:100&max:198";
    QTest::newRow("dur and name") << "name:op_1&min:250";
    // Types the fourth thread does not have: its blocks are skipped by their type buckets.
    QTest::newRow("types of three threads") << "regex:^op_(2[5-9]|3[0-9])$";
    QTest::newRow("types of all threads") << "regex:^op_(19|20)$";
    QTest::newRow("the one type of blocks") << "exact:op_19";
    QTest::newRow("range") << "from:1000000&to:2000000";
    QTest::newRow("combined") << "name:op_2&arg:bytes<500000&min:10&from:500000&to:9000000";
    QTest::newRow("track") << "track:Thread 3";
}

void tst_SearchEngine::bruteForce()
{
    QFETCH(QString, query);
    const Store big = bigStore();
    const EventStore& s = *big;
    QVERIFY(s.sliceCount() > 2u * 131072u);
    const SearchQuery q = parseQuery(query);

    // Brute force. Whether a name or a track matches is worked out once per string and
    // track (the store's 480,000 rows share 47 names), not per row.
    std::vector<SliceRow> want;
    TimeNs wantTotal = 0;
    const StringId bytesKey = s.strings().find("bytes");
    const QRegularExpression re(QString::fromStdString(q.name), QRegularExpression::CaseInsensitiveOption);
    std::vector<char> nameOk(s.strings().size()), trackOk(s.trackCount());
    for (uint32_t i = 0; i < nameOk.size(); ++i) {
        const std::string name(s.str(StringId(i)));
        nameOk[i] = q.name.empty()
            || (q.nameMode == NameMode::Regex ? re.match(QString::fromStdString(name)).hasMatch()
                                              : name.find(q.name) != std::string::npos);
    }
    for (uint32_t t = 0; t < trackOk.size(); ++t)
        trackOk[t] = q.track.empty() || s.trackLabel(TrackId(t)).find(q.track) != std::string::npos;
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const SliceRow row(r);
        bool ok = nameOk.at(s.sliceName(row).v) && trackOk.at(s.sliceTrack(row).v);
        const TimeNs ts = s.sliceTs(row), dur = s.sliceDur(row);
        if (ok && q.minDur)
            ok = dur >= *q.minDur;
        if (ok && q.maxDur)
            ok = dur <= *q.maxDur;
        if (ok && q.range)
            ok = ts <= q.range->end && ts + dur >= q.range->start;
        for (const ArgCondition& c : q.args) {
            Arg a;
            double v = 0;
            if (!ok)
                break;
            ok = s.args().find(s.sliceArgs(row), bytesKey, &a) && a.number(&v)
                && (c.op == ArgOp::Gt ? v > std::stod(c.value) : v < std::stod(c.value));
        }
        if (ok) {
            want.push_back(row);
            wantTotal += dur;
        }
    }
    QVERIFY(!want.empty());
    const SearchIndex* const indexes[] = { nullptr, &m_bigIndex };
    for (const SearchIndex* with : indexes) {
        for (unsigned threads : { 1u, 2u }) {
            const SearchResult r = SearchEngine::run(s, q, nullptr, threads, with);
            QVERIFY(r.ok());
            QCOMPARE(r.slices.size(), want.size());
            QVERIFY(r.slices == want);
            QCOMPARE(r.totalNs, wantTotal);
        }
    }
}

// Queries that take each of the engine's paths on the big store: rare names answered from
// the index's rows (alone, with categories, args, durations, ranges, tracks), common names
// scanned, args evaluated per set up front or lazily, whole ranges appended. With the index
// and without, on one thread and two: the same result.
void tst_SearchEngine::sameWithIndex_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("rare name") << "name:rare_conv_3";
    QTest::newRow("rare names") << "name:rare_";
    QTest::newRow("rare exact") << "exact:RARE_DMA";
    QTest::newRow("rare regex") << "regex:^rare_conv_[12]$";
    QTest::newRow("rare case") << "name:Rare&case";
    QTest::newRow("spans two names") << "name:3rare";
    QTest::newRow("spans two names case") << "name:0rare&case";
    QTest::newRow("rare category") << "cat:rare";
    QTest::newRow("rare category list") << "cat:dma";
    QTest::newRow("rare and arg") << "name:rare&arg:layer=layer1";
    QTest::newRow("rare and arg number") << "name:rare&arg:bytes>500000";
    QTest::newRow("rare and duration") << "name:rare&min:20&max:70";
    QTest::newRow("rare in a range") << "name:rare&from:100000&to:900000";
    QTest::newRow("rare range point") << "name:rare&from:500000&to:500000";
    QTest::newRow("rare on a track") << "name:rare&track:Thread 2";
    QTest::newRow("rare no instants") << "name:rare&noinstants";
    QTest::newRow("rare instants only") << "name:rare&noslices";
    QTest::newRow("rare everything") << "name:rare&cat:rare&track:Thread&arg:bytes<900000&min:2&from:1000&to:9000000";
    QTest::newRow("common name") << "name:op_1";
    QTest::newRow("common category") << "cat:k";
    QTest::newRow("common and rare") << "regex:^(op_3|rare_dma)$";
    QTest::newRow("arg all rows") << "arg:bytes>900000";
    QTest::newRow("arg text") << "arg:layer~1";
    QTest::newRow("args two") << "arg:bytes>1000&arg:layer";
    QTest::newRow("arg few rows") << "name:op_7&arg:bytes<10000&from:0&to:20000";
    QTest::newRow("track only") << "track:Thread 3";
    QTest::newRow("range only") << "from:1000000&to:2000000";
    QTest::newRow("duration only") << "min:90";
    QTest::newRow("long durations") << "min:101";
    QTest::newRow("short durations") << "max:100";
    QTest::newRow("between the blocks") << "min:150&max:190";
    QTest::newRow("duration at block bounds") << "min:100&max:198";
    QTest::newRow("duration and arg") << "arg:bytes>500000&max:20";
    QTest::newRow("duration, name, range") << "name:op_&min:250&from:100000&to:900000";
    QTest::newRow("types not on a thread") << "regex:^op_(2[5-9]|3[0-9])$";
    QTest::newRow("types not on a thread, arg") << "regex:^op_3[0-9]$&arg:bytes>500000";
    QTest::newRow("one type of every thread, long") << "exact:op_19&min:200";
    QTest::newRow("everything") << "";
    QTest::newRow("nothing") << "name:zzz";
}

void tst_SearchEngine::sameWithIndex()
{
    QFETCH(QString, query);
    const Store big = bigStore();
    const SearchIndex& index = m_bigIndex;
    const SearchQuery q = parseQuery(query);
    const SearchResult plain = SearchEngine::run(*big, q, nullptr, 1);
    QVERIFY(plain.ok());
    QVERIFY(strictlyAscending(plain.slices));
    for (unsigned threads : { 1u, 2u }) {
        QVERIFY(same(SearchEngine::run(*big, q, nullptr, threads), plain));
        QVERIFY(same(SearchEngine::run(*big, q, nullptr, threads, &index), plain));
    }
    QVERIFY(SearchEngine::matchTypes(*big, q, 0, &index) == SearchEngine::matchTypes(*big, q));
}

// Cancelled with the index as without: no rows, the same type count.
void tst_SearchEngine::cancelledWithIndex()
{
    const Store big = bigStore();
    for (const char* spec : { "", "name:rare", "name:op_1&arg:bytes>10", "track:Thread 1" }) {
        const SearchQuery q = parseQuery(spec);
        std::atomic<bool> cancel { true };
        const SearchResult plain = SearchEngine::run(*big, q, &cancel);
        const SearchResult indexed = SearchEngine::run(*big, q, &cancel, 0, &m_bigIndex);
        QVERIFY(plain.cancelled);
        QVERIFY(plain.slices.empty() && plain.instants.empty());
        QCOMPARE(plain.count, uint64_t(0));
        QVERIFY(same(indexed, plain));
    }
}

// An index built for another store is ignored: the result is the run without one.
void tst_SearchEngine::indexOfAnotherStore()
{
    SearchQuery q;
    q.name = "conv";
    QVERIFY(same(SearchEngine::run(*m_store, q, nullptr, 0, &m_bigIndex), SearchEngine::run(*m_store, q)));
}

QTEST_APPLESS_MAIN(tst_SearchEngine)
#include "tst_searchengine.moc"
