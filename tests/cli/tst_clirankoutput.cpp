// How a command prints a job (app/cli/clirankoutput.cpp, compiled in): the rank column of
// CSV records (quoted fields may hold line breaks and commas), the JSON object per rank with
// `rank` and `file` first, a heading per rank in text; one profile printed as it is.
#include "clirankoutput.h"

#include <QtTest>

#include <sstream>

using namespace strata;

class tst_CliRankOutput : public QObject {
    Q_OBJECT

private slots:
    void csvWithRank_data();
    void csvWithRank();
    void print_data();
    void print();
};

void tst_CliRankOutput::csvWithRank_data()
{
    QTest::addColumn<QString>("csv");
    QTest::addColumn<bool>("withHeader");
    QTest::addColumn<QString>("expected");
    QTest::newRow("header kept") << "a,b\n1,2\n3,4\n" << true << "rank,a,b\n7,1,2\n7,3,4\n";
    QTest::newRow("header dropped") << "a,b\n1,2\n" << false << "7,1,2\n";
    QTest::newRow("line break in a quoted field") << "a,b\n\"x\ny\",2\n5,6\n" << false << "7,\"x\ny\",2\n7,5,6\n";
    QTest::newRow("quoted comma and quote") << "a\n\"p,\"\"q\"\"\"\n" << true << "rank,a\n7,\"p,\"\"q\"\"\"\n";
    QTest::newRow("header only") << "a,b\n" << true << "rank,a,b\n";
}

void tst_CliRankOutput::csvWithRank()
{
    QFETCH(QString, csv);
    QFETCH(bool, withHeader);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(app::CliRankOutput::csvWithRank(csv.toStdString(), "7", withHeader)), expected);
}

void tst_CliRankOutput::print_data()
{
    QTest::addColumn<bool>("isJob");
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("expected");
    using F = app::CliRankOutput::Format;
    QTest::newRow("one profile as it is") << false << int(F::Json) << "{\"k\": 1}\n";
    QTest::newRow("job text") << true << int(F::Text)
                              << "== rank 0: r0.json ==\n{\"k\": 1}\n\n== rank 3: r3.json (rank from the file name) "
                                 "==\n{\"k\": 1}\n";
    QTest::newRow("job json") << true << int(F::Json)
                              << "{\n  \"ranks\": [\n    {\n      \"rank\": 0,\n      \"file\": \"r0.json\",\n      "
                                 "\"k\": 1\n    },\n    {\n      \"rank\": 3,\n      \"file\": \"r3.json\",\n      "
                                 "\"k\": 1\n    }\n  ]\n}\n";
}

void tst_CliRankOutput::print()
{
    QFETCH(bool, isJob);
    QFETCH(int, format);
    QFETCH(QString, expected);
    app::CliJob job;
    job.isJob = isJob;
    job.ranks.push_back({ "r0.json", isJob ? std::optional<int64_t>(0) : std::nullopt, false, {} });
    if (isJob)
        job.ranks.push_back({ "r3.json", 3, true, {} });
    std::ostringstream out;
    const int status = app::CliRankOutput::print(
        job, app::CliRankOutput::Format(format),
        [](const app::CliJob::Rank&, std::ostream& os) {
            os << "{\"k\": 1}\n";
            return 0;
        },
        out);
    QCOMPARE(status, 0);
    QCOMPARE(QString::fromStdString(out.str()), expected);
}

QTEST_APPLESS_MAIN(tst_CliRankOutput)
#include "tst_clirankoutput.moc"
