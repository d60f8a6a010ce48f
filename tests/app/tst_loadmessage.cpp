// LoadMessage: the status bar's line after a load says where the profile came from and
// what happened to a cached snapshot on the way.
#include <loading/jobimport.h>
#include <loading/loadmessage.h>

#include <support/storetestutil.h>

#include <profileloader.h>
#include <store/storefinalizer.h>

#include <QTest>

using strata::app::LoadMessage;
using strata::importers::LoadResult;

namespace {

// A one-second load whose importer fixed `kinds` kinds of problem.
LoadResult loadWithFixes(int kinds)
{
    storetest::Builder b;
    for (int k = 0; k < kinds; ++k)
        b.b.diagnostics().count("kind " + std::to_string(k), 3);
    LoadResult r;
    r.store = strata::store::StoreFinalizer::finalize(b.b);
    r.seconds = 1.0;
    return r;
}

} // namespace

class tst_LoadMessage : public QObject {
    Q_OBJECT
private slots:
    void text_data()
    {
        QTest::addColumn<bool>("fromSnapshot");
        QTest::addColumn<bool>("portable");
        QTest::addColumn<QString>("sourceName");
        QTest::addColumn<QString>("note");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("warning");
        QTest::newRow("parsed") << false << false << ""
                                << "" << 2.5 << "Opened t.json in 2.50 s" << false;
        QTest::newRow("from the cache's snapshot") << true << false << ""
                                                   << "" << 0.8 << "Opened t.json from its snapshot in 0.80 s" << false;
        QTest::newRow("milliseconds") << true << false << ""
                                      << "" << 0.012 << "Opened t.json from its snapshot in 12 ms" << false;
        QTest::newRow("a .strata file") << true << true << "/data/run/model.json"
                                        << "" << 1.25 << "Opened t.json (saved from model.json) in 1.25 s" << false;
        QTest::newRow("a snapshot refused") << false << false << ""
                                            << "the cached snapshot was refused" << 3.0
                                            << "Opened t.json in 3.00 s — the cached snapshot was refused" << true;
    }

    void text()
    {
        QFETCH(bool, fromSnapshot);
        QFETCH(bool, portable);
        QFETCH(QString, sourceName);
        QFETCH(QString, note);
        QFETCH(double, seconds);
        QFETCH(bool, warning);
        LoadResult r;
        r.fromSnapshot = fromSnapshot;
        r.portable = portable;
        r.sourceName = sourceName.toStdString();
        if (!note.isEmpty())
            r.snapshotNotes.push_back(note.toStdString());
        r.seconds = seconds;
        QTEST(LoadMessage::text(QStringLiteral("t.json"), r), "expected");
        QCOMPARE(LoadMessage::isWarning(r), warning);
        QCOMPARE(LoadMessage::snapshotNotes(r), note);
        const QString origin = LoadMessage::origin(r);
        QCOMPARE(origin.contains(QStringLiteral("snapshot cache")), fromSnapshot && !portable);
        QCOMPARE(origin.contains(QStringLiteral("saved from /data/run/model.json")), portable);
        QCOMPARE(origin.contains(note), true);
    }

    // What the importer fixed or skipped, counted by kind: one kind, not "1 kinds".
    void fixes_data()
    {
        QTest::addColumn<int>("kinds");
        QTest::addColumn<QString>("expected");
        QTest::newRow("none") << 0 << "Opened t.json in 1.00 s";
        QTest::newRow("one") << 1 << "Opened t.json in 1.00 s — the importer fixed or skipped 1 kind of problem";
        QTest::newRow("two") << 2 << "Opened t.json in 1.00 s — the importer fixed or skipped 2 kinds of problems";
    }
    void fixes()
    {
        QFETCH(int, kinds);
        QTEST(LoadMessage::text(QStringLiteral("t.json"), loadWithFixes(kinds)), "expected");
    }

    // A job's summary follows its name, before what the importer fixed: a status bar too
    // narrow for the whole line elides its end, not the ranks and their clocks.
    void jobText_data()
    {
        QTest::addColumn<bool>("isJob");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<QString>("alignment");
        QTest::addColumn<int>("kinds");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a job") << false << 0 << "" << 1
                                   << "Opened job8 in 1.00 s — the importer fixed or skipped 1 kind of problem";
        QTest::newRow("8 ranks as recorded, a fix")
            << true << 8 << "recorded" << 1
            << "Opened job8 (8 ranks, clocks as recorded) in 1.00 s — the importer fixed or skipped 1 kind of problem";
        QTest::newRow("1 rank aligned on collective ends")
            << true << 1 << "collectives" << 0 << "Opened job8 (1 rank, clocks aligned on collective ends) in 1.00 s";
    }
    void jobText()
    {
        QFETCH(bool, isJob);
        QFETCH(int, ranks);
        QFETCH(QString, alignment);
        QFETCH(int, kinds);
        const LoadResult r = loadWithFixes(kinds);
        strata::app::JobReport job;
        job.isJob = isJob;
        job.ranks = ranks;
        job.alignment = alignment.toStdString();
        QTEST(LoadMessage::text(QStringLiteral("job8"), r, job), "expected");
    }
};

QTEST_GUILESS_MAIN(tst_LoadMessage)
#include "tst_loadmessage.moc"
