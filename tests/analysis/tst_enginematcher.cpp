// EngineMatcher: the engines of two summaries paired by process and track label, by track
// label, then by the normalised label, in display order within each key; every engine once.
#include <analysis/compare/enginematcher.h>

#include <QtTest>

using namespace strata::analysis;
using Match = EngineMatcher::Match;

namespace {

// A summary whose engines are "process|track" strings, in display order.
TraceSummary summaryOf(const QStringList& engines)
{
    TraceSummary s;
    for (const QString& e : engines) {
        TrackSummaryRow r;
        r.processLabel = e.section(QLatin1Char('|'), 0, 0).toStdString();
        r.name = e.section(QLatin1Char('|'), 1).toStdString();
        s.tracks.push_back(r);
    }
    return s;
}

// "a>b:how" per pair, -1 for a missing side.
QString describe(const std::vector<EngineMatcher::Pair>& pairs)
{
    static const char* const kHow[] = { "exact", "label", "normalised", "a-only", "b-only" };
    QStringList out;
    for (const EngineMatcher::Pair& p : pairs)
        out << QStringLiteral("%1>%2:%3").arg(p.a).arg(p.b).arg(QLatin1String(kHow[int(p.match)]));
    return out.join(QLatin1Char(' '));
}

} // namespace

class tst_EngineMatcher : public QObject {
    Q_OBJECT
private slots:
    void match_data()
    {
        QTest::addColumn<QStringList>("a");
        QTest::addColumn<QStringList>("b");
        QTest::addColumn<QString>("pairs");
        QTest::newRow("same engines") << QStringList { "NPU 0 (1)|Engine", "NPU 0 (1)|DMA" }
                                      << QStringList { "NPU 0 (1)|DMA", "NPU 0 (1)|Engine" } << "0>1:exact 1>0:exact";
        QTest::newRow("pids differ: by label")
            << QStringList { "NPU 0 (1)|Engine" } << QStringList { "NPU 0 (2)|Engine" } << "0>0:label";
        QTest::newRow("one label twice: in order")
            << QStringList { "python3 (10)|MainThread", "python3 (11)|MainThread" }
            << QStringList { "python3 (20)|MainThread", "python3 (21)|MainThread" } << "0>0:label 1>1:label";
        QTest::newRow("exact before label")
            << QStringList { "p (1)|MainThread", "q (2)|MainThread" }
            << QStringList { "r (9)|MainThread", "q (2)|MainThread" } << "0>0:label 1>1:exact";
        QTest::newRow("normalised") << QStringList { "p|Queue_3" } << QStringList { "p|Queue_7" } << "0>0:normalised";
        QTest::newRow("label before normalised")
            << QStringList { "p|Queue_3", "p|Queue_7" } << QStringList { "p|Queue_7" } << "0>-1:a-only 1>0:exact";
        QTest::newRow("one-sided") << QStringList { "p|Vector" } << QStringList { "p|Matrix" }
                                   << "0>-1:a-only -1>0:b-only";
        QTest::newRow("empty A") << QStringList {} << QStringList { "p|Engine" } << "-1>0:b-only";
        QTest::newRow("both empty") << QStringList {} << QStringList {} << "";
    }
    void match()
    {
        QFETCH(QStringList, a);
        QFETCH(QStringList, b);
        QFETCH(QString, pairs);
        QCOMPARE(describe(EngineMatcher::match(summaryOf(a), summaryOf(b))), pairs);
    }
};

QTEST_MAIN(tst_EngineMatcher)
#include "tst_enginematcher.moc"
