// A job's merged store in a snapshot: written and read back (the reader checks every
// invariant of a store), it is the same store and keeps its JobLayout: ranks, blocks, files,
// offsets and alignment. Merged stores of hand-made ranks, shifted or not, and of the ranks
// of tests/data/job_straggler as the importers load them.
#include <support/jobteststore.h>
#include <support/storedump.h>
#include <support/testfiles.h>

#include <profileloader.h>
#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>
#include <store/storemerger.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<qint64>)

namespace {

// The ranks of tests/data/job_straggler, loaded and merged in rank order.
std::unique_ptr<EventStore> stragglerJob()
{
    StoreMerger merger;
    for (int r = 0; r < 4; ++r) {
        const std::string path = testfiles::dataPath(QString("job_straggler/rank-%1.json.gz").arg(r)).toStdString();
        importers::LoadResult load = importers::ProfileLoader::load(path);
        if (!load.store)
            qFatal("%s", load.error.c_str());
        merger.append(r, path, false, std::move(load.store));
    }
    return merger.finish();
}

} // namespace

class tst_JobSnapshot : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<std::vector<int>>("kinds"); // jobtest::rankStore kinds; empty: job_straggler
        QTest::addColumn<std::vector<qint64>>("offsets"); // empty: not shifted
        QTest::addColumn<QString>("alignment");
        QTest::newRow("merged") << std::vector<int> { 0, 1, 2, 3 } << std::vector<qint64> {} << "recorded";
        QTest::newRow("shifted") << std::vector<int> { 0, 1, 2, 3 } << std::vector<qint64> { 1500250, -7, 0, -1500250 }
                                 << "collectives";
        QTest::newRow("no global track, shifted")
            << std::vector<int> { 3, 2, 3 } << std::vector<qint64> { -5, 0, 5 } << "first-step";
        QTest::newRow("job_straggler") << std::vector<int> {} << std::vector<qint64> {} << "recorded";
        QTest::newRow("job_straggler shifted")
            << std::vector<int> {} << std::vector<qint64> { 0, 2500, -1000, 1500250 } << "collectives";
    }
    void roundTrip()
    {
        QFETCH(std::vector<int>, kinds);
        QFETCH(std::vector<qint64>, offsets);
        QFETCH(QString, alignment);
        const std::unique_ptr<EventStore> job = kinds.empty() ? stragglerJob() : jobtest::mergeRanks(kinds);
        if (!offsets.empty())
            StoreMerger::shiftRanks(*job, std::vector<TimeNs>(offsets.begin(), offsets.end()), alignment.toStdString());
        const std::vector<uint8_t> file = SnapshotWriter::encode(*job, "job");
        const SnapshotReadResult read = SnapshotReader::read(file.data(), file.size(), "job.strata", {});
        QVERIFY2(read.store, read.error.c_str());
        QCOMPARE(QString::fromStdString(snapshottest::StoreDump::text(*read.store)),
            QString::fromStdString(snapshottest::StoreDump::text(*job)));
        std::string why;
        const JobLayout before = JobLayout::of(*job), after = JobLayout::of(*read.store, &why);
        QVERIFY2(after.isJob(), why.c_str());
        QVERIFY(after.ranks() == before.ranks());
        QCOMPARE(after.alignment(), alignment.toStdString());
        for (size_t i = 0; i < offsets.size(); ++i)
            QCOMPARE(after.ranks()[i].offsetNs, TimeNs(offsets[i]));
    }
};

QTEST_GUILESS_MAIN(tst_JobSnapshot)
#include "tst_jobsnapshot.moc"
