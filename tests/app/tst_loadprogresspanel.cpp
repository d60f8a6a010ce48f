// LoadProgressPanel: a profile's load says how far it read; a job's counts its ranks, whole
// shares of the progress being ranks loaded, and says when it aligns them.
#include <loading/loadprogresspanel.h>

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using strata::app::LoadProgressPanel;

class tst_LoadProgressPanel : public QObject {
    Q_OBJECT
private slots:
    void detailSaysHowFar_data()
    {
        QTest::addColumn<int>("ranks"); // 0: one profile
        QTest::addColumn<double>("fraction");
        QTest::addColumn<QString>("detail");
        QTest::newRow("a profile, reading") << 0 << 0.25 << "Reading… 25 %";
        QTest::newRow("a profile, indexing") << 0 << 0.95 << "Indexing… 95 %";
        QTest::newRow("a job, none loaded") << 8 << 0.05 << "0 of 8 ranks loaded… 5 %";
        QTest::newRow("a job, three loaded") << 8 << 3.5 / 8 << "3 of 8 ranks loaded… 43 %";
        QTest::newRow("a job, every rank loaded") << 8 << 1.0 << "8 ranks loaded; aligning their clocks…";
    }

    void detailSaysHowFar()
    {
        QFETCH(int, ranks);
        QFETCH(double, fraction);
        QWidget parent;
        parent.resize(800, 600);
        LoadProgressPanel panel(&parent);
        panel.start(QStringLiteral("job8"));
        QCOMPARE(panel.detailText(), QStringLiteral("Reading…"));
        panel.setProgress(fraction);
        if (ranks > 0)
            panel.setRanks(ranks); // known once the worker has planned the job: said at once
        QTEST(panel.detailText(), "detail");
        panel.start(QStringLiteral("trace.json")); // the next load is not a job until said
        panel.setProgress(0.5);
        QCOMPARE(panel.detailText(), QStringLiteral("Reading… 50 %"));
    }

    void cancelStopsTheCount()
    {
        QWidget parent;
        LoadProgressPanel panel(&parent);
        QSignalSpy cancel(&panel, &LoadProgressPanel::cancelRequested);
        panel.start(QStringLiteral("job8"));
        panel.setRanks(8);
        panel.findChild<QPushButton*>(QStringLiteral("cancelLoadButton"))->click();
        QCOMPARE(cancel.count(), 1);
        panel.setCancelling();
        panel.setProgress(0.75);
        QCOMPARE(panel.detailText(), QStringLiteral("Cancelling…"));
    }
};

QTEST_MAIN(tst_LoadProgressPanel)
#include "tst_loadprogresspanel.moc"
