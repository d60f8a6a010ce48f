// ProfileLoader on hostile input: every file either fails with an error that names the file
// and a byte offset, or loads what could be salvaged and says what it fixed. Never a crash,
// a hang or an exception.
#include <support/testfiles.h>

#include <profileloader.h>
#include <store/sanitizers.h>

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <functional>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using strata::importers::ImportContext;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;

namespace {

// What a load in a child process reported; `crash` is set when the child died instead.
struct Outcome {
    bool store = false;
    QString error;
    QString diagnostics; // "kind:n kind:n"
    QString messages; // the diagnostics' messages, " | " between them
    qint64 slices = -1, instants = -1, flows = -1;
    QString crash;
};

#if STRATA_ASAN || STRATA_TSAN
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Loads in a forked child with a 4 GiB address-space limit, so a crash or a runaway
// allocation fails this row instead of the whole run (or the machine).
Outcome loadIsolated(const QString& path)
{
    Outcome out;
    int fds[2];
    if (pipe(fds) != 0)
        qFatal("pipe: %s", strerror(errno));
    const pid_t pid = fork();
    if (pid < 0)
        qFatal("fork: %s", strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        // QtTest's crash handler (inherited) would print a debugger backtrace; just die.
        for (int sig : { SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE })
            std::signal(sig, SIG_DFL);
        // AddressSanitizer and ThreadSanitizer reserve terabytes of shadow address space,
        // so under them the limit would fail every load; their allocators bound it instead.
        if (!kSanitized) {
            const rlim_t limit = rlim_t(4) << 30;
            const struct rlimit rl {
                limit, limit
            };
            setrlimit(RLIMIT_AS, &rl);
        }
        std::string msg;
        try {
            const LoadResult r = ProfileLoader::load(path.toStdString());
            msg = r.store ? "1\n" : "0\n";
            msg += r.error + "\n";
            if (r.store) {
                for (const auto& [k, n] : r.store->diagnostics().counts())
                    msg += k + ":" + std::to_string(n) + " ";
                msg += "\n" + std::to_string(r.store->sliceCount()) + " " + std::to_string(r.store->instantCount())
                    + " " + std::to_string(r.store->flowCount()) + "\n";
                for (const std::string& m : r.store->diagnostics().messages())
                    msg += m + " | ";
            }
        } catch (const std::exception& e) {
            msg = std::string("0\nexception escaped ProfileLoader::load: ") + e.what() + "\n";
        }
        size_t done = 0;
        while (done < msg.size()) {
            const ssize_t n = write(fds[1], msg.data() + done, msg.size() - done);
            if (n <= 0)
                break;
            done += size_t(n);
        }
        _exit(0);
    }
    close(fds[1]);
    QByteArray reply;
    char buf[4096];
    for (;;) {
        const ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        reply.append(buf, n);
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (WIFSIGNALED(status)) {
        out.crash = QStringLiteral("the load crashed: signal %1 (%2)")
                        .arg(WTERMSIG(status))
                        .arg(QString::fromLocal8Bit(strsignal(WTERMSIG(status))));
        return out;
    }
    const QList<QByteArray> lines = reply.split('\n');
    if (lines.size() < 2) {
        out.crash = QStringLiteral("the child reported nothing (exit status %1)").arg(WEXITSTATUS(status));
        return out;
    }
    out.store = lines[0] == "1";
    out.error = QString::fromUtf8(lines[1]);
    out.diagnostics = lines.size() > 2 ? QString::fromUtf8(lines[2]).trimmed() : QString();
    if (lines.size() > 3) {
        const QList<QByteArray> counts = lines[3].split(' ');
        out.slices = counts.value(0).toLongLong();
        out.instants = counts.value(1).toLongLong();
        out.flows = counts.value(2).toLongLong();
    }
    out.messages = lines.size() > 4 ? QString::fromUtf8(lines[4]) : QString();
    return out;
}

QByteArray garbage(qsizetype n, quint32 seed)
{
    QByteArray out(n, Qt::Uninitialized);
    quint32 x = seed;
    for (qsizetype i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        out[i] = char(x >> 24);
    }
    out[0] = '\x01'; // not '[' or '{', nor a compression magic
    return out;
}

// A valid trace of `count` nested pairs, big enough that a compressed copy spans many blocks.
QByteArray validTrace(int count)
{
    QByteArray out("{\"traceEvents\":[\n");
    for (int i = 0; i < count; ++i) {
        const QByteArray ts = QByteArray::number(qint64(i) * 100);
        out += "{\"name\":\"outer" + QByteArray::number(i % 17) + "\",\"ph\":\"X\",\"ts\":" + ts
            + ",\"dur\":50,\"pid\":1,\"tid\":" + QByteArray::number(i % 3) + ",\"args\":{\"i\":" + QByteArray::number(i)
            + "}},\n";
        out += "{\"name\":\"inner\",\"ph\":\"X\",\"ts\":" + ts
            + ".5,\"dur\":10,\"pid\":1,\"tid\":" + QByteArray::number(i % 3) + "}";
        out += i + 1 < count ? ",\n" : "\n";
    }
    out += "]}\n";
    return out;
}

// Writes head, piece(0) .. piece(count - 1), tail to `path` a megabyte at a time: the
// hostile traces run to 420 MB and are never held whole.
void writeGenerated(const QString& path, const QByteArray& head, qint64 count,
    const std::function<QByteArray(qint64)>& piece, const QByteArray& tail)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    QByteArray buf = head;
    for (qint64 i = 0; i < count; ++i) {
        buf += piece(i);
        if (buf.size() >= (1 << 20)) {
            f.write(buf);
            buf.clear();
        }
    }
    buf += tail;
    if (f.write(buf) != buf.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

// Hostile but valid traces are this much smaller under the sanitizers, whose 2-3x memory
// and 3-10x time would make the full sizes a CI cost of minutes; the arithmetic they check
// does not depend on the count. Release runs the sizes docs/reliability.md states.
constexpr qint64 kScale = kSanitized ? 10 : 1;
constexpr qint64 kDepth = 1000000 / kScale, kNames = 10000000 / kScale, kHops = 1000000 / kScale;

} // namespace

class tst_ProfileLoader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static void writeHostile(const QString& name, const QString& path)
    {
        if (name == QLatin1String("nested")) {
            writeGenerated(
                path, "[", 2 * kDepth,
                [&](qint64 i) {
                    return (i ? QByteArray(",") : QByteArray())
                        + (i < kDepth ? "{\"ph\":\"B\",\"name\":\"n\",\"ts\":" + num(i) + ",\"pid\":1,\"tid\":1}"
                                      : "{\"ph\":\"E\",\"ts\":" + num(i) + ",\"pid\":1,\"tid\":1}");
                },
                "]");
        } else if (name == QLatin1String("bigstring")) {
            const QByteArray mb(1 << 20, 'a');
            writeGenerated(
                path, "[{\"ph\":\"X\",\"name\":\"", 100, [&](qint64) -> const QByteArray& { return mb; },
                "\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]");
        } else if (name == QLatin1String("names")) {
            writeGenerated(
                path, "[", kNames,
                [](qint64 i) {
                    return (i ? QByteArray(",") : QByteArray()) + "{\"ph\":\"i\",\"ts\":" + num(i) + ",\"name\":\"n"
                        + num(i) + "\"}";
                },
                "]");
        } else if (name == QLatin1String("tslimits")) {
            // Two fit; the others are past ±2^62 ns, as integers, decimals and strings.
            testfiles::writeFile(path,
                "[{\"ph\":\"X\",\"name\":\"ok\",\"ts\":5,\"dur\":1,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"X\",\"name\":\"a\",\"ts\":9223372036854775.807,\"dur\":1,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"X\",\"name\":\"b\",\"ts\":-9223372036854775808,\"dur\":1,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"X\",\"name\":\"c\",\"ts\":18446744073709551615,\"dur\":1,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"X\",\"name\":\"d\",\"ts\":\"4611686018427388\",\"dur\":1,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"B\",\"name\":\"e\",\"ts\":-4611686018427387,\"pid\":1,\"tid\":2},"
                "{\"ph\":\"E\",\"ts\":4611686018427387,\"pid\":1,\"tid\":2}]");
        } else if (name == QLatin1String("dur1e300")) {
            testfiles::writeFile(path,
                "[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":1e300,\"pid\":1,\"tid\":1},"
                "{\"ph\":\"X\",\"name\":\"b\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]");
        } else if (name == QLatin1String("flows")) {
            // One flow id through 10^6 slices on four threads: s, then t, ..., then f.
            writeGenerated(
                path, "[", kHops,
                [&](qint64 i) {
                    const QByteArray where = ",\"pid\":1,\"tid\":" + num(i % 4) + "}";
                    const char* ph = i == 0 ? "s" : i == kHops - 1 ? "f" : "t";
                    return (i ? QByteArray(",") : QByteArray()) + "{\"ph\":\"X\",\"name\":\"s\",\"ts\":" + num(2 * i)
                        + ",\"dur\":1" + where + ",{\"ph\":\"" + ph + "\",\"name\":\"f\",\"cat\":\"c\",\"id\":1,\"ts\":"
                        + num(2 * i) + (i == kHops - 1 ? ",\"bp\":\"e\"" : "") + where;
                },
                "]");
        } else if (name == QLatin1String("packet4g")) {
            // Trace.packet (field 1, length-delimited) whose length varint says 2^32 bytes.
            testfiles::writeFile(path, QByteArray("\x0a\x80\x80\x80\x80\x10", 6) + QByteArray(32, '\x08'));
        } else if (name == QLatin1String("bomb")) {
            // One event, then 160 gzip members of 64 MiB of spaces (valid JSON whitespace):
            // 10 GiB from 10 MB, stopped at InputReader::kBombFloorBytes.
            const QByteArray spaces = testfiles::gzipBytes(QByteArray(64 << 20, ' '), 9);
            writeGenerated(
                path, testfiles::gzipBytes("[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1}"),
                160, [&](qint64) -> const QByteArray& { return spaces; }, testfiles::gzipBytes("]"));
        } else {
            qFatal("no hostile trace %s", qPrintable(name));
        }
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void hostileInput_data()
    {
        // kind: "bytes" writes `content` to a file; "dir" and "missing" need no content.
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("content");
        // "error": no store, the error names the path (and "byte N" when byteOffset is set).
        // "salvaged": a store whose diagnostics hold `diagnostic`.
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<bool>("byteOffset");
        QTest::addColumn<QString>("diagnostic");

        const QByteArray trace = validTrace(4000);
        const QByteArray gz = testfiles::gzipBytes(trace);
        const QByteArray zs = testfiles::zstdBytes(trace);
        const QByteArray small = "[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]";

        QTest::newRow("garbage bytes") << "bytes" << garbage(4096, 7) << "error" << true << "";
        QTest::newRow("empty file") << "bytes" << QByteArray() << "error" << true << "";
        QTest::newRow("whitespace only") << "bytes" << QByteArray(" \n\t\r\n  ") << "error" << true << "";
        QTest::newRow("number") << "bytes" << QByteArray("5") << "error" << true << "";
        QTest::newRow("string") << "bytes" << QByteArray("\"str\"") << "error" << true << "";
        QTest::newRow("traceEvents is a number")
            << "bytes" << QByteArray("{\"traceEvents\": 5}") << "error" << true << "";
        QTest::newRow("array of numbers") << "bytes" << QByteArray("[1,2,3]") << "error" << true << "";
        QTest::newRow("object without traceEvents")
            << "bytes" << QByteArray("{\"a\":1,\"b\":[{}]}") << "error" << true << "";
        QTest::newRow("lone [") << "bytes" << QByteArray("[") << "salvaged" << false << "unterminated_array";
        QTest::newRow("lone {") << "bytes" << QByteArray("{") << "error" << true << "";
        const int depth = 100000;
        QTest::newRow("100000 nested arrays")
            << "bytes" << QByteArray(depth, '[') + QByteArray(depth, ']') << "error" << true << "";
        QTest::newRow("100000 nested arrays, unclosed")
            << "bytes" << QByteArray(depth, '[') << "salvaged" << false << "truncated_input";
        QByteArray nestedObjects;
        for (int i = 0; i < depth; ++i)
            nestedObjects += "{\"a\":";
        nestedObjects += "1" + QByteArray(depth, '}');
        QTest::newRow("100000 nested objects") << "bytes" << nestedObjects << "error" << true << "";
        QTest::newRow("100000 nested objects in traceEvents") << "bytes"
                                                              << "{\"traceEvents\":[" + nestedObjects + "]}"
                                                              << "salvaged" << false << "event_without_phase";
        QTest::newRow("100000 nested objects in args")
            << "bytes"
            << "[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1,\"args\":" + nestedObjects + "}]"
            << "salvaged" << false << "args_truncated";
        QTest::newRow("NUL bytes only") << "bytes" << QByteArray(1000, '\0') << "error" << true << "";
        QByteArray nuls = small;
        nuls.insert(nuls.size() - 1, "," + QByteArray(3, '\0') + "," + small.mid(1, small.size() - 2));
        QTest::newRow("NUL bytes between entries") << "bytes" << nuls << "salvaged" << false << "non_object_event";
        QByteArray nulInString = small;
        nulInString.replace("\"a\"", QByteArray("\"a\0b\"", 5));
        QTest::newRow("NUL byte in a string") << "bytes" << nulInString << "salvaged" << false << "json_parse_error";
        QTest::newRow("gzip cut mid-stream")
            << "bytes" << gz.left(gz.size() / 2) << "salvaged" << false << "truncated_input";
        QTest::newRow("gzip cut in the header") << "bytes" << gz.left(6) << "error" << true << "";
        QByteArray gzBad = gz;
        for (qsizetype i = gz.size() / 3; i < gz.size() / 3 + 64; ++i)
            gzBad[i] = char(~gzBad[i]);
        QTest::newRow("gzip corrupt mid-stream") << "bytes" << gzBad << "salvaged" << false << "truncated_input";
        QTest::newRow("zstd cut mid-stream")
            << "bytes" << zs.left(zs.size() / 2) << "salvaged" << false << "truncated_input";
        QTest::newRow("zstd cut in the header") << "bytes" << zs.left(5) << "error" << true << "";
        QTest::newRow("gzip of garbage") << "bytes" << testfiles::gzipBytes(garbage(5000, 3)) << "error" << true << "";
        QTest::newRow("directory") << "dir" << QByteArray() << "error" << false << "";
        QTest::newRow("missing file") << "missing" << QByteArray() << "error" << false << "";
    }

    void hostileInput()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, content);
        QFETCH(QString, outcome);
        QFETCH(bool, byteOffset);
        QFETCH(QString, diagnostic);

        QString path = m_dir.filePath(QStringLiteral("input %1.json").arg(QTest::currentDataTag()));
        if (kind == QLatin1String("bytes")) {
            testfiles::writeFile(path, content);
        } else if (kind == QLatin1String("dir")) {
            QVERIFY(QDir().mkpath(path));
        } else {
            path = m_dir.filePath(QStringLiteral("no such file.json"));
        }

        const Outcome r = loadIsolated(path);
        QVERIFY2(r.crash.isEmpty(), qPrintable(r.crash));
        if (outcome == QLatin1String("error")) {
            QVERIFY2(!r.store, qPrintable(QStringLiteral("expected the load to fail; diagnostics: ") + r.diagnostics));
            QVERIFY2(r.error.contains(path), qPrintable(r.error));
            if (byteOffset) {
                static const QRegularExpression re(QStringLiteral("\\bbyte \\d+"));
                QVERIFY2(re.match(r.error).hasMatch(), qPrintable(QStringLiteral("no byte offset: ") + r.error));
            }
        } else {
            QVERIFY2(r.store, qPrintable(r.error));
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            if (!diagnostic.isEmpty())
                QVERIFY2(r.diagnostics.split(QLatin1Char(' ')).filter(QRegularExpression("^" + diagnostic + ":")).size()
                        == 1,
                    qPrintable(r.diagnostics));
        }
    }

    // Valid but hostile traces (docs/reliability.md): each loads within the child's 4 GiB
    // address space and without a sanitizer report, or is refused with a message.
    void hostileButValid_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("slices"); // -1: a refusal, whose error must name the file
        QTest::addColumn<qint64>("instants");
        QTest::addColumn<qint64>("flows");
        QTest::addColumn<QString>("diagnostic"); // must be counted (empty: none asked)
        QTest::addColumn<QString>("message"); // in the error, or in a diagnostic's message
        QTest::newRow("10^6 nested B/E") << "nested" << kDepth << qint64(0) << qint64(0) << ""
                                         << "";
        QTest::newRow("a 100 MB string") << "bigstring" << qint64(1) << qint64(0) << qint64(0) << ""
                                         << "";
        QTest::newRow("10^7 distinct names") << "names" << qint64(0) << kNames << qint64(0) << ""
                                             << "";
        QTest::newRow("ts near INT64 limits") << "tslimits" << qint64(2) << qint64(0) << qint64(0) << "bad_timestamp"
                                              << "within ±4.6e15";
        QTest::newRow("dur of 1e300") << "dur1e300" << qint64(1) << qint64(0) << qint64(0) << "bad_duration"
                                      << "within ±4.6e15";
        QTest::newRow("a flow chain of 10^6 hops") << "flows" << kHops << qint64(0) << kHops - 1 << ""
                                                   << "";
        QTest::newRow("a Perfetto packet claiming 4 GB") << "packet4g" << qint64(-1) << qint64(0) << qint64(0) << ""
                                                         << "packet length 4294967296";
        QTest::newRow("a gzip bomb, 10 MB to 10 GiB")
            << "bomb" << qint64(1) << qint64(0) << qint64(0) << "truncated_input"
            << "decompression bomb";
    }

    void hostileButValid()
    {
        QFETCH(QString, name);
        QFETCH(qint64, slices);
        QFETCH(qint64, instants);
        QFETCH(qint64, flows);
        QFETCH(QString, diagnostic);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(
            QStringLiteral("hostile-") + name + (name == QLatin1String("packet4g") ? ".pftrace" : ".json"));
        writeHostile(name, path);
        const Outcome r = loadIsolated(path);
        QFile::remove(path);
        QVERIFY2(r.crash.isEmpty(), qPrintable(r.crash));
        if (slices < 0) {
            QVERIFY(!r.store);
            QVERIFY2(r.error.contains(path) && r.error.contains(message), qPrintable(r.error));
            return;
        }
        QVERIFY2(r.store, qPrintable(r.error));
        QCOMPARE(r.slices, slices);
        QCOMPARE(r.instants, instants);
        QCOMPARE(r.flows, flows);
        if (!diagnostic.isEmpty())
            QVERIFY2(r.diagnostics.contains(diagnostic + ":"), qPrintable(r.diagnostics));
        if (!message.isEmpty())
            QVERIFY2(r.messages.contains(message), qPrintable(r.messages));
    }

    // What a cut compressed file salvages is a prefix of the whole: the complete nested pairs
    // before the cut, nothing invented.
    void cutCompressedKeepsPrefix_data()
    {
        QTest::addColumn<QString>("compression");
        QTest::newRow("gzip") << "gzip";
        QTest::newRow("zstd") << "zstd";
    }

    void cutCompressedKeepsPrefix()
    {
        QFETCH(QString, compression);
        const int count = 4000;
        const QByteArray packed = testfiles::compress(validTrace(count), compression);
        const QString path = m_dir.filePath(QStringLiteral("cut.") + compression);
        testfiles::writeFile(path, packed.left(packed.size() * 2 / 3));
        const LoadResult r = ProfileLoader::load(path.toStdString());
        QVERIFY2(r.store, r.error.c_str());
        QVERIFY(r.store->diagnostics().get("truncated_input") > 0);
        const size_t slices = r.store->sliceCount();
        QVERIFY(slices > 0);
        QVERIFY(slices < size_t(2 * count));
        QCOMPARE(r.phases.at("X"), uint64_t(slices));
        QVERIFY(r.store->diagnostics().get("overlapping_slice_moved_to_overflow") == 0);
    }

    // Every stage of a Chrome JSON load reports its time: present once each, in pipeline
    // order, busy within wall x threads, a batch count the same in scan, parse and merge.
    // Structure only: no timing value is asserted.
    void stageTimesFilled_data()
    {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<unsigned>("parseThreads");
        QTest::newRow("workers") << 3u << 2u;
        QTest::newRow("inline") << 1u << 1u;
    }

    void stageTimesFilled()
    {
        QFETCH(unsigned, threads);
        QFETCH(unsigned, parseThreads);
        const QString path = m_dir.filePath(QStringLiteral("stages.json"));
        testfiles::writeFile(path, validTrace(4000)); // ~0.8 MB: a few batches
        ImportContext ctx;
        ctx.threads = threads;
        const LoadResult r = ProfileLoader::load(path.toStdString(), ctx);
        QVERIFY2(r.store, r.error.c_str());
        const std::vector<std::string> expected { "scan", "parse", "merge", "finalize.prepare", "finalize.nest",
            "finalize.tracks", "finalize.flows", "finalize.rest" };
        QCOMPARE(r.stages.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            const auto& st = r.stages[i];
            QCOMPARE(st.name, expected[i]);
            QVERIFY2(st.threads >= 1, st.name.c_str());
            QVERIFY2(st.busySeconds >= 0 && st.waitedSeconds >= 0 && st.wallSeconds >= 0, st.name.c_str());
            QVERIFY2(st.busySeconds <= st.wallSeconds * st.threads, st.name.c_str());
        }
        QVERIFY(r.stages[0].count > 1);
        QCOMPARE(r.stages[1].count, r.stages[0].count);
        QCOMPARE(r.stages[2].count, r.stages[0].count);
        QCOMPARE(r.stages[1].threads, parseThreads);
        QCOMPARE(r.stages[7].count, uint64_t(1));
        QCOMPARE(r.stages[5].count, uint64_t(r.store->trackCount()));
    }
};

QTEST_APPLESS_MAIN(tst_ProfileLoader)
#include "tst_profileloader.moc"
