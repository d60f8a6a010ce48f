// SourceIndex: locations from every origin (type source, "source", "loc", file+line, NKI
// lists, Kineto call stacks) with their priority, the gutter's per-line counts and times,
// line → rows (one line and the union of several), event → line. SourceLocator's text rules
// on their own are tst_sourcelocator's.
#include <support/analysistestutil.h>

#include <analysis/source/sourceindex.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <algorithm>
#include <map>
#include <memory>
#include <random>

using namespace strata::store;
using namespace strata::analysis;
using analysistest::sortedWords;

namespace {
using Store = std::shared_ptr<const EventStore>;

// Args from "k=v|k2=@text|k3=u7" ('|' separates: values hold spaces): '@' string, else int.
std::vector<Arg> makeArgs(StoreBuilder& b, const QString& spec)
{
    std::vector<Arg> out;
    for (const QString& w : spec.split('|', Qt::SkipEmptyParts)) {
        const int eq = w.indexOf('=');
        const StringId key = b.intern(w.left(eq).toStdString());
        const QString v = w.mid(eq + 1);
        if (v.startsWith('@'))
            out.push_back(Arg::makeString(key, b.intern(v.mid(1).toStdString())));
        else
            out.push_back(Arg::makeInt(key, v.toLongLong()));
    }
    return out;
}

struct Fixture {
    StoreBuilder b;
    ProcessId p = b.process(IdValue::number(1));
    uint32_t th = b.thread(p, IdValue::number(1));
    uint32_t th2 = b.thread(p, IdValue::number(2));
    TimeNs ts = 0;

    // A top-level slice named `name` with `dur`; the type's source is `typeSource` (as the
    // Chrome importer does with a "source" arg), the args from `args`.
    void slice(const char* name, TimeNs dur, const char* typeSource, const QString& args, uint32_t thread = UINT32_MAX)
    {
        const std::vector<Arg> a = makeArgs(b, args);
        const TypeId type = b.type(b.intern(name), b.intern("cat"), *typeSource ? b.intern(typeSource) : StringId());
        b.completeSlice(thread == UINT32_MAX ? th : thread, ts, dur, type, b.argSet(a.data(), a.size()));
        ts += dur + 10;
    }
};

Store handMade()
{
    Fixture f;
    // type source (x3, one nested) — the Chrome importer keeps "source" in the args too
    f.slice("typed_a", 100, "model.py:12", "source=@model.py:12");
    f.slice("typed_b", 50, "model.py:12", "source=@model.py:12|bytes=4");
    f.b.completeSlice(f.th, 0 + 10, 20,
        f.b.type(f.b.intern("typed_nested"), f.b.intern("cat"), f.b.intern("./model.py:12:5")),
        ArgSetId()); // inside typed_a [0, 100]
    // the type's source wins over args
    f.slice("typed_over_loc", 7, "model.py:14", "loc=@other.py:1");
    // "source" arg not in the type (another importer)
    f.slice("source_arg", 30, "", "source=@./model.py:20");
    // "loc" with a column
    f.slice("loc_col", 11, "", "loc=@kernels/attn.py:42:7");
    // file + line, the three spellings; a file holding "path:line" alone
    f.slice("file_line", 13, "", "file=@kernels\\attn.py|line=50");
    f.slice("file_path_line_number", 17, "", "file_path=@a/../kernels/attn.py|line_number=@51");
    f.slice("filename_lineno", 19, "", "filename=@kernels/attn.py|lineno=52");
    f.slice("file_alone", 23, "", "file=@model.py:30");
    // NKI: a list text, a flattened list, the BIR location
    f.slice("nki_list", 29, "", "nki_source_location=@['kernels/attn.py:10', 'kernels/attn.py:60']");
    f.slice(
        "nki_flat", 31, "", "nki_source_location[0]=@kernels/attn.py:10|nki_source_location[1]=@kernels/attn.py:61");
    f.slice("bir", 37, "", "bir_debug_info_source_location=@kernels/attn.py:62");
    // Kineto call stacks: innermost user frame; all-library stack → innermost frame
    f.slice("kineto", 41, "",
        "Call stack=@/usr/lib/python3.10/site-packages/torch/nn/modules/module.py(1501): _call_impl;"
        "train.py(88): forward;train.py(120): <module>");
    f.slice("kineto_lib_only", 43, "",
        "Call stack=@<built-in method conv2d>(0): x;/opt/conda/lib/python3.10/site-packages/torch/functional.py(77): "
        "f");
    // falls through: "source" does not parse, "loc" does
    f.slice("fallthrough", 47, "", "source=@unknown|loc=@model.py:40");
    // priority among args: source before loc before file+line before NKI before call stack
    f.slice("priority", 53, "",
        "Call stack=@train.py(9): f|nki_source_location=@k.py:1|file=@f.py|line=2|loc=@model.py:41|source=@bad");
    // no location
    f.slice("nowhere", 59, "", "bytes=1");
    f.slice("bad_text", 61, "", "loc=@model.py|file=@x.py|line=0");
    // same line from two origins on another thread: one line, both counted
    f.slice("other_thread", 67, "", "loc=@model.py:20", f.th2);
    // instants: type source and arg
    f.b.threadInstant(
        f.th, 5, f.b.type(f.b.intern("inst_typed"), f.b.intern("cat"), f.b.intern("model.py:12")), ArgSetId());
    const std::vector<Arg> ia = makeArgs(f.b, "loc=@train.py:88");
    f.b.threadInstant(f.th2, 6, f.b.type(f.b.intern("inst_arg"), f.b.intern("cat")), f.b.argSet(ia.data(), ia.size()));
    return StoreFinalizer::finalize(f.b);
}

SliceRow rowNamed(const EventStore& s, const QString& name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (QString::fromStdString(std::string(s.str(s.sliceName(SliceRow(r))))) == name)
            return SliceRow(r);
    return SliceRow();
}

QString names(const EventStore& s, const std::vector<SliceRow>& rows)
{
    QStringList out;
    for (SliceRow r : rows)
        out << QString::fromStdString(std::string(s.str(s.sliceName(r))));
    out.sort();
    return out.join(' ');
}

std::vector<uint32_t> lineList(const QString& s)
{
    std::vector<uint32_t> out;
    for (const QString& w : s.split(',', Qt::SkipEmptyParts))
        out.push_back(w.toUInt());
    return out;
}

} // namespace

class tst_SourceIndex : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void files();
    void lines_data();
    void lines();
    void locationOf_data();
    void locationOf();
    void rowsForLines_data();
    void rowsForLines();
    void instants();
    void origins();
    void findFile_data();
    void findFile();
    void cancelled();
    void noLocations();
    void unionMatchesBruteForce();
    void sparseUnion();

private:
    Store m_store;
    SourceIndex m_index;
};

void tst_SourceIndex::initTestCase()
{
    m_store = handMade();
    QVERIFY(m_index.build(*m_store));
}

void tst_SourceIndex::files()
{
    QStringList paths;
    for (const SourceFile& f : m_index.files())
        paths << QString::fromStdString(f.path);
    // sorted by path; only files with located events (f.py and k.py of "priority" never
    // became locations: an earlier origin of that event parsed)
    QCOMPARE(paths,
        QStringList({ "/opt/conda/lib/python3.10/site-packages/torch/functional.py", "kernels/attn.py", "model.py",
            "train.py" }));
    const SourceFile& model = m_index.files()[size_t(m_index.findFile("model.py"))];
    // lines 12 (4 slices + 1 instant), 14, 20 (2), 30, 40, 41
    QCOMPARE(model.slices, 9u);
    QCOMPARE(model.instants, 1u);
    QCOMPARE(model.totalNs, TimeNs(100 + 50 + 20 + 7 + 30 + 67 + 23 + 47 + 53));
}

void tst_SourceIndex::lines_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("lines"); // line:slices:instants:totalNs, ascending
    QTest::newRow("model.py") << "model.py"
                              << "12:3:1:170 14:1:0:7 20:2:0:97 30:1:0:23 40:1:0:47 41:1:0:53";
    QTest::newRow("kernels/attn.py") << "kernels/attn.py"
                                     << "42:1:0:11 50:1:0:13 51:1:0:17 52:1:0:19 60:1:0:29 "
                                        "61:1:0:31 62:1:0:37";
    QTest::newRow("train.py") << "train.py"
                              << "88:1:1:41";
    QTest::newRow("library only") << "/opt/conda/lib/python3.10/site-packages/torch/functional.py"
                                  << "77:1:0:43";
}

void tst_SourceIndex::lines()
{
    QFETCH(QString, file);
    QFETCH(QString, lines);
    const int f = m_index.findFile(file.toStdString());
    QVERIFY(f >= 0);
    QStringList got;
    for (const SourceLine& l : m_index.files()[size_t(f)].lines)
        got << QString("%1:%2:%3:%4").arg(l.line).arg(l.slices).arg(l.instants).arg(l.totalNs);
    QCOMPARE(got.join(' '), lines);
    QVERIFY(m_index.findLine(f, m_index.files()[size_t(f)].lines.front().line));
    QVERIFY(!m_index.findLine(f, 9999));
}

void tst_SourceIndex::locationOf_data()
{
    QTest::addColumn<QString>("event");
    QTest::addColumn<QString>("location"); // file:line, "" = none
    QTest::newRow("type source") << "typed_a"
                                 << "model.py:12";
    QTest::newRow("type source 2") << "typed_b"
                                   << "model.py:12";
    QTest::newRow("type source normalised, column") << "typed_nested"
                                                    << "model.py:12";
    QTest::newRow("type beats args") << "typed_over_loc"
                                     << "model.py:14";
    QTest::newRow("source arg") << "source_arg"
                                << "model.py:20";
    QTest::newRow("loc with column") << "loc_col"
                                     << "kernels/attn.py:42";
    QTest::newRow("file + line, backslashes") << "file_line"
                                              << "kernels/attn.py:50";
    QTest::newRow("file_path + line_number string") << "file_path_line_number"
                                                    << "kernels/attn.py:51";
    QTest::newRow("filename + lineno") << "filename_lineno"
                                       << "kernels/attn.py:52";
    QTest::newRow("file alone with line") << "file_alone"
                                          << "model.py:30";
    QTest::newRow("nki list: last entry") << "nki_list"
                                          << "kernels/attn.py:60";
    QTest::newRow("nki flattened: last entry") << "nki_flat"
                                               << "kernels/attn.py:61";
    QTest::newRow("bir location") << "bir"
                                  << "kernels/attn.py:62";
    QTest::newRow("call stack: innermost user frame") << "kineto"
                                                      << "train.py:88";
    QTest::newRow("call stack: library only") << "kineto_lib_only"
                                              << "/opt/conda/lib/python3.10/site-packages/torch/functional.py:77";
    QTest::newRow("falls through to loc") << "fallthrough"
                                          << "model.py:40";
    QTest::newRow("priority: loc after a bad source") << "priority"
                                                      << "model.py:41";
    QTest::newRow("no location") << "nowhere"
                                 << "";
    QTest::newRow("unparseable") << "bad_text"
                                 << "";
    QTest::newRow("other thread") << "other_thread"
                                  << "model.py:20";
}

void tst_SourceIndex::locationOf()
{
    QFETCH(QString, event);
    QFETCH(QString, location);
    const SliceRow row = rowNamed(*m_store, event);
    QVERIFY(row.valid());
    const SourceIndex::Location loc = m_index.locationOf(*m_store, row);
    const QString got = loc.valid()
        ? QString("%1:%2").arg(QString::fromStdString(m_index.files()[size_t(loc.file)].path)).arg(loc.line)
        : QString();
    QCOMPARE(got, location);
    // Round trip: the event is among its line's rows.
    if (loc.valid()) {
        const std::vector<SliceRow> rows = m_index.rowsForLines(loc.file, { loc.line });
        QVERIFY(std::binary_search(rows.begin(), rows.end(), row));
    }
}

void tst_SourceIndex::rowsForLines_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("lines");
    QTest::addColumn<QString>("events");
    QTest::newRow("one line") << "model.py"
                              << "12"
                              << "typed_a typed_b typed_nested";
    QTest::newRow("line of two origins") << "model.py"
                                         << "20"
                                         << "source_arg other_thread";
    QTest::newRow("union") << "model.py"
                           << "12,20,40"
                           << "typed_a typed_b typed_nested source_arg other_thread fallthrough";
    QTest::newRow("union unsorted, repeated") << "model.py"
                                              << "40,12,40,12"
                                              << "typed_a typed_b typed_nested fallthrough";
    QTest::newRow("lines without events ignored") << "model.py"
                                                  << "1,13,14,999"
                                                  << "typed_over_loc";
    QTest::newRow("kernel lines") << "kernels/attn.py"
                                  << "42,50,51,52,60,61,62"
                                  << "loc_col file_line file_path_line_number filename_lineno nki_list nki_flat bir";
    QTest::newRow("suffix path") << "/home/me/project/train.py"
                                 << "88"
                                 << "kineto";
    QTest::newRow("unknown file") << "nope.py"
                                  << "1"
                                  << "";
    QTest::newRow("no lines") << "model.py"
                              << ""
                              << "";
}

void tst_SourceIndex::rowsForLines()
{
    QFETCH(QString, file);
    QFETCH(QString, lines);
    QFETCH(QString, events);
    const std::vector<SliceRow> rows = m_index.rowsForLines(file.toStdString(), lineList(lines));
    QCOMPARE(names(*m_store, rows), sortedWords(events));
    for (size_t i = 1; i < rows.size(); ++i)
        QVERIFY(rows[i - 1] < rows[i]); // ascending, unique
}

void tst_SourceIndex::instants()
{
    const int model = m_index.findFile("model.py");
    const std::vector<InstantRow> at12 = m_index.instantsForLines(model, { 12 });
    QCOMPARE(at12.size(), size_t(1));
    QCOMPARE(m_store->str(m_store->types().get(m_store->instantType(at12[0])).name), std::string_view("inst_typed"));
    const int train = m_index.findFile("train.py");
    const std::vector<InstantRow> at88 = m_index.instantsForLines(train, { 88 });
    QCOMPARE(at88.size(), size_t(1));
    const SourceIndex::Location loc = m_index.locationOf(*m_store, at88[0]);
    QCOMPARE(loc.file, train);
    QCOMPARE(loc.line, 88u);
    QCOMPARE(m_index.instantsForLines(model, { 12, 20 }).size(), size_t(1));
    QVERIFY(m_index.instantsForLines(model, { 20 }).empty());
    QCOMPARE(m_index.locatedInstants(), uint64_t(2));
}

void tst_SourceIndex::origins()
{
    // slices + instants per origin
    QCOMPARE(m_index.originCount(SourceOrigin::TypeSource), uint64_t(4 + 1));
    QCOMPARE(m_index.originCount(SourceOrigin::SourceArg), uint64_t(1));
    QCOMPARE(m_index.originCount(SourceOrigin::Loc),
        uint64_t(1 + 1 + 1 + 1 + 1)); // loc_col, fallthrough, priority, other_thread, inst_arg
    QCOMPARE(m_index.originCount(SourceOrigin::FileLine), uint64_t(4));
    QCOMPARE(m_index.originCount(SourceOrigin::Nki), uint64_t(3));
    QCOMPARE(m_index.originCount(SourceOrigin::CallStack), uint64_t(2));
    QCOMPARE(m_index.locatedSlices(), uint64_t(m_store->sliceCount() - 2)); // all but nowhere, bad_text
    QVERIFY(m_index.residentBytes() > 0);
}

void tst_SourceIndex::findFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("found");
    QTest::newRow("exact") << "model.py"
                           << "model.py";
    QTest::newRow("normalised") << "./x/../model.py"
                                << "model.py";
    QTest::newRow("absolute ends with") << "/src/proj/kernels/attn.py"
                                        << "kernels/attn.py";
    QTest::newRow("suffix of a path") << "functional.py"
                                      << "/opt/conda/lib/python3.10/site-packages/torch/functional.py";
    QTest::newRow("partial name is not a suffix") << "ttn.py"
                                                  << "";
    QTest::newRow("missing") << "nope.py"
                             << "";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_SourceIndex::findFile()
{
    QFETCH(QString, path);
    QFETCH(QString, found);
    const int f = m_index.findFile(path.toStdString());
    QCOMPARE(f >= 0 ? QString::fromStdString(m_index.files()[size_t(f)].path) : QString(), found);
}

void tst_SourceIndex::cancelled()
{
    std::atomic<bool> cancel { true };
    SourceIndex index;
    QVERIFY(!index.build(*m_store, &cancel));
    QVERIFY(index.empty());
    QVERIFY(index.rowsForLines("model.py", { 12 }).empty());
    QVERIFY(!index.locationOf(*m_store, SliceRow(0)).valid());
}

void tst_SourceIndex::noLocations()
{
    StoreBuilder b;
    const uint32_t th = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    b.completeSlice(th, 0, 10, b.type(b.intern("a"), b.intern("c")), ArgSetId());
    const Store s = StoreFinalizer::finalize(b);
    SourceIndex index;
    QVERIFY(index.build(*s));
    QVERIFY(index.empty());
    QCOMPARE(index.locatedSlices(), uint64_t(0));
    QVERIFY(!index.locationOf(*s, SliceRow(0)).valid());
    QCOMPARE(index.findFile("a.py"), -1);
}

// A larger store (two build threads): every line's rows are exactly the rows whose
// locationOf() is that line, and the union of all lines is every located row.
void tst_SourceIndex::unionMatchesBruteForce()
{
    StoreBuilder b;
    const uint32_t th0 = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    const uint32_t th1 = b.thread(b.process(IdValue::number(1)), IdValue::number(2));
    std::mt19937_64 rng(7);
    std::vector<TypeId> types;
    types.reserve(30);
    for (int i = 0; i < 30; ++i) // a third with a type source, the rest located through args or not at all
        types.push_back(b.type(b.intern("op" + std::to_string(i)), b.intern("c"),
            i % 3 == 0 ? b.intern("m" + std::to_string(i % 4) + ".py:" + std::to_string(i)) : StringId()));
    const StringId loc = b.intern("loc");
    for (uint32_t th : { th0, th1 }) {
        TimeNs ts = 0;
        for (int i = 0; i < 150000; ++i) {
            const TimeNs dur = TimeNs(1 + rng() % 50);
            const uint64_t k = rng() % 10;
            Arg a = Arg::makeString(loc, b.intern("m" + std::to_string(k % 4) + ".py:" + std::to_string(100 + k)));
            b.completeSlice(th, ts, dur, types[rng() % types.size()], k < 7 ? b.argSet(&a, 1) : ArgSetId());
            ts += dur + 1;
        }
    }
    const Store s = StoreFinalizer::finalize(b);
    SourceIndex one, two;
    QVERIFY(one.build(*s, nullptr, 1));
    QVERIFY(two.build(*s, nullptr, 2));
    QCOMPARE(two.locatedSlices(), one.locatedSlices());
    std::map<std::pair<int, uint32_t>, std::vector<SliceRow>> want;
    uint64_t located = 0;
    for (uint32_t r = 0; r < s->sliceCount(); ++r) {
        const SourceIndex::Location l = two.locationOf(*s, SliceRow(r));
        QCOMPARE(one.locationOf(*s, SliceRow(r)), l);
        if (l.valid()) {
            want[{ l.file, l.line }].push_back(SliceRow(r));
            ++located;
        }
    }
    QCOMPARE(two.locatedSlices(), located);
    for (const auto& [key, rows] : want) {
        QVERIFY(two.rowsForLines(key.first, { key.second }) == rows);
        QVERIFY(one.rowsForLines(key.first, { key.second }) == rows);
        const SourceLine* line = two.findLine(key.first, key.second);
        QVERIFY(line);
        QCOMPARE(size_t(line->slices), rows.size());
        TimeNs total = 0;
        for (SliceRow r : rows)
            total += s->sliceDur(r);
        QCOMPARE(line->totalNs, total);
    }
    std::vector<SliceRow> all;
    for (size_t f = 0; f < two.files().size(); ++f) {
        std::vector<uint32_t> lines;
        for (const SourceLine& l : two.files()[f].lines)
            lines.push_back(l.line);
        const std::vector<SliceRow> u = two.rowsForLines(int(f), lines);
        QVERIFY(std::is_sorted(u.begin(), u.end()));
        all.insert(all.end(), u.begin(), u.end());
    }
    QCOMPARE(uint64_t(all.size()), located);
}

// A few located events far apart among many unlocated ones: the union takes the sparse
// (merging) path instead of the bitmap.
void tst_SourceIndex::sparseUnion()
{
    StoreBuilder b;
    const uint32_t th = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
    const TypeId plain = b.type(b.intern("plain"), b.intern("c"));
    const TypeId a = b.type(b.intern("a"), b.intern("c"), b.intern("s.py:1"));
    const TypeId c = b.type(b.intern("c"), b.intern("c"), b.intern("s.py:2"));
    for (int i = 0; i < 200000; ++i)
        b.completeSlice(
            th, TimeNs(i) * 10, 5, i == 7 || i == 150000 ? a : (i == 90000 || i == 199999 ? c : plain), ArgSetId());
    const Store s = StoreFinalizer::finalize(b);
    SourceIndex index;
    QVERIFY(index.build(*s));
    const std::vector<SliceRow> rows = index.rowsForLines("s.py", { 2, 1 });
    QCOMPARE(rows.size(), size_t(4));
    QVERIFY(std::is_sorted(rows.begin(), rows.end()));
    QCOMPARE(s->sliceTs(rows[0]), TimeNs(70));
    QCOMPARE(s->sliceTs(rows[1]), TimeNs(900000));
    QCOMPARE(s->sliceTs(rows[2]), TimeNs(1500000));
    QCOMPARE(s->sliceTs(rows[3]), TimeNs(1999990));
    QCOMPARE(index.rowsForLines("s.py", { 1, 2, 3 }), rows);
}

QTEST_APPLESS_MAIN(tst_SourceIndex)
#include "tst_sourceindex.moc"
