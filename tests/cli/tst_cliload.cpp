// strata-cli's job loader (app/cli/cliload.cpp, compiled in): ranks loaded in parallel hold
// exactly what one-by-one loads hold (every accessor's answer, tests/support/storedump.h), in
// the order asked, whatever the number of workers; a folder's ranks come back in rank order.
#include "cliload.h"

#include <support/storedump.h>

#include <QDir>
#include <QtTest>

#include <string>
#include <support/sourcedir.h>
#include <vector>

using namespace strata;

namespace {

const QString kPair = strata::test::sourcePath("/../shared/corpus/multirank/hta_sampled");

// The traces loaded: the shared rank pair (when beside the repository), the sample and two
// test files, so that more files than workers are loaded.
std::vector<std::string> traces()
{
    std::vector<std::string> out;
    if (QDir(kPair).exists())
        out = { (kPair + "/rank-1.json.gz").toStdString(), (kPair + "/rank-0.json.gz").toStdString() };
    for (const char* f : { "resources/samples/sample_profile.json", "tests/data/chrome_array_form.json",
             "tests/data/chrome_flows_v2.json" })
        if (QFileInfo::exists(strata::test::sourcePath("/") + f))
            out.push_back(strata::test::sourcePathUtf8("/") + f);
    return out;
}

} // namespace

class tst_CliLoad : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { app::setSnapshotCacheEnabled(false); }
    void parallelEqualsOneByOne_data();
    void parallelEqualsOneByOne();
    void folderInRankOrder();
};

void tst_CliLoad::parallelEqualsOneByOne_data()
{
    QTest::addColumn<unsigned>("workers");
    QTest::newRow("one") << 1u;
    QTest::newRow("two") << 2u;
    QTest::newRow("more than files") << 8u;
}

void tst_CliLoad::parallelEqualsOneByOne()
{
    QFETCH(unsigned, workers);
    const std::vector<std::string> paths = traces();
    QVERIFY(paths.size() >= 3);
    const std::vector<importers::LoadResult> parallel = app::loadInParallel(paths, workers);
    QCOMPARE(parallel.size(), paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
        const importers::LoadResult one = importers::ProfileLoader::load(paths[i]);
        QVERIFY2(one.store && parallel[i].store, paths[i].c_str());
        QCOMPARE(parallel[i].format, one.format);
        QCOMPARE(parallel[i].phases, one.phases);
        QVERIFY2(snapshottest::StoreDump::text(*parallel[i].store) == snapshottest::StoreDump::text(*one.store),
            paths[i].c_str());
    }
}

void tst_CliLoad::folderInRankOrder()
{
    if (!QDir(kPair).exists())
        QSKIP("the shared corpus is not beside the repository");
    const app::CliJob job = app::loadJobOrReport({ kPair.toStdString() });
    QVERIFY(job.isJob);
    QCOMPARE(job.status(), 0);
    QCOMPARE(job.ranks.size(), size_t(2));
    for (size_t i = 0; i < 2; ++i) {
        QCOMPARE(job.ranks[i].rank.value_or(-1), int64_t(i));
        QVERIFY(!job.ranks[i].rankFromName);
        QCOMPARE(QString::fromStdString(job.ranks[i].path), kPair + QStringLiteral("/rank-%1.json.gz").arg(i));
        QVERIFY(job.ranks[i].load.store);
    }
    // One file is one profile, without a rank, as before.
    const app::CliJob one = app::loadJobOrReport({ (kPair + "/rank-1.json.gz").toStdString() });
    QVERIFY(!one.isJob);
    QCOMPARE(one.ranks.size(), size_t(1));
    QVERIFY(!one.ranks.front().rank);
}

QTEST_APPLESS_MAIN(tst_CliLoad)
#include "tst_cliload.moc"
