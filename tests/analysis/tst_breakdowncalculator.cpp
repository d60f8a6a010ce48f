// BreakdownCalculator::computeRank: one rank of a job merged into one store
// (store::StoreMerger, its processes named "rank R · NAME") gives the breakdown compute()
// gives over the rank's own store: its number, its devices with their own labels and pids,
// their engines and every time, the rank's and each device's and engine's.
#include <support/jobteststore.h>

#include <analysis/breakdown/breakdowncalculator.h>
#include <store/storemerger.h>

#include <QtTest>

using namespace strata;
using analysis::BreakdownCalculator;
using analysis::BreakdownTimes;

namespace {

QString timesText(const BreakdownTimes& t)
{
    return QStringLiteral(
        "span %1 idle %2 compute %3 comm %4 memory %5 other %6 overlap %7 exposed %8 causes %9/%10/%11")
        .arg(t.spanNs)
        .arg(t.idleNs)
        .arg(t.computeNs)
        .arg(t.communicationNs)
        .arg(t.memoryNs)
        .arg(t.otherNs)
        .arg(t.commOverlapNs)
        .arg(t.commExposedNs)
        .arg(t.idleCauses.hostWaitNs)
        .arg(t.idleCauses.kernelWaitNs)
        .arg(t.idleCauses.otherNs);
}

// A breakdown as text: the rank, then per device its label, pid and times, per engine its
// label, kind and times.
QString text(const analysis::RankBreakdown& b)
{
    QStringList out { QStringLiteral("rank %1: %2").arg(b.rank ? *b.rank : -1).arg(timesText(b.times)) };
    for (const analysis::DeviceBreakdown& d : b.devices) {
        out << QStringLiteral("  %1 pid %2: %3")
                   .arg(QString::fromStdString(d.label))
                   .arg(d.pid.isString ? -1 : d.pid.num)
                   .arg(timesText(d.times));
        for (const analysis::EngineBreakdown& e : d.engines)
            out << QStringLiteral("    %1 %2: %3")
                       .arg(QString::fromStdString(e.label), analysis::breakdownKindName(e.kind))
                       .arg(timesText(e.times));
    }
    return out.join('\n');
}

} // namespace

class tst_BreakdownCalculator : public QObject {
    Q_OBJECT
private slots:
    void computeRankIsTheRanksOwn_data()
    {
        QTest::addColumn<int>("rank");
        QTest::newRow("rank 0") << 0;
        QTest::newRow("rank 1: two streams") << 1;
        QTest::newRow("rank 2") << 2;
    }
    void computeRankIsTheRanksOwn()
    {
        QFETCH(int, rank);
        store::StoreMerger merger;
        for (int r = 0; r < 3; ++r)
            merger.append(
                r, "rank-" + std::to_string(r) + ".json", false, jobtest::single(jobtest::plantedStraggler, r));
        const std::unique_ptr<store::EventStore> job = merger.finish();
        const store::JobLayout layout = store::JobLayout::of(*job);
        QCOMPARE(layout.ranks().size(), size_t(3));
        const analysis::BreakdownIndex jobIndex(*job);
        const analysis::RankBreakdown got
            = BreakdownCalculator::computeRank(*job, jobIndex, layout.ranks()[size_t(rank)], job->extent());

        const std::shared_ptr<const store::EventStore> own = jobtest::single(jobtest::plantedStraggler, rank);
        const analysis::BreakdownIndex ownIndex(*own);
        analysis::RankBreakdown want = BreakdownCalculator::compute(*own, ownIndex, own->extent());
        want.rank = rank; // the file states none: the job's number
        QVERIFY(!got.devices.empty());
        QVERIFY2(QString::fromStdString(job->processLabel(got.devices[0].process)).startsWith("rank "),
            "the merged store names the rank");
        QCOMPARE(text(got), text(want));
    }
};

QTEST_GUILESS_MAIN(tst_BreakdownCalculator)
#include "tst_breakdowncalculator.moc"
