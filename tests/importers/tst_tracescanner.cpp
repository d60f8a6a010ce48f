// TraceScanner: entry boundaries found by the string-aware brace matcher, batching by
// targetBytes, top-level values handed to the callback, and the tolerated damage.
#include "importertestutil.h"
#include <support/testfiles.h>

#include <tracescanner.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <utility>
#include <vector>

using strata::importers::EventBatch;
using strata::importers::InputReader;
using strata::importers::TraceScanner;
using strata::store::Diagnostics;

namespace {

constexpr size_t kOneBatch = size_t(1) << 20;

struct ScanResult {
    bool started = false;
    TraceScanner::Form form = TraceScanner::Form::Unknown;
    bool sawEvents = false;
    quint64 entries = 0;
    QByteArrayList events; // each entry's bytes, from the batches
    std::vector<std::pair<QString, QByteArray>> values; // top-level key → raw value
    std::vector<quint64> valueSizes;
    int batches = 0;
    QString error;
    quint64 errorOffset = 0;
    Diagnostics diag;
    QStringList problems; // inconsistencies found while scanning
};

} // namespace

class tst_TraceScanner : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QByteArray& bytes)
    {
        QString path = m_dir.filePath(QStringLiteral("scan.json"));
        testfiles::writeFile(path, bytes);
        return path;
    }

    // Scans `bytes` to the end, checking every batch against the file on the way. An
    // exception escaping the scanner is recorded as a problem, so one row cannot end the run.
    ScanResult scan(const QByteArray& bytes, size_t targetBytes = kOneBatch, const QString& compression = "none")
    {
        ScanResult res;
        try {
            scanInto(res, bytes, targetBytes, compression);
        } catch (const std::exception& e) {
            res.problems << QStringLiteral("exception: %1").arg(QString::fromUtf8(e.what()));
        }
        return res;
    }

    void scanInto(ScanResult& res, const QByteArray& bytes, size_t targetBytes, const QString& compression)
    {
        std::string error;
        auto in = InputReader::open(write(testfiles::compress(bytes, compression)).toStdString(), &error);
        if (!in) {
            res.error = QString::fromStdString(error);
            return;
        }
        TraceScanner scanner(*in, res.diag, [&](const std::string& key, std::string_view value, uint64_t size) {
            res.values.emplace_back(QString::fromStdString(key), QByteArray(value.data(), qsizetype(value.size())));
            res.valueSizes.push_back(size);
        });
        res.started = scanner.start();
        res.form = scanner.form();
        if (!res.started) {
            res.error = QString::fromStdString(scanner.error());
            res.errorOffset = scanner.errorOffset();
            return;
        }
        EventBatch batch;
        uint64_t lastOffset = 0;
        while (scanner.next(batch, targetBytes)) {
            ++res.batches;
            if (batch.starts.empty() || batch.starts.size() != batch.ends.size())
                res.problems << QStringLiteral("batch %1: %2 starts, %3 ends")
                                    .arg(res.batches)
                                    .arg(batch.starts.size())
                                    .arg(batch.ends.size());
            if (!batch.text.empty() && (batch.text.front() != '[' || batch.text.back() != ']'))
                res.problems << QStringLiteral("batch %1 is not bracketed").arg(res.batches);
            if (batch.baseOffset < lastOffset)
                res.problems << QStringLiteral("batch %1 goes backwards").arg(res.batches);
            lastOffset = batch.baseOffset;
            const QByteArray text(batch.text.data(), qsizetype(batch.text.size()));
            QJsonParseError perr;
            const QJsonDocument doc = QJsonDocument::fromJson(text, &perr);
            if (perr.error == QJsonParseError::NoError && doc.array().size() != qsizetype(batch.starts.size()))
                res.problems << QStringLiteral("batch %1 parses to %2 values, not %3")
                                    .arg(res.batches)
                                    .arg(doc.array().size())
                                    .arg(batch.starts.size());
            for (size_t i = 0; i < batch.starts.size() && i < batch.ends.size(); ++i) {
                const QByteArray ev = text.mid(batch.starts[i], batch.ends[i] - batch.starts[i]);
                const QByteArray atFile
                    = bytes.mid(qsizetype(batch.baseOffset) + qsizetype(batch.starts[i]), ev.size());
                if (compression == QLatin1String("none") && atFile != ev)
                    res.problems << QStringLiteral("entry %1 is not at file offset %2")
                                        .arg(res.events.size())
                                        .arg(batch.baseOffset + batch.starts[i]);
                res.events << ev;
            }
        }
        if (scanner.next(batch, targetBytes))
            res.problems << QStringLiteral("next() returned an entry after the end");
        res.sawEvents = scanner.sawEventsArray();
        res.entries = scanner.entries();
        return;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void boundaries_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArrayList>("events");
        QTest::addColumn<QString>("diagnostics");

        QTest::newRow("plain") << QByteArray("[{\"a\":1},{\"b\":2}]") << QByteArrayList { "{\"a\":1}", "{\"b\":2}" }
                               << "";
        QTest::newRow("braces in strings") << QByteArray("[{\"name\":\"}{][\",\"x\":1}, {\"n\":\"]\"}]")
                                           << QByteArrayList { "{\"name\":\"}{][\",\"x\":1}", "{\"n\":\"]\"}" } << "";
        QTest::newRow("escaped quotes") << QByteArray(
            "[{\"name\":\"a\\\"}b\"},{\"name\":\"\\\\\"},{\"name\":\"\\\\\\\"}\"}]")
                                        << QByteArrayList { "{\"name\":\"a\\\"}b\"}", "{\"name\":\"\\\\\"}",
                                               "{\"name\":\"\\\\\\\"}\"}" }
                                        << "";
        QTest::newRow("escaped quote in key") << QByteArray("[{\"k\\\"}\":{\"\\\"{\":\"}\"}}]")
                                              << QByteArrayList { "{\"k\\\"}\":{\"\\\"{\":\"}\"}}" } << "";
        QTest::newRow("unicode escapes") << QByteArray("[{\"name\":\"\\u007d\\u0022\\\\u\"}]")
                                         << QByteArrayList { "{\"name\":\"\\u007d\\u0022\\\\u\"}" } << "";
        QTest::newRow("utf-8") << QByteArray("[{\"name\":\"\xe6\x97\xa5}\"}]")
                               << QByteArrayList { "{\"name\":\"\xe6\x97\xa5}\"}" } << "";
        QTest::newRow("nested") << QByteArray("[{\"args\":{\"a\":[{\"b\":{}}],\"c\":[[]]}}]")
                                << QByteArrayList { "{\"args\":{\"a\":[{\"b\":{}}],\"c\":[[]]}}" } << "";
        QTest::newRow("whitespace and commas")
            << QByteArray("[ ,, {\"a\":1} ,\n\t{\"b\":2} , ]") << QByteArrayList { "{\"a\":1}", "{\"b\":2}" } << "";
        QTest::newRow("object form") << QByteArray(
            "{\"traceEvents\":[{\"a\":\"]}\"}],\"x\":{\"traceEvents\":[{\"no\":1}]}}")
                                     << QByteArrayList { "{\"a\":\"]}\"}" } << "";
        QTest::newRow("two traceEvents keys")
            << QByteArray("{\"traceEvents\":[{\"a\":1}],\"traceEvents\":[{\"b\":2}]}")
            << QByteArrayList { "{\"a\":1}", "{\"b\":2}" } << "duplicate_trace_events_key:1";
        QTest::newRow("non-object entries") << QByteArray("[1, {\"a\":1}, \"x}\", [{\"no\":1}], {\"b\":2}, null]")
                                            << QByteArrayList { "{\"a\":1}", "{\"b\":2}" } << "non_object_event:4";
        QTest::newRow("empty array") << QByteArray("[]") << QByteArrayList {} << "";
        QTest::newRow("empty objects") << QByteArray("[{},{ }]") << QByteArrayList { "{}", "{ }" } << "";
        QTest::newRow("unterminated array")
            << QByteArray("[{\"a\":1},\n") << QByteArrayList { "{\"a\":1}" } << "unterminated_array:1";
        QTest::newRow("truncated entry") << QByteArray("[{\"a\":1},{\"b\":") << QByteArrayList { "{\"a\":1}" }
                                         << "truncated_input:1";
        QTest::newRow("truncated after backslash")
            << QByteArray("[{\"a\":1},{\"b\":\"\\") << QByteArrayList { "{\"a\":1}" } << "truncated_input:1";
        QTest::newRow("unterminated object")
            << QByteArray("{\"traceEvents\":[{\"a\":1}]") << QByteArrayList { "{\"a\":1}" } << "unterminated_object:1";
        QTest::newRow("unterminated events in object")
            << QByteArray("{\"traceEvents\":[{\"a\":1},") << QByteArrayList { "{\"a\":1}" } << "unterminated_object:1";
    }

    void boundaries()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArrayList, events);
        QFETCH(QString, diagnostics);
        const ScanResult r = scan(text);
        QVERIFY2(r.started, qPrintable(r.error));
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.join(QLatin1String("; "))));
        QCOMPARE(r.events, events);
        QCOMPARE(r.entries, quint64(events.size()));
        QVERIFY(r.sawEvents);
        QCOMPARE(importertest::histogram(r.diag.counts()), diagnostics);
    }

    void batching_data()
    {
        QTest::addColumn<int>("targetBytes");
        QTest::addColumn<int>("perBatch"); // entries in each full batch
        // Entries are 24 bytes + ", " between them.
        QTest::newRow("1 byte: one entry a batch") << 1 << 1;
        QTest::newRow("one entry exactly") << 24 << 1;
        QTest::newRow("just over one entry") << 25 << 2;
        QTest::newRow("about three entries") << 70 << 3;
        QTest::newRow("everything") << (1 << 20) << 50;
    }

    void batching()
    {
        QFETCH(int, targetBytes);
        QFETCH(int, perBatch);
        QByteArray text("[");
        QByteArrayList all;
        for (int i = 0; i < 50; ++i) {
            const QByteArray ev
                = QByteArray("{\"name\":\"ev") + QByteArray::number(i).rightJustified(2, '0') + "\",\"id\":[1]}";
            QCOMPARE(ev.size(), 24);
            all << ev;
            text += (i ? ", " : "") + ev;
        }
        text += "]";
        const ScanResult r = scan(text, size_t(targetBytes));
        QVERIFY(r.started);
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.join(QLatin1String("; "))));
        QCOMPARE(r.events, all);
        QCOMPARE(r.batches, (50 + perBatch - 1) / perBatch);
    }

    void topLevelValues_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("keys");
        QTest::addColumn<QByteArrayList>("values");

        QTest::newRow("before and after the events")
            << QByteArray("{\"a\":1,\"b\":\"s}\\\"\",\"c\":{\"x\":[1,2]},\"traceEvents\":[{\"e\":1}],\"d\":null,\"e\":["
                          "1,{\"f\":\"]\"}],\"f\":true}")
            << QStringList { "a", "b", "c", "d", "e", "f" }
            << QByteArrayList { "1", "\"s}\\\"\"", "{\"x\":[1,2]}", "null", "[1,{\"f\":\"]\"}]", "true" };
        QTest::newRow("whitespace around values")
            << QByteArray("{ \"a\" : 1.5e3 ,\n \"b\" :\t{\"x\":1}  , \"traceEvents\" : [ ] , \"c\":\"\" }")
            << QStringList { "a", "b", "c" } << QByteArrayList { "1.5e3", "{\"x\":1}", "\"\"" };
        QTest::newRow("escaped key") << QByteArray("{\"k\\\"ey\":\"v\",\"traceEvents\":[]}")
                                     << QStringList { "k\\\"ey" } << QByteArrayList { "\"v\"" };
        QTest::newRow("traceEvents not an array") << QByteArray("{\"traceEvents\":5,\"x\":[]}")
                                                  << QStringList { "traceEvents", "x" } << QByteArrayList { "5", "[]" };
    }

    void topLevelValues()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, keys);
        QFETCH(QByteArrayList, values);
        const ScanResult r = scan(text);
        QVERIFY(r.started);
        QCOMPARE(r.form, TraceScanner::Form::Object);
        QStringList gotKeys;
        QByteArrayList gotValues;
        for (size_t i = 0; i < r.values.size(); ++i) {
            gotKeys << r.values[i].first;
            gotValues << r.values[i].second;
            QCOMPARE(r.valueSizes[i], quint64(r.values[i].second.size()));
        }
        QCOMPARE(gotKeys, keys);
        QCOMPARE(gotValues, values);
    }

    void noEventsArray()
    {
        ScanResult r = scan("{\"a\":{\"traceEvents\":[{\"x\":1}]}}");
        QVERIFY(r.started);
        QVERIFY(!r.sawEvents);
        QCOMPARE(r.entries, quint64(0));
        r = scan("{\"traceEvents\":5}");
        QVERIFY(!r.sawEvents);
        QCOMPARE(importertest::histogram(r.diag.counts()), QStringLiteral("trace_events_not_array:1"));
    }

    void start_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("form");
        QTest::addColumn<quint64>("errorOffset");
        QTest::newRow("array") << QByteArray("[]") << true << int(TraceScanner::Form::Array) << quint64(0);
        QTest::newRow("object") << QByteArray("{}") << true << int(TraceScanner::Form::Object) << quint64(0);
        QTest::newRow("BOM and whitespace")
            << QByteArray("\xEF\xBB\xBF \r\n\t[]") << true << int(TraceScanner::Form::Array) << quint64(0);
        QTest::newRow("letter") << QByteArray("x[]") << false << int(TraceScanner::Form::Unknown) << quint64(0);
        QTest::newRow("letter after whitespace")
            << QByteArray("  \n x") << false << int(TraceScanner::Form::Unknown) << quint64(4);
        QTest::newRow("number") << QByteArray("5") << false << int(TraceScanner::Form::Unknown) << quint64(0);
        QTest::newRow("whitespace only") << QByteArray(" \n\t ") << false << int(TraceScanner::Form::Unknown)
                                         << quint64(4);
    }

    void start()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        QFETCH(int, form);
        QFETCH(quint64, errorOffset);
        const ScanResult r = scan(text);
        QCOMPARE(r.started, ok);
        QCOMPARE(int(r.form), form);
        if (!ok) {
            QVERIFY(!r.error.isEmpty());
            QCOMPARE(r.errorOffset, errorOffset);
        }
    }

    // Escapes, quotes and brackets at every position relative to the scanner's 64-byte
    // blocks: each entry's string grows by one byte, so the tricky bytes slide across
    // block edges.
    void slidingEscapes_data()
    {
        QTest::addColumn<QByteArray>("tail"); // JSON string content after the padding
        QTest::newRow("escaped quote then brace") << QByteArray("\\\"}{");
        QTest::newRow("escaped backslash then quote") << QByteArray("\\\\");
        QTest::newRow("three backslashes") << QByteArray("\\\\\\\"]");
        QTest::newRow("unicode escape") << QByteArray("\\u0022\\u005c}");
        QTest::newRow("brackets only") << QByteArray("[{]}");
        QTest::newRow("backslash run") << QByteArray(64, '\\');
    }

    void slidingEscapes()
    {
        QFETCH(QByteArray, tail);
        QByteArray text("[");
        QByteArrayList all;
        for (int k = 0; k < 200; ++k) {
            const QByteArray ev = "{\"name\":\"" + QByteArray(k, 'x') + tail + "\",\"args\":{\"v\":["
                + QByteArray::number(k) + ",{\"s\":\"" + tail + "\"}]}}";
            all << ev;
            text += (k ? "," : "") + ev;
        }
        text += "]";
        const ScanResult r = scan(text, 512);
        QVERIFY(r.started);
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.mid(0, 3).join(QLatin1String("; "))));
        QCOMPARE(importertest::histogram(r.diag.counts()), QString());
        QCOMPARE(r.events.size(), all.size());
        QCOMPARE(r.events, all);
    }

    // Every entry survives whatever byte a 1 MiB read block of the scanner ends on.
    void readBlockEdges_data()
    {
        QTest::addColumn<QByteArray>("where");
        QTest::addColumn<QString>("compression");
        QTest::addColumn<int>("targetBytes");
        for (const char* w : { "space", "brace", "escape" }) {
            QTest::addRow("%s, small batches", w) << QByteArray(w) << "none" << 4096;
            QTest::addRow("%s, 512 KiB batches", w) << QByteArray(w) << "none" << (512 << 10);
            QTest::addRow("%s, gzip", w) << QByteArray(w) << "gzip" << (512 << 10);
        }
    }

    void readBlockEdges()
    {
        QFETCH(QByteArray, where);
        QFETCH(QString, compression);
        QFETCH(int, targetBytes);
        const int count = 30000;
        const QByteArray text = testfiles::blockBoundaryTrace(count, where);
        QVERIFY(text.size() > 2 * (1 << 20));
        QVERIFY(testfiles::boundariesAsAsked(text, where));
        const ScanResult r = scan(text, size_t(targetBytes), compression);
        QVERIFY(r.started);
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.mid(0, 3).join(QLatin1String("; "))));
        QCOMPARE(importertest::histogram(r.diag.counts()), QString());
        QCOMPARE(r.events.size(), count);
        QVERIFY(r.events.first().startsWith("{\"name\":\"e0\""));
        QVERIFY(r.events.last().startsWith("{\"name\":\"e" + QByteArray::number(count - 1) + "\""));
    }
};

QTEST_APPLESS_MAIN(tst_TraceScanner)
#include "tst_tracescanner.moc"
