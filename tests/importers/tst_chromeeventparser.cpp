// ChromeEventParser: the simdjson fast path and the nlohmann reference give the same chunk on
// every input, down to diagnostics and byte offsets. Edge rows compare the two chunks of the
// scanner's batches and say which path parsed them (the fast one, or the reference it fell
// back to); the corpus and tests/data rows load each Chrome trace both ways and compare the
// stores' snapshot bytes.
#include "importertestutil.h"
#include <support/testfiles.h>

#include <chromeeventparser.h>
#include <profileloader.h>
#include <snapshot/snapshotwriter.h>
#include <tracescanner.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using strata::importers::ChromeEventParser;
using strata::importers::EventBatch;
using strata::importers::InputReader;
using strata::importers::LocalId;
using strata::importers::ParsedChunk;
using strata::importers::ProfileLoader;
using strata::importers::TraceScanner;
using strata::store::ArgKind;
using strata::store::StringId;

namespace {

// A chunk-local string with its id: the two paths intern in the same order.
QString text(const ParsedChunk& c, uint32_t id)
{
    return id == UINT32_MAX ? QStringLiteral("-")
                            : importertest::qstr(c.strings.view(StringId(id))) + QLatin1Char('#') + QString::number(id);
}

QString idText(const ParsedChunk& c, const LocalId& id)
{
    switch (id.kind) {
    case LocalId::Number: return QString::number(id.num);
    case LocalId::String: return QLatin1Char('\'') + text(c, id.str) + QLatin1Char('\'');
    default: return QStringLiteral("-");
    }
}

// Every field of every event and argument, and the diagnostics, as lines.
QStringList dump(const ParsedChunk& c)
{
    QStringList out;
    for (const auto& e : c.events) {
        out << QStringLiteral("@%1 name=%2 cat=%3 ph=%4 ts=%5%6 dur=%7%8 pid=%9 tid=%10 id=%11%12 bind=%13 s=%14 "
                              "bp=%15 flow=%16%17 empty=%18")
                   .arg(e.offset)
                   .arg(text(c, e.name), text(c, e.cat), text(c, e.ph))
                   .arg(
                       e.hasTs ? QString::number(e.ts) : QStringLiteral("-"), e.tsBad ? QStringLiteral("!") : QString())
                   .arg(e.hasDur ? QString::number(e.dur) : QStringLiteral("-"),
                       e.durBad ? QStringLiteral("!") : QString())
                   .arg(idText(c, e.pid), idText(c, e.tid), idText(c, e.id))
                   .arg(e.id2Local ? QStringLiteral("(local)") : QString(), idText(c, e.bindId))
                   .arg(int(e.scope))
                   .arg(e.bpEnclosing)
                   .arg(e.flowIn)
                   .arg(e.flowOut)
                   .arg(e.empty);
        for (uint32_t a = e.argsBegin; a < e.argsEnd; ++a) {
            const auto& arg = c.args[a];
            QString v;
            switch (arg.kind) {
            case ArgKind::String: v = QLatin1Char('\'') + text(c, arg.s) + QLatin1Char('\''); break;
            case ArgKind::Double: {
                uint64_t bits = 0;
                std::memcpy(&bits, &arg.d, sizeof bits);
                v = QStringLiteral("d%1").arg(bits, 16, 16, QLatin1Char('0'));
                break;
            }
            case ArgKind::Uint: v = QStringLiteral("u%1").arg(arg.u); break;
            default: v = QStringLiteral("i%1/%2").arg(arg.i).arg(int(arg.kind)); break;
            }
            out << QStringLiteral("  %1=%2").arg(text(c, arg.key), v);
        }
    }
    for (const auto& [kind, n] : c.diagnostics.counts())
        out << QStringLiteral("diag %1=%2").arg(importertest::qstr(kind)).arg(n);
    for (const auto& m : c.diagnostics.messages())
        out << QStringLiteral("message ") + importertest::qstr(m);
    return out;
}

struct TwoWays {
    QStringList fast, reference;
    bool fellBack = false; // the fast path handed at least one batch to the reference
    int batches = 0;
};

// Scans `trace` as a user's file and parses every batch both ways.
TwoWays parseBothWays(const QByteArray& trace)
{
    TwoWays r;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    testfiles::writeFile(path, trace);
    std::string error;
    auto input = InputReader::open(path.toStdString(), &error);
    if (!input)
        qFatal("%s", error.c_str());
    strata::store::Diagnostics diag;
    TraceScanner scanner(*input, diag, [](const std::string&, std::string_view, uint64_t) {});
    if (!scanner.start())
        return r;
    EventBatch batch;
    while (scanner.next(batch, 64)) {
        ++r.batches;
        ParsedChunk fast, reference;
        fast.baseOffset = reference.baseOffset = batch.baseOffset;
        const uint64_t before = ChromeEventParser::referenceBatches();
        ChromeEventParser::parse(batch.text, batch.starts, batch.ends, fast);
        r.fellBack |= ChromeEventParser::referenceBatches() != before;
        ChromeEventParser::parse(batch.text, batch.starts, batch.ends, reference, ChromeEventParser::Engine::Reference);
        r.fast << QStringLiteral("batch %1").arg(r.batches) << dump(fast);
        r.reference << QStringLiteral("batch %1").arg(r.batches) << dump(reference);
    }
    return r;
}

QByteArray snapshotOf(const QString& path, bool reference)
{
    strata::importers::ImportContext ctx;
    ctx.referenceJsonParser = reference;
    const auto r = ProfileLoader::load(path.toStdString(), ctx);
    if (!r.store) // a file no importer reads: the same error both ways
        return QByteArray("no store: ") + r.error.c_str();
    strata::store::SnapshotWriter::Options options;
    options.level = 1;
    options.threads = 0;
    const auto bytes = strata::store::SnapshotWriter::encode(*r.store, "", options);
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

// An argument `depth` containers deep, objects and arrays taking turns from the innermost out.
QByteArray deepArgs(int depth)
{
    QByteArray open, close;
    for (int i = depth - 1; i >= 0; --i) {
        open += i % 2 ? "[" : "{\"k\":";
        close.prepend(i % 2 ? "]" : "}");
    }
    return "{\"ph\":\"i\",\"args\":{\"deep\":" + open + "1" + close + "}}";
}

QByteArray manyArgs(int n)
{
    QByteArray a;
    for (int i = 0; i < n; ++i)
        a += (i ? ",\"a" : "\"a") + QByteArray::number(i) + "\":" + QByteArray::number(i);
    return "{\"ph\":\"i\",\"args\":{" + a + "}}";
}

} // namespace

class tst_ChromeEventParser : public QObject {
    Q_OBJECT
private slots:
    void sameChunk_data()
    {
        QTest::addColumn<QByteArray>("events"); // the text inside "traceEvents":[...]
        QTest::addColumn<bool>("fast"); // the fast path parses it without the reference

        const auto row
            = [](const char* name, const QByteArray& events, bool fast) { QTest::newRow(name) << events << fast; };
        row("complete", R"({"name":"a","cat":"c","ph":"X","ts":1.5,"dur":2,"pid":1,"tid":2,"args":{"x":1}})", true);
        row("two events", R"({"ph":"B","ts":1,"pid":1,"tid":1} ,
 {"ph":"E","ts":2,"pid":1,"tid":1})",
            true);
        row("epoch ts exact", R"({"ph":"i","ts":4619295550.123456,"dur":0.001})", true);
        row("ts as string", R"({"ph":"i","ts":"4619295550.123","dur":"7"})", true);
        row("ts exponent", R"({"ph":"i","ts":1.5e3,"dur":2E-3})", true);
        row("ts bad", R"({"ph":"i","ts":"soon","dur":true})", true);
        row("ts beyond the store", R"({"ph":"i","ts":18446744073709551615,"dur":-9223372036854775808})", true);
        row("ids beyond int64", R"({"ph":"s","id":18446744073709551616,"pid":-9223372036854775809,"tid":1e300})", true);
        row("ids as written", R"({"ph":"b","id":"0x1f","pid":1e3,"tid":1.5,"bind_id":-5,"s":"g","bp":"e"})", true);
        row("id2 local", R"({"ph":"b","id2":{"local":"0x1"}})", true);
        row("id2 global", R"({"ph":"b","id2":{"global":5}})", true);
        row("id2 nested", R"({"ph":"b","id2":{"local":{"x":1},"y":[2]}})", true);
        row("flows", R"({"ph":"X","flow_in":true,"flow_out":1,"bind_id":"0x2"})", true);
        row("nested args", R"({"ph":"i","args":{"a":{"b":[1,{"c":2},[3,"x"]]},"d":null,"e":true,"f":"s","":{"":0}}})",
            true);
        row("args not an object", R"({"ph":"i","args":[1,{"a":2}]},{"ph":"i","args":7})", true);
        row("duplicate keys", R"({"name":"a","name":"b","args":{"k":1,"k":2.5},"args":{"k":-3}})", true);
        row("numbers", R"({"args":{"a":-0,"b":0,"c":1E2,"d":-1.25e-7,"e":123456789012345678901234567890}})", true);
        // Not a raw string: moc misreads \" inside one.
        row("escapes", "{\"name\":\"a\\\"b\\\\c\\/\\u00e9\\ud83d\\ude00\\n\\t\",\"args\":{\"k\\u0041\":\"\\u0000\"}}",
            true);
        row("raw UTF-8", "{\"name\":\"\xC3\xA9\xF0\x9F\x98\x80\"}", true);
        row("empty objects", R"({},{ },{"args":{}})", true);
        row("whitespace", "{ \"ph\" :\t\"i\" ,\r\n \"ts\" : 5 }", true);
        row("deep args", deepArgs(20), true);
        row("args nested deeper than the walk", deepArgs(300), false);
        row("args nested 100000 deep", deepArgs(100000), false);
        row("many args", manyArgs(600), true);
        // What simdjson refuses or might read differently: the reference parses the batch.
        row("underflow", R"({"ph":"i","args":{"tiny":1e-400}})", false);
        row("overflow", R"({"ph":"i","ts":1e400},{"ph":"i"})", false);
        row("leading zero", R"({"ph":"i","ts":01},{"ph":"i"})", false);
        row("bare fraction", R"({"ph":"i","ts":1.},{"ph":"i","ts":.5})", false);
        row("plus sign", R"({"ph":"i","ts":+1})", false);
        row("NaN", R"({"ph":"i","ts":NaN})", false);
        row("bad literals", R"({"a":tru},{"b":nul},{"c":falsey},{"d":null})", false);
        row("missing colon", R"({"a" 1},{"ph":"i"})", false);
        row("missing comma", R"({"a":1 "b":2},{"ph":"i"})", false);
        row("object trailing comma", R"({"a":1,},{"ph":"i"})", false);
        row("array trailing comma", R"({"args":{"a":[1,]}},{"ph":"i"})", false);
        row("double comma between entries", R"({"ph":"i"},,{"ph":"i"})", false);
        row("single quotes", R"({'ph':'i'},{"ph":"i"})", false);
        row("raw control character", "{\"name\":\"a\tb\"},{\"ph\":\"i\"}", false);
        row("lone high surrogate", R"({"name":"\ud800"},{"ph":"i"})", false);
        row("lone low surrogate", R"({"name":"\udc00"},{"ph":"i"})", false);
        row("high surrogate then letter", R"({"name":"\ud800\u0041"},{"ph":"i"})", false);
        row("bad escape", R"({"name":"\x41"},{"ph":"i"})", false);
        row("invalid UTF-8", "{\"name\":\"\xFF\"},{\"ph\":\"i\"}", false);
        row("overlong UTF-8", "{\"name\":\"\xC0\x80\"},{\"ph\":\"i\"}", false);
        // A surrogate as raw UTF-8 bytes (ED A0 80), not escaped: invalid UTF-8 either way.
        row("raw surrogate bytes in a value", "{\"name\":\"a\xED\xA0\x80\"},{\"ph\":\"i\"}", false);
        row("raw surrogate bytes in a key", "{\"args\":{\"k\xED\xB0\x80\":1}},{\"ph\":\"i\"}", false);
        row("key not a string", R"({1:2},{"ph":"i"})", false);
        row("entry over 16 MiB", "{\"ph\":\"i\",\"args\":{\"s\":\"" + QByteArray(17 << 20, 'x') + "\"}}", false);
    }

    void sameChunk()
    {
        QFETCH(QByteArray, events);
        QFETCH(bool, fast);
        const TwoWays r = parseBothWays("{\"traceEvents\":[" + events + "]}");
        QVERIFY(r.batches > 0);
        QCOMPARE(r.fast, r.reference);
        QCOMPARE(!r.fellBack, fast);
    }

    void sameStore_data()
    {
        QTest::addColumn<QString>("path");
        const QDir data(testfiles::dataPath(QString()));
        for (const QString& f : data.entryList({ QStringLiteral("chrome_*.json") }, QDir::Files))
            QTest::newRow(qPrintable(QStringLiteral("data/") + f)) << data.filePath(f);
        QFile manifest(importertest::corpusDir() + QStringLiteral("/MANIFEST.tsv"));
        if (!manifest.open(QIODevice::ReadOnly))
            return; // no corpus: the tests/data rows alone
        const QStringList header = QString::fromUtf8(manifest.readLine()).trimmed().split(QLatin1Char('\t'));
        const qsizetype cFile = header.indexOf(QStringLiteral("file"));
        const qsizetype cFormat = header.indexOf(QStringLiteral("format"));
        while (!manifest.atEnd()) {
            const QStringList cols = QString::fromUtf8(manifest.readLine()).remove(QLatin1Char('\n')).split('\t');
            if (cols.size() == header.size() && cols[cFormat].startsWith(QLatin1String("chrome-json")))
                QTest::newRow(qPrintable(cols[cFile])) << importertest::corpusDir() + QLatin1Char('/') + cols[cFile];
        }
    }

    void sameStore()
    {
        QFETCH(QString, path);
        const QByteArray fast = snapshotOf(path, false);
        QVERIFY(fast == snapshotOf(path, true));
    }
};

QTEST_APPLESS_MAIN(tst_ChromeEventParser)
#include "tst_chromeeventparser.moc"
