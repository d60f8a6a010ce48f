// ChromeSkippedKinds: what a Chrome trace holds that the timeline does not draw, through
// ProfileLoader::load on the hand-made traces of tests/data, small generated ones and a
// real DevTools profile of the corpus that holds only metadata and CPU profile chunks — the
// kinds recorded in the store and the sentence the timeline and `strata-cli info` give.
#include "importertestutil.h"
#include "tracefolder.h"
#include <support/testfiles.h>

#include <analysis/notshown/notshowntext.h>
#include <profileloader.h>

#include <QtTest>

using strata::analysis::NotShownText;
using strata::importers::LoadResult;
using namespace strata::store;
using namespace importertest;

namespace {

// "key:count" per kind in the order recorded (phases in text order, then the top-level values), ":kept" for kinds read
// but not skipped.
QString kindsText(const SkippedContent& s)
{
    QStringList out;
    for (const SkippedContent::Kind& k : s.kinds())
        out << QStringLiteral("%1:%2%3")
                   .arg(QString::fromStdString(k.key))
                   .arg(k.count)
                   .arg(k.skipped ? QString() : QStringLiteral(":kept"));
    return out.join(' ');
}

} // namespace

class tst_ChromeSkippedKinds : public QObject {
    Q_OBJECT

    testfiles::TraceFolder m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void kinds_data()
    {
        // `input`: a file of tests/data, "corpus:<path>" in the corpus, or the JSON itself.
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("kinds");
        QTest::addColumn<QString>("sentence");
        // clang-format off
        QTest::newRow("slices only: nothing to say") << "chrome_object_form.json" << "" << "";
        QTest::newRow("ignored phases beside a slice") << "chrome_ignored_phases.json"
            << "object_snapshots:3 profile_chunks:2"
            << "This Chrome JSON trace holds 3 object snapshot events and 2 CPU profile chunks, "
               "which Strata does not draw.";
        QTest::newRow("top-level samples") << "chrome_stack_frames_samples.json" << "samples:2"
            << "This Chrome JSON trace holds 2 CPU samples, which Strata does not draw.";
        QTest::newRow("systemTraceEvents text") << "chrome_system_trace_string.json" << "system_trace_events:1"
            << "This Chrome JSON trace holds 1 systemTraceEvents text block, which Strata does not draw.";
        QTest::newRow("unknown phases") << "chrome_unknown_phase.json" << "unknown_phases:2"
            << "This Chrome JSON trace holds 2 events of unknown phases, which Strata does not draw.";
        QTest::newRow("metadata only")
            << "[{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\"Host\"}}]" << "metadata:1:kept"
            << "Nothing to draw: this Chrome JSON trace holds 1 event, none of a kind Strata draws: 1 metadata event.";
        QTest::newRow("async steps and metadata")
            << "{\"traceEvents\":[{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"t\"}},"
               "{\"name\":\"s\",\"ph\":\"T\",\"ts\":1,\"pid\":1,\"tid\":1,\"id\":1},{\"name\":\"s\",\"ph\":\"p\",\"ts\":2,\"pid\":1,\"tid\":1,\"id\":1},"
               "{\"name\":\"c\",\"ph\":\"(\",\"ts\":2,\"pid\":1,\"tid\":1,\"id\":1}]}"
            << "contexts:1 metadata:1:kept async_steps:2"
            << "Nothing to draw: this Chrome JSON trace holds 4 events, none of a kind Strata draws: "
               "2 async step events, 1 context event and 1 metadata event.";
        QTest::newRow("samples only")
            << "{\"traceEvents\":[{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\"A\"}}],"
               "\"samples\":[{\"cpu\":0,\"tid\":1,\"ts\":1,\"name\":\"cycles\",\"sf\":1,\"weight\":1},"
               "{\"cpu\":0,\"tid\":1,\"ts\":2,\"name\":\"cycles\",\"sf\":1,\"weight\":1}]}"
            << "metadata:1:kept samples:2"
            << "Nothing to draw: this Chrome JSON trace holds 3 events, none of a kind Strata draws: 2 CPU samples "
               "and 1 metadata event.";
        QTest::newRow("no events") << "{\"traceEvents\":[]}" << ""
            << "Nothing to draw: this Chrome JSON trace holds no events.";
        QTest::newRow("DevTools profile of samples only")
            << "corpus:jlfwong__speedscope/Chrome141_no-arg-data.json" << "metadata:51:kept profile_chunks:12"
            << "Nothing to draw: this Chrome JSON trace holds 63 events, none of a kind Strata draws: "
               "51 metadata events and 12 CPU profile chunks.";
        // clang-format on
    }

    void kinds()
    {
        QFETCH(QString, input);
        QFETCH(QString, kinds);
        QFETCH(QString, sentence);
        LoadResult r;
        if (input.startsWith(QLatin1String("corpus:"))) {
            const QString path = corpusDir() + '/' + input.mid(7);
            if (!QFile::exists(path))
                QSKIP("no real-trace corpus at ../shared/corpus/real");
            r = strata::importers::ProfileLoader::load(path.toStdString());
        } else if (input.endsWith(QLatin1String(".json"))) {
            r = strata::importers::ProfileLoader::load(testfiles::dataPath(input).toStdString());
        } else {
            r = m_dir.loadNew(input.toStdString(), QStringLiteral(".json"));
        }
        QVERIFY2(r.store, r.error.c_str());
        const EventStore& s = *r.store;
        QCOMPARE(kindsText(s.skipped()), kinds);
        QCOMPARE(QString::fromStdString(s.skipped().source()), QStringLiteral("Chrome JSON trace"));
        QCOMPARE(QString::fromStdString(NotShownText::sentence(s)), sentence);
    }
};

QTEST_APPLESS_MAIN(tst_ChromeSkippedKinds)
#include "tst_chromeskippedkinds.moc"
