// RankTableModel and CollectiveTableModel (the Ranks dock's two tables) under
// QAbstractItemModelTester, on a hand-made job of three ranks (tests/support/jobteststore.h,
// rank 2 the straggler): each cell's text and SortRole, the straggler's marks, the file's
// name and full path, numeric sorting through a proxy, and the CSV exports.
#include "ranks/collectivetablemodel.h"
#include "ranks/ranktablemodel.h"
#include <common/unitformat.h>
#include <support/jobteststore.h>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace strata;
using widgets::CollectiveTableModel;
using widgets::RankTableModel;
using widgets::UnitFormat;

namespace {

std::shared_ptr<const analysis::JobIndex> job()
{
    return analysis::JobIndex::build(*jobtest::merged(jobtest::plantedStraggler, 3, "collectives", { 0, 1500, -250 }));
}

} // namespace

class tst_RankTableModel : public QObject {
    Q_OBJECT
private slots:
    void emptyWithoutAJob()
    {
        RankTableModel ranks;
        QAbstractItemModelTester tester(&ranks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(ranks.rowCount(), 0);
        ranks.setJob(analysis::JobIndex::build(*jobtest::single(jobtest::plantedStraggler, 0)));
        QCOMPARE(ranks.rowCount(), 0); // not a job
        QCOMPARE(ranks.csv(), std::string());
        ranks.setJob(job());
        QCOMPARE(ranks.rowCount(), 3);
        ranks.setJob(nullptr);
        QCOMPARE(ranks.rowCount(), 0);
    }

    void rankCells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("sort");
        QTest::newRow("rank") << 1 << int(RankTableModel::Rank) << "1" << QVariant(qint64(1));
        QTest::newRow("file: name only") << 1 << int(RankTableModel::File) << "rank-1.json"
                                         << QVariant(QString("rank-1.json"));
        QTest::newRow("step mean") << 2 << int(RankTableModel::StepMean) << UnitFormat::duration(1100)
                                   << QVariant(qint64(1100));
        QTest::newRow("step max") << 2 << int(RankTableModel::StepMax) << UnitFormat::duration(1200)
                                  << QVariant(qint64(1200));
        // Rank 0: gemm 100-300, all-reduces 400-800 and 1400-1800: span 1700, compute 200,
        // communication 800, idle 700, no overlap.
        QTest::newRow("compute") << 0 << int(RankTableModel::Compute) << UnitFormat::percent(100.0 * 200 / 1700)
                                 << QVariant(100.0 * 200 / 1700);
        QTest::newRow("communication") << 0 << int(RankTableModel::Communication)
                                       << UnitFormat::percent(100.0 * 800 / 1700) << QVariant(100.0 * 800 / 1700);
        QTest::newRow("idle") << 0 << int(RankTableModel::Idle) << UnitFormat::percent(100.0 * 700 / 1700)
                              << QVariant(100.0 * 700 / 1700);
        QTest::newRow("overlap none") << 0 << int(RankTableModel::Overlap) << UnitFormat::percent(0) << QVariant(0.0);
        // Rank 1's gemm on stream 8 (500-600) runs under its all-reduce (420-800): 100 of 760.
        QTest::newRow("overlap") << 1 << int(RankTableModel::Overlap) << UnitFormat::percent(100.0 * 100 / 760)
                                 << QVariant(100.0 * 100 / 760);
        QTest::newRow("wait") << 0 << int(RankTableModel::Wait) << UnitFormat::duration(120) << QVariant(qint64(120));
        QTest::newRow("last arrivals") << 2 << int(RankTableModel::LastArrivals) << "2" << QVariant(quint64(2));
        QTest::newRow("offset") << 1 << int(RankTableModel::Offset) << UnitFormat::duration(1500)
                                << QVariant(qint64(1500));
        QTest::newRow("negative offset") << 2 << int(RankTableModel::Offset) << QString("−") + UnitFormat::duration(250)
                                         << QVariant(qint64(-250));
    }
    void rankCells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        RankTableModel ranks;
        QAbstractItemModelTester tester(&ranks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ranks.setJob(job());
        const QModelIndex i = ranks.index(row, column);
        QTEST(i.data().toString(), "text");
        QTEST(i.data(RankTableModel::SortRole), "sort");
    }

    void stragglerIsMarked()
    {
        RankTableModel ranks;
        ranks.setJob(job());
        for (int row = 0; row < 3; ++row) {
            const bool straggler = row == 2;
            QCOMPARE(ranks.index(row, RankTableModel::Wait).data(RankTableModel::StragglerRole).toBool(), straggler);
            QCOMPARE(ranks.index(row, RankTableModel::Wait).data(Qt::FontRole).value<QFont>().bold(), straggler);
            QCOMPARE(
                ranks.index(row, RankTableModel::Rank).data(Qt::ToolTipRole).toString().startsWith("The straggler"),
                straggler);
        }
        QCOMPARE(ranks.index(1, RankTableModel::File).data(Qt::ToolTipRole).toString(), QString("/job/rank-1.json"));
    }

    void sortsAsNumbers()
    {
        RankTableModel ranks;
        ranks.setJob(job());
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&ranks);
        proxy.setSortRole(RankTableModel::SortRole);
        proxy.sort(RankTableModel::Offset, Qt::AscendingOrder); // -250, 0, 1500
        QCOMPARE(proxy.index(0, RankTableModel::Rank).data().toString(), QString("2"));
        QCOMPARE(proxy.index(2, RankTableModel::Rank).data().toString(), QString("1"));
        proxy.sort(RankTableModel::Wait, Qt::DescendingOrder); // 120, 80, 0
        QCOMPARE(proxy.index(0, RankTableModel::Rank).data().toString(), QString("0"));
    }

    void rankCsv()
    {
        RankTableModel ranks;
        ranks.setJob(job());
        const QStringList lines = QString::fromStdString(ranks.csv()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0],
            QString("rank,file,step_mean_ns,step_max_ns,compute_pct,communication_pct,idle_pct,comm_overlap_pct,"
                    "wait_ns,last_arrivals,offset_ns,straggler"));
        QCOMPARE(lines[1],
            QString("0,/job/rank-0.json,1000,1000,%1,%2,%3,0.000000,120,0,0,0")
                .arg(100.0 * 200 / 1700, 0, 'f', 6)
                .arg(100.0 * 800 / 1700, 0, 'f', 6)
                .arg(100.0 * 700 / 1700, 0, 'f', 6));
        QVERIFY(lines[3].startsWith("2,/job/rank-2.json,1100,1200,"));
        QVERIFY(lines[3].endsWith(",0,2,-250,1"));
    }

    void collectiveCells()
    {
        CollectiveTableModel c;
        QAbstractItemModelTester tester(&c, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(c.rowCount(), 0);
        c.setJob(job());
        QCOMPARE(c.rowCount(), 2);
        QCOMPARE(c.index(1, CollectiveTableModel::Index).data().toString(), QString("1"));
        QCOMPARE(c.index(0, CollectiveTableModel::Name).data().toString(), QString("ncclKernel_AllReduce"));
        QCOMPARE(c.index(0, CollectiveTableModel::Ranks).data().toString(), QString("3"));
        QCOMPARE(c.index(0, CollectiveTableModel::Skew).data().toString(), UnitFormat::duration(60));
        QCOMPARE(c.index(0, CollectiveTableModel::Skew).data(CollectiveTableModel::SortRole), QVariant(qint64(60)));
        QCOMPARE(c.index(0, CollectiveTableModel::MinDuration).data().toString(), UnitFormat::duration(340));
        QCOMPARE(c.index(0, CollectiveTableModel::LastRank).data().toString(), QString("2"));
        QVERIFY(c.index(0, CollectiveTableModel::Name).data(Qt::ToolTipRole).toString().contains("rank 0 waited"));
        QVERIFY(c.collective(1) && !c.collective(2));
        QCOMPARE(c.csv(),
            std::string("index,name,ranks,skew_ns,min_dur_ns,last_rank\n0,ncclKernel_AllReduce,3,60,340,2\n"
                        "1,ncclKernel_AllReduce,3,60,340,2\n"));
    }
};

QTEST_MAIN(tst_RankTableModel)
#include "tst_ranktablemodel.moc"
