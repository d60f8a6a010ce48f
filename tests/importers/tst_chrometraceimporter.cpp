// ChromeTraceImporter through ProfileLoader::load on the hand-made traces in tests/data/
// (the edge cases Perfetto's and catapult's JSON importers handle). Each row states the
// whole resulting store in a compact text form, so a row fails with a readable diff.
#include "importertestutil.h"
#include <support/testfiles.h>

#include <chrometraceimporter.h>
#include <profileloader.h>

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using strata::importers::ChromeTraceImporter;
using strata::importers::Compression;
using strata::importers::ImportContext;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using namespace strata::store;
using namespace importertest;

namespace {

char kindTag(TrackKind k)
{
    switch (k) {
    case TrackKind::Thread: return 't';
    case TrackKind::Overflow: return 'o';
    case TrackKind::Async: return 'a';
    case TrackKind::Counter: return 'c';
    case TrackKind::ProcessInstants: return 'p';
    case TrackKind::GlobalInstants: return 'g';
    }
    return '?';
}

// A slice's track in the dumps: its kind and lane ("t0", "a1").
QString kindAndLane(const EventStore& s, TrackId t)
{
    const TrackInfo& tr = s.track(t);
    return QChar(kindTag(tr.kind)) + QString::number(tr.lane);
}

bool hasMetadata(const EventStore& s, const std::string& key, const std::string& value)
{
    const auto& m = s.metadata();
    return std::find(m.begin(), m.end(), std::make_pair(key, value)) != m.end();
}

bool hasMessage(const EventStore& s, const QString& kind, const QRegularExpression& re)
{
    for (const auto& m : s.diagnostics().messages()) {
        const QString msg = QString::fromStdString(m);
        if (msg.startsWith(kind + QLatin1String(": ")) && re.match(msg).hasMatch())
            return true;
    }
    return false;
}

// The columns of the edge-case tables: the file (and how it is compressed) and the whole
// store it loads as.
// Many batches (ChromeTraceImporter::kBatchBytes each), each with entries that are no
// objects (the scanner reports them as it cuts the batch) and a malformed entry (its worker
// reports it): one message of each kind per batch, well under the 50 messages kept.
QByteArray mixedMessagesTrace()
{
    QByteArray out = "{\"traceEvents\": [\n";
    const QByteArray filler(600, 'x');
    int entry = 0;
    for (int batch = 0; batch < 12; ++batch) {
        out += "7,\n{\"ph\": \"X\", \"name\": \"bad\", \"ts\": 1.2.3},\n";
        for (; out.size() < qsizetype((batch + 1) * (ChromeTraceImporter::kBatchBytes + 1024)); ++entry)
            out += "{\"ph\": \"X\", \"name\": \"s" + QByteArray::number(entry % 7)
                + "\", \"pid\": 1, \"tid\": 1, \"ts\": " + QByteArray::number(entry)
                + ", \"dur\": 1, \"args\": {\"pad\": \"" + filler + "\"}},\n";
    }
    out += "{\"ph\": \"i\", \"name\": \"end\", \"pid\": 1, \"tid\": 1, \"ts\": " + QByteArray::number(entry) + "}]}\n";
    return out;
}

void addEdgeCaseColumns()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("compression");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("phases");
    QTest::addColumn<QStringList>("slices");
    QTest::addColumn<QStringList>("instants");
    QTest::addColumn<QStringList>("counters");
    QTest::addColumn<QStringList>("flows");
    QTest::addColumn<QString>("diagnostics");
}

} // namespace

class tst_ChromeTraceImporter : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // The data file, or a compressed copy of it in the temporary directory.
    QString input(const QString& file, const QString& compression)
    {
        QString src = testfiles::dataPath(file);
        if (compression == QLatin1String("none"))
            return src;
        QString path = m_dir.filePath(file + QLatin1Char('.') + compression);
        testfiles::writeFile(path, testfiles::compress(testfiles::readFile(src), compression));
        return path;
    }

    LoadResult loadData(const QString& file)
    {
        LoadResult r = ProfileLoader::load(testfiles::dataPath(file).toStdString());
        if (!r.store)
            qWarning("load failed: %s", r.error.c_str());
        return r;
    }

    // Loads the row's file and compares the store with the row.
    void checkEdgeCase()
    {
        QFETCH(QString, file);
        QFETCH(QString, compression);
        QFETCH(QString, format);
        QFETCH(QString, phases);
        QFETCH(QStringList, slices);
        QFETCH(QStringList, instants);
        QFETCH(QStringList, counters);
        QFETCH(QStringList, flows);
        QFETCH(QString, diagnostics);

        const QString path = input(file, compression);
        const LoadResult r = ProfileLoader::load(path.toStdString());
        QVERIFY2(r.store, r.error.c_str());
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(QString::fromStdString(r.format), format);
        const Compression expected = compression == QLatin1String("gzip") ? Compression::Gzip
            : compression == QLatin1String("zstd")                        ? Compression::Zstd
                                                                          : Compression::None;
        QCOMPARE(r.compression, expected);
        QCOMPARE(histogram(r.phases), phases);
        const EventStore& s = *r.store;
        QCOMPARE(dumpSlices(s, kindAndLane), slices);
        QCOMPARE(s.sliceCount(), size_t(slices.size()));
        QCOMPARE(dumpInstants(s), instants);
        QCOMPARE(s.instantCount(), size_t(instants.size()));
        QCOMPARE(dumpCounters(s), counters);
        QCOMPARE(dumpFlows(s), flows);
        QCOMPARE(s.flowCount(), size_t(flows.size()));
        QCOMPARE(histogram(s.diagnostics().counts()), diagnostics);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // How the file is written: containers, timestamps, top-level extras, odd entries.
    void fileForms_data()
    {
        addEdgeCaseColumns();
        const QString arr = QStringLiteral("chrome-json-array");
        const QString obj = QStringLiteral("chrome-json-object");
        const QStringList none;
        const QStringList nested { "t0:outer@0 10000+100000", "t0:inner@1 20000+30000" };
        const QStringList mark { "mark@50000" };
        const QStringList ab { "t0:a@0 1000+2000", "t0:b@0 5000+2000" };
        const QStringList a { "t0:a@0 1000+2000" };

        // Containers.
        for (const char* c : { "none", "gzip", "zstd" })
            QTest::addRow("object form, %s", c)
                << "chrome_object_form.json" << c << obj << "X:2 i:1" << nested << mark << none << none << "";
        QTest::newRow("array form") << "chrome_array_form.json"
                                    << "none" << arr << "X:2 i:1" << nested << mark << none << none << "";
        QTest::newRow("traceEvents after other keys")
            << "chrome_events_after_keys.json"
            << "none" << obj << "X:2 i:1" << nested << mark << none << none << "";
        for (const char* c : { "none", "gzip", "zstd" })
            QTest::addRow("unterminated array, %s", c) << "chrome_unterminated_array.json" << c << arr << "X:2" << ab
                                                       << none << none << none << "unterminated_array:1";
        QTest::newRow("trailing comma") << "chrome_trailing_comma.json"
                                        << "none" << arr << "X:2" << ab << none << none << none << "";
        QTest::newRow("trailing whitespace") << "chrome_trailing_whitespace.json"
                                             << "none" << arr << "X:2" << ab << none << none << none << "";
        QTest::newRow("BOM and leading whitespace") << "chrome_bom_leading_whitespace.json"
                                                    << "none" << arr << "X:2" << ab << none << none << none << "";
        QTest::newRow("truncated mid-event")
            << "chrome_truncated_mid_event.json"
            << "none" << arr << "X:2" << ab << none << none << none << "truncated_input:1";
        QTest::newRow("truncated after a backslash")
            << "chrome_truncated_object_escape.json"
            << "none" << obj << "X:2" << ab << none << none << none << "truncated_input:1";

        // Timestamps.
        QTest::newRow("fractional ts/dur")
            << "chrome_fractional_ts.json"
            << "none" << arr << "X:3 i:1"
            << QStringList { "t0:a@0 4619295550123+500", "t0:b@0 4619295551200+1001", "t0:c@0 4619295554000+0" }
            << QStringList { "epoch@1700000000000000001" } << none << none << "";
        QTest::newRow("numeric strings") << "chrome_string_ts.json"
                                         << "none" << arr << "X:2 i:1"
                                         << QStringList { "t0:a@0 200500+10000", "t0:b@1 201000+250" }
                                         << QStringList { "c@4619295550123" } << none << none << "";
        QTest::newRow("exponents") << "chrome_exponent_ts.json"
                                   << "none" << arr << "X:2 i:1"
                                   << QStringList { "t0:a@0 1500000+20000", "t0:b@1 1501000+1" }
                                   << QStringList { "c@1" } << none << none << "";
        QTest::newRow("bad ts") << "chrome_bad_ts.json"
                                << "none" << arr << "M:1 X:4 i:1" << QStringList { "t0:good@0 1000+2000" } << none
                                << none << none << "bad_timestamp:4";
        QTest::newRow("string pid/tid") << "chrome_string_pid_tid.json"
                                        << "none" << arr << "X:3"
                                        << QStringList { "t0:n@0 1000+2000", "t0:e@0 4000+1000", "t0:k@0 1000+2000" }
                                        << none << none << none << "";
        QTest::newRow("displayTimeUnit ns") << "chrome_display_time_unit_ns.json"
                                            << "none" << obj << "X:1" << a << none << none << none << "";

        // Top-level extras.
        for (const char* form : { "string", "list", "object" })
            QTest::addRow("systemTraceEvents %s", form)
                << QStringLiteral("chrome_system_trace_%1.json").arg(form) << "none" << obj << "X:1" << a << none
                << none << none << "system_trace_events_skipped:1";
        QTest::newRow("stackFrames and samples")
            << "chrome_stack_frames_samples.json"
            << "none" << obj << "X:1" << a << none << none << none << "samples_skipped:2 stack_frames_skipped:3";

        // Odd events.
        QTest::newRow("unknown phase") << "chrome_unknown_phase.json"
                                       << "none" << arr << ":1 X:1 Z:1" << a << none << none << none
                                       << "unknown_phase:2";
        QTest::newRow("ignored phases") << "chrome_ignored_phases.json"
                                        << "none" << arr << "D:1 N:1 O:1 P:2 X:1" << QStringList { "t0:a@0 1000+9000" }
                                        << none << none << none
                                        << "ignored_phase_D:1 ignored_phase_N:1 ignored_phase_O:1 ignored_phase_P:2";
        QTest::newRow("empty events") << "chrome_empty_events.json"
                                      << "none" << arr << "X:1" << a << none << none << none << "empty_event:3";
        QTest::newRow("event without ph")
            << "chrome_event_without_phase.json"
            << "none" << arr << "X:1" << a << none << none << none << "event_without_phase:1";
        QTest::newRow("non-object entries")
            << "chrome_non_object_entries.json"
            << "none" << arr << "X:2" << ab << none << none << none << "non_object_event:5";
        QTest::newRow("NaN and malformed entries")
            << "chrome_malformed_entries.json"
            << "none" << arr << "X:3" << QStringList { "t0:a@0 1000+2000", "t0:b@0 5000+2000", "t0:c@0 9000+2000" }
            << none << none << none << "json_parse_error:2";
    }
    void fileForms() { checkEdgeCase(); }

    // What the events become: slices, names, counters, flows, async slices, args.
    void eventSemantics_data()
    {
        addEdgeCaseColumns();
        const QString arr = QStringLiteral("chrome-json-array");
        const QString obj = QStringLiteral("chrome-json-object");
        const QStringList none;
        const QStringList a { "t0:a@0 1000+2000" };

        // Slices.
        QTest::newRow("E without B") << "chrome_end_without_begin.json"
                                     << "none" << arr << "B:1 E:3" << QStringList { "t0:b@0 10000+10000" } << none
                                     << none << none << "end_without_begin:2";
        QTest::newRow("B never ended") << "chrome_begin_never_ended.json"
                                       << "none" << arr << "B:1 X:1 i:1"
                                       << QStringList { "t0:outer@0 10000+90000", "t0:inner@1 20000+5000" }
                                       << QStringList { "late@100000" } << none << none << "slice_never_ended:1";
        QTest::newRow("B/E crossing") << "chrome_crossing_be.json"
                                      << "none" << arr << "B:2 E:2"
                                      << QStringList { "t0:a@0 0+10000", "o1:b@0 5000+15000" } << none << none << none
                                      << "misplaced_end_event:1 overlapping_slice_moved_to_overflow:1";
        QTest::newRow("overlapping X") << "chrome_overlapping_x.json"
                                       << "none" << arr << "X:3"
                                       << QStringList { "t0:a@0 0+10000", "t0:c@1 6000+2000", "o1:b@0 5000+10000" }
                                       << none << none << none << "overlapping_slice_moved_to_overflow:1";
        QTest::newRow("negative dur") << "chrome_negative_dur.json"
                                      << "none" << arr << "X:2" << a << none << none << none
                                      << "slice_negative_duration:1";
        QTest::newRow("out of time order") << "chrome_out_of_order.json"
                                           << "none" << arr << "X:5 i:2"
                                           << QStringList { "t0:a@0 10000+100000", "t0:d@0 200000+1000",
                                                  "t0:b@1 20000+5000", "t0:c@1 60000+10000", "t0:e@1 200000+1000" }
                                           << QStringList { "i1@15000", "i2@70000" } << none << none << "";
        QTest::newRow("metadata") << "chrome_metadata.json"
                                  << "none" << arr << "M:10 X:4"
                                  << QStringList { "t0:u@0 1000+2000", "t0:d@0 1000+2000", "t0:w@0 1000+2000",
                                         "t0:m@0 1000+2000" }
                                  << none << none << none << "";
        QTest::newRow("counters") << "chrome_counters.json"
                                  << "none" << arr << "C:6" << none << none
                                  << QStringList { "ctr [0x1f] v=3000:2.5", "mem free=0:90,10000:80",
                                         "mem used=0:10,10000:20", "queue [7] depth=5000:3",
                                         "queue [8] depth=6000:1.5" }
                                  << none << "counter_value_not_numeric:1";
        QTest::newRow("flows v1") << "chrome_flows_v1.json"
                                  << "none" << obj << "X:4 f:3 s:3 t:1"
                                  << QStringList { "t0:A@0 0+10000", "t0:C@0 40000+10000", "t0:B@0 20000+10000",
                                         "t0:D@0 60000+5000" }
                                  << none << none << QStringList { "A->B", "B->C", "C->D" }
                                  << "flow_end_without_start:1 flow_without_end:1";
        QTest::newRow("flows v2") << "chrome_flows_v2.json"
                                  << "none" << obj << "B:1 E:1 X:5"
                                  << QStringList { "t0:A@0 0+10000", "t0:C@0 40000+10000", "t0:T@0 70000+5000",
                                         "t0:U@0 80000+5000", "t0:B@0 20000+10000", "t0:S@0 60000+5000" }
                                  << none << none << QStringList { "A->B", "B->C", "S->T" }
                                  << "flow_end_without_start:1";
        QTest::newRow("async b/e/n and S/F")
            << "chrome_async.json"
            << "none" << arr << "F:1 S:1 b:3 e:3 i:1 n:1"
            << QStringList { "a0:load@0 20000+10000", "a0:open@0 35000+15000", "a0:req@0 0+10000", "a1:req@0 4000+8000",
                   "a0:tick@0 6000+0" }
            << QStringList { "late@50000" } << none << none << "async_end_without_begin:1 async_never_ended:1";
        // Nestable async slices nest within one id (catapult makes "sub" a child of "req").
        QTest::newRow("async nested within one id")
            << "chrome_async_nested.json"
            << "none" << arr << "b:2 e:2" << QStringList { "a0:req@0 0+10000", "a0:sub@1 2000+6000" } << none << none
            << none << "";
        QTest::newRow("nested args") << "chrome_nested_args.json"
                                     << "none" << arr << "X:1" << a << none << none << none << "";
    }
    void eventSemantics() { checkEdgeCase(); }

    void metadataNamesAndTrackOrder()
    {
        const LoadResult r = loadData(QStringLiteral("chrome_metadata.json"));
        QVERIFY(r.store);
        const EventStore& s = *r.store;
        QStringList processes;
        for (uint32_t p = 0; p < s.processCount(); ++p)
            processes << QString::fromStdString(s.processLabel(ProcessId(p)));
        // Sort index first (an unset index counts as 0), then pid.
        QCOMPARE(processes, (QStringList { "Process 3", "Device (2)", "Host (1)" }));
        QStringList tracks;
        for (uint32_t t = 0; t < s.trackCount(); ++t) {
            const TrackInfo& tr = s.track(TrackId(t));
            tracks << QString::fromStdString(s.processLabel(tr.process) + " / " + s.trackLabel(TrackId(t)));
        }
        QCOMPARE(tracks,
            (QStringList { "Process 3 / Thread 30", "Device (2) / engine", "Host (1) / worker", "Host (1) / main" }));
        // Host is pid 1: the process added first by the file.
        bool foundHost = false;
        for (uint32_t p = 0; p < s.processCount(); ++p) {
            const ProcessInfo& info = s.process(ProcessId(p));
            if (!info.pid.isString && info.pid.num == 1) {
                foundHost = true;
                QCOMPARE(qstr(s.str(info.labels)), QStringLiteral("cpu,x86"));
                QCOMPARE(info.sortIndex, 2);
                QVERIFY(info.hasSortIndex);
            }
        }
        QVERIFY(foundHost);
    }

    // trackinfo.h: inside a process, threads (each followed by its overflow lanes), then async
    // lanes, counters and process instants; the global instant track first.
    void trackKindOrder()
    {
        const LoadResult r = loadData(QStringLiteral("chrome_track_kinds.json"));
        QVERIFY(r.store);
        const EventStore& s = *r.store;
        QStringList kinds;
        for (uint32_t t = 0; t < s.trackCount(); ++t)
            kinds << QString::fromLatin1(trackKindName(s.track(TrackId(t)).kind));
        QCOMPARE(kinds.join(QLatin1Char(' ')),
            QStringLiteral("global_instants process_instants async thread overflow thread counter"));
        QCOMPARE(s.processCount(), size_t(1));
    }

    void stringPidTidLabels()
    {
        const LoadResult r = loadData(QStringLiteral("chrome_string_pid_tid.json"));
        QVERIFY(r.store);
        const EventStore& s = *r.store;
        QCOMPARE(s.processCount(), size_t(3));
        QStringList labels;
        for (uint32_t t = 0; t < s.trackCount(); ++t)
            labels << QString::fromStdString(
                s.processLabel(s.track(TrackId(t)).process) + " / " + s.trackLabel(TrackId(t)));
        QCOMPARE(labels.size(), 3);
        QCOMPARE(labels[0], QStringLiteral("Process 1 / Thread 1"));
        // String ids are names: no "Process"/"Thread" prefix (numbers sort before strings).
        QCOMPARE(labels[2], QStringLiteral("Spans / stream 7"));
    }

    void topLevelKeysKeptAsMetadata()
    {
        LoadResult r = loadData(QStringLiteral("chrome_events_after_keys.json"));
        QVERIFY(r.store);
        QVERIFY(hasMetadata(*r.store, "otherData.version", "1.2"));
        QVERIFY(hasMetadata(*r.store, "otherData.host", "node-7"));
        QVERIFY(hasMetadata(*r.store, "schemaVersion", "1"));
        QVERIFY(hasMetadata(*r.store, "traceName", "run \"a\" {b}"));
        QVERIFY(hasMetadata(*r.store, "deviceProperties", "[{\"id\":0,\"name\":\"NPU\"}]"));

        r = loadData(QStringLiteral("chrome_display_time_unit_ns.json"));
        QVERIFY(r.store);
        // Display only: ts stays in µs (checked by the fileForms row), the unit is kept.
        QVERIFY(hasMetadata(*r.store, "displayTimeUnit", "ns"));
        r = loadData(QStringLiteral("chrome_object_form.json"));
        QVERIFY(r.store);
        QVERIFY(hasMetadata(*r.store, "displayTimeUnit", "ms"));
    }

    void nestedArgsFlattened()
    {
        const LoadResult r = loadData(QStringLiteral("chrome_nested_args.json"));
        QVERIFY(r.store);
        const EventStore& s = *r.store;
        QCOMPARE(s.sliceCount(), size_t(1));
        QStringList args;
        for (const Arg& a : s.args().get(s.sliceArgs(SliceRow(0))))
            args << argText(s, a, ArgStyle::Plain);
        args.sort();
        QCOMPARE(args,
            (QStringList { "a.b=1", "a.c.d=x", "f=1.5", "list[0]=10", "list[1]=20", "list[2].k=true", "m[0][0]=1",
                "m[0][1]=2", "n=null", "s=plain" }));
    }

    // Each json_parse_error names a byte offset inside the entry that was lost.
    void parseErrorOffsets()
    {
        const QString file = QStringLiteral("chrome_malformed_entries.json");
        const QByteArray bytes = testfiles::readFile(testfiles::dataPath(file));
        const LoadResult r = loadData(file);
        QVERIFY(r.store);
        const QStringList msgs = messages(*r.store);
        for (const char* marker : { "{\"name\":\"nan\"", "{\"name\":\"nocolon\"" }) {
            const qsizetype begin = bytes.indexOf(marker);
            const qsizetype end = bytes.indexOf('}', begin) + 1;
            QVERIFY(begin > 0);
            bool found = false;
            static const QRegularExpression re(QStringLiteral("^json_parse_error: byte (\\d+)"));
            for (const QString& m : msgs) {
                const auto match = re.match(m);
                if (match.hasMatch()) {
                    const qsizetype at = match.captured(1).toLongLong();
                    found = found || (at >= begin && at < end);
                }
            }
            QVERIFY2(found,
                qPrintable(QStringLiteral("no offset in [%1,%2): %3")
                               .arg(begin)
                               .arg(end)
                               .arg(msgs.join(QLatin1String(" | ")))));
        }
    }

    void truncationOffset()
    {
        const QString file = QStringLiteral("chrome_truncated_mid_event.json");
        const QByteArray bytes = testfiles::readFile(testfiles::dataPath(file));
        const LoadResult r = loadData(file);
        QVERIFY(r.store);
        const qsizetype cut = bytes.indexOf("{\"name\":\"cut\"");
        QVERIFY2(hasMessage(*r.store, QStringLiteral("truncated_input"),
                     QRegularExpression(QStringLiteral("byte %1\\b").arg(cut))),
            qPrintable(messages(*r.store).join(QLatin1String(" | "))));
    }

    // Entries straddling the scanner's 1 MiB read blocks and the parser's batches.
    void acrossReadBlocks_data()
    {
        QTest::addColumn<QByteArray>("where");
        QTest::addColumn<QString>("compression");
        for (const char* w : { "space", "brace", "escape" })
            for (const char* c : { "none", "gzip" })
                QTest::addRow("%s, %s", w, c) << QByteArray(w) << c;
    }

    void acrossReadBlocks()
    {
        QFETCH(QByteArray, where);
        QFETCH(QString, compression);
        const int count = 40000; // about 3.5 MB: three block boundaries, several batches
        const QByteArray text = testfiles::blockBoundaryTrace(count, where);
        QVERIFY(text.size() > 3 * (1 << 20));
        QVERIFY(testfiles::boundariesAsAsked(text, where));
        const QString path = m_dir.filePath(QStringLiteral("blocks.json"));
        testfiles::writeFile(path, testfiles::compress(text, compression));
        const LoadResult r = ProfileLoader::load(path.toStdString());
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(histogram(s.diagnostics().counts()), QString());
        QCOMPARE(r.phases.at("X"), uint64_t(count));
        QCOMPARE(s.sliceCount(), size_t(count));
        QCOMPARE(s.sliceTs(SliceRow(count - 1)), TimeNs(count - 1) * 10000);
        QCOMPARE(s.extent().end, TimeNs(count - 1) * 10000 + 5000);
    }

    // The import on the calling thread alone (ImportContext::threads 1, as a job's ranks
    // load) or on a given number of threads gives the store the importer's own choice gives:
    // the batches merge in file order either way, errors and offsets included.
    void threadsGiveOneStore_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<unsigned>("threads");
        const QStringList files = { QStringLiteral("blocks"), QStringLiteral("chrome_malformed_entries.json"),
            QStringLiteral("chrome_flows_v2.json"), QStringLiteral("chrome_truncated_mid_event.json") };
        for (const QString& f : files)
            for (unsigned t : { 1u, 2u, 3u })
                QTest::newRow(qPrintable(QStringLiteral("%1, %2 threads").arg(f).arg(t))) << f << t;
        // Entries that are no objects (reported by the scanner) among parse errors (reported by
        // the workers), in several batches: the messages' order once depended on which worker
        // finished first, and the same file gave other snapshot bytes in about half the loads.
        for (unsigned t : { 2u, 3u, 4u })
            QTest::newRow(qPrintable(QStringLiteral("scanner and worker messages, %1 threads").arg(t)))
                << QStringLiteral("mixed messages") << t;
    }

    void threadsGiveOneStore()
    {
        QFETCH(QString, file);
        QFETCH(unsigned, threads);
        QString path = m_dir.filePath(QStringLiteral("threads.json"));
        if (file == QLatin1String("blocks")) // several batches: 3.5 MB
            testfiles::writeFile(path, testfiles::blockBoundaryTrace(40000, "escape"));
        else if (file == QLatin1String("mixed messages"))
            testfiles::writeFile(path, mixedMessagesTrace());
        else
            path = testfiles::dataPath(file);
        const LoadResult mine = ProfileLoader::load(path.toStdString());
        ImportContext ctx;
        ctx.threads = threads;
        const LoadResult theirs = ProfileLoader::load(path.toStdString(), ctx);
        QVERIFY2(mine.store && theirs.store, (mine.error + theirs.error).c_str());
        const EventStore& a = *mine.store;
        const EventStore& b = *theirs.store;
        QCOMPARE(histogram(b.diagnostics().counts()), histogram(a.diagnostics().counts()));
        QCOMPARE(messages(b), messages(a));
        QCOMPARE(histogram(theirs.phases), histogram(mine.phases));
        QCOMPARE(dumpTracks(b), dumpTracks(a));
        QCOMPARE(dumpSlices(b), dumpSlices(a));
        QCOMPARE(dumpInstants(b), dumpInstants(a));
        QCOMPARE(dumpCounters(b), dumpCounters(a));
        QCOMPARE(dumpFlows(b), dumpFlows(a));
        for (uint32_t r = 0; r < a.sliceCount(); r += 97)
            QCOMPARE(sliceArgs(b, SliceRow(r), ArgStyle::Typed), sliceArgs(a, SliceRow(r), ArgStyle::Typed));
    }
};

QTEST_APPLESS_MAIN(tst_ChromeTraceImporter)
#include "tst_chrometraceimporter.moc"
