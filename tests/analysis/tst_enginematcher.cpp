// EngineMatcher: the engines of two summaries paired by the user's overrides, by process and
// track label, by label in the same place, by role and order in the same place, then by
// label and normalised label anywhere; every engine once.
#include <analysis/compare/enginematcher.h>

#include <QRegularExpression>
#include <QtTest>

using namespace strata;
using namespace strata::analysis;
using Match = EngineMatcher::Match;

namespace {

// A summary from "[d:|a:]process|track[@tid]" strings, in display order: "d:" marks a device
// track, "a:" an annotation lane, others are host threads; the pid is the process label's
// "(N)". Track ids are the indexes.
TraceSummary summaryOf(const QStringList& engines)
{
    static const QRegularExpression kPid(QStringLiteral("\\((\\d+)\\)"));
    TraceSummary s;
    for (QString e : engines) {
        TrackSummaryRow r;
        r.track = store::TrackId(uint32_t(s.tracks.size()));
        if (e.startsWith(QLatin1String("d:")) || e.startsWith(QLatin1String("a:"))) {
            r.role = e.startsWith(QLatin1Char('d')) ? store::TrackRole::Device : store::TrackRole::Annotation;
            e = e.mid(2);
        }
        const QString process = e.section(QLatin1Char('|'), 0, 0);
        QString track = e.section(QLatin1Char('|'), 1);
        if (track.contains(QLatin1Char('@'))) {
            r.hasTid = true;
            r.tid = store::IdValue::number(track.section(QLatin1Char('@'), 1).toLongLong());
            track = track.section(QLatin1Char('@'), 0, 0);
        }
        const QRegularExpressionMatch pid = kPid.match(process);
        if (pid.hasMatch())
            r.pid = store::IdValue::number(pid.captured(1).toLongLong());
        r.processLabel = process.toStdString();
        r.name = track.toStdString();
        s.tracks.push_back(r);
    }
    return s;
}

// "a>b:how" per pair, -1 for a missing side.
QString describe(const std::vector<EngineMatcher::Pair>& pairs)
{
    static const char* const kHow[] = { "exact", "label", "normalised", "role", "explicit", "a-only", "b-only" };
    QStringList out;
    for (const EngineMatcher::Pair& p : pairs)
        out << QStringLiteral("%1>%2:%3").arg(p.a).arg(p.b).arg(QLatin1String(kHow[int(p.match)]));
    return out.join(QLatin1Char(' '));
}

// "0>2 1>0": A's track 0 with B's 2, A's 1 with B's 0.
std::vector<EngineMatcher::Override> overridesOf(const QString& text)
{
    std::vector<EngineMatcher::Override> out;
    for (const QString& o : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        out.push_back({ store::TrackId(o.section(QLatin1Char('>'), 0, 0).toUInt()),
            store::TrackId(o.section(QLatin1Char('>'), 1).toUInt()) });
    return out;
}

// One rank of a Kineto run: its main and backward threads, and a GPU's streams.
QStringList rankOf(int pid, int backwardTid, int gpu, const QList<int>& streams)
{
    const QString host = QStringLiteral("pyper:trainer (%1)").arg(pid);
    QStringList out { QStringLiteral("%1|thread %2 (python3.8)@%2").arg(host).arg(pid),
        QStringLiteral("%1|thread %2 (pt_autograd_0)@%2").arg(host).arg(backwardTid) };
    for (int s : streams)
        out << QStringLiteral("d:GPU %1 (%1)|stream %2").arg(gpu).arg(s);
    return out;
}

} // namespace

class tst_EngineMatcher : public QObject {
    Q_OBJECT
private slots:
    void match_data()
    {
        QTest::addColumn<QStringList>("a");
        QTest::addColumn<QStringList>("b");
        QTest::addColumn<QString>("overrides");
        QTest::addColumn<QString>("pairs");
        QTest::newRow("same engines") << QStringList { "NPU 0 (1)|Engine", "NPU 0 (1)|DMA" }
                                      << QStringList { "NPU 0 (1)|DMA", "NPU 0 (1)|Engine" } << ""
                                      << "0>1:exact 1>0:exact";
        QTest::newRow("pids differ: by label")
            << QStringList { "NPU 0 (1)|Engine" } << QStringList { "NPU 0 (2)|Engine" } << ""
            << "0>0:label";
        QTest::newRow("one label twice: in order")
            << QStringList { "python3 (10)|MainThread", "python3 (11)|MainThread" }
            << QStringList { "python3 (20)|MainThread", "python3 (21)|MainThread" } << ""
            << "0>0:label 1>1:label";
        QTest::newRow("exact before label") << QStringList { "p (1)|MainThread", "q (2)|MainThread" }
                                            << QStringList { "r (9)|MainThread", "q (2)|MainThread" } << ""
                                            << "0>0:label 1>1:exact";
        QTest::newRow("numbers differ: by order") << QStringList { "p|Queue_3" } << QStringList { "p|Queue_7" } << ""
                                                  << "0>0:role";
        QTest::newRow("label before role")
            << QStringList { "p|Queue_3", "p|Queue_7" } << QStringList { "p|Queue_7" } << ""
            << "0>-1:a-only 1>0:exact";
        QTest::newRow("one-sided") << QStringList { "p|Vector" } << QStringList { "p|Matrix" } << ""
                                   << "0>-1:a-only -1>0:b-only";
        QTest::newRow("empty A") << QStringList {} << QStringList { "p|Engine" } << ""
                                 << "-1>0:b-only";
        QTest::newRow("both empty") << QStringList {} << QStringList {} << ""
                                    << "";

        // Two runs of one job: every engine pairs although no pid, tid or stream id agrees.
        QTest::newRow("tids differ") << rankOf(3113936, 3113990, 0, { 7 }) << rankOf(2568503, 2568600, 0, { 7 }) << ""
                                     << "0>0:role 1>1:role 2>2:exact";
        QTest::newRow("stream ids differ")
            << rankOf(10, 11, 3, { 20, 21, 22 }) << rankOf(10, 11, 3, { 14, 15, 16 }) << ""
            << "0>0:exact 1>1:exact 2>2:role 3>3:role 4>4:role";
        QTest::newRow("GPU index differs")
            << rankOf(3113936, 3113990, 3, { 20, 21, 22 }) << rankOf(2568503, 2568600, 1, { 14, 15, 16 }) << ""
            << "0>0:role 1>1:role 2>2:role 3>3:role 4>4:role";
        QTest::newRow("threads in another order: by role")
            << QStringList { "p (5)|thread 5 (python)@5", "p (5)|thread 9 (pt_autograd_0)@9",
                   "p (5)|thread 12 (dataloader)@12" }
            << QStringList { "p (8)|thread 3 (dataloader)@3", "p (8)|thread 8 (python)@8",
                   "p (8)|thread 20 (pt_autograd_0)@20" }
            << ""
            << "0>1:role 1>2:role 2>0:role";
        QTest::newRow("second device with second")
            << QStringList { "d:GPU 0 (0)|stream 7", "d:GPU 1 (1)|stream 9" }
            << QStringList { "d:GPU 4 (4)|stream 9", "d:GPU 5 (5)|stream 7" } << ""
            << "0>0:role 1>1:role";
        QTest::newRow("extra stream stays unpaired")
            << rankOf(10, 11, 3, { 20, 21 }) << rankOf(40, 41, 1, { 14, 15, 16 }) << ""
            << "0>0:role 1>1:role 2>2:role 3>3:role -1>4:b-only";
        QTest::newRow("override wins") << rankOf(10, 11, 3, { 20, 21 }) << rankOf(40, 41, 1, { 14, 15 }) << "2>3 3>2"
                                       << "0>0:role 1>1:role 2>3:explicit 3>2:explicit";
        QTest::newRow("override to a missing track is ignored")
            << QStringList { "p|a" } << QStringList { "p|a" } << "0>7"
            << "0>0:exact";
        QTest::newRow("override leaves the rest to pair")
            << QStringList { "p|x", "p|y" } << QStringList { "p|x", "p|y" } << "0>1"
            << "0>1:explicit 1>-1:a-only -1>0:b-only";
    }
    void match()
    {
        QFETCH(QStringList, a);
        QFETCH(QStringList, b);
        QFETCH(QString, overrides);
        QFETCH(QString, pairs);
        QCOMPARE(describe(EngineMatcher::match(summaryOf(a), summaryOf(b), overridesOf(overrides))), pairs);
    }

    void hostRole_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("tidIsPid");
        QTest::addColumn<QString>("role");
        QTest::newRow("pt_main_thread") << "thread 1102 (pt_main_thread)" << false << "main";
        QTest::newRow("tid is pid") << "thread 4037 (python3.8)" << true << "main";
        QTest::newRow("autograd") << "thread 1262 (pt_autograd_0)" << false << "backward";
        QTest::newRow("dataloader") << "DataLoader worker 0" << false << "dataloader";
        QTest::newRow("other") << "thread 23695 (python3.8)" << false << "";
    }
    void hostRole()
    {
        QFETCH(QString, name);
        QFETCH(bool, tidIsPid);
        QFETCH(QString, role);
        TrackSummaryRow r;
        r.name = name.toStdString();
        r.hasTid = true;
        r.pid = store::IdValue::number(7);
        r.tid = store::IdValue::number(tidIsPid ? 7 : 8);
        QCOMPARE(QString::fromStdString(EngineMatcher::hostRole(r)), role);
    }
};

QTEST_MAIN(tst_EngineMatcher)
#include "tst_enginematcher.moc"
