// ProfileLoader on hostile input: every file either fails with an error that names the file
// and a byte offset, or loads what could be salvaged and says what it fixed. Never a crash,
// a hang or an exception.
#include "testfiles.h"

#include <profileloader.h>
#include <store/sanitizers.h>

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <string>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using strata::importers::LoadResult;
using strata::importers::ProfileLoader;

namespace {

// What a load in a child process reported; `crash` is set when the child died instead.
struct Outcome {
    bool store = false;
    QString error;
    QString diagnostics; // "kind:n kind:n"
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
            if (r.store)
                for (const auto& [k, n] : r.store->diagnostics().counts())
                    msg += k + ":" + std::to_string(n) + " ";
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

} // namespace

class TestProfileLoader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

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
};

QTEST_APPLESS_MAIN(TestProfileLoader)
#include "tst_profileloader.moc"
