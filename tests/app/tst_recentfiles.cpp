#include <window/recentfiles.h>

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using strata::app::RecentFiles;

class tst_RecentFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void order_data()
    {
        QTest::addColumn<QStringList>("opened");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("newest first") << QStringList { "/a", "/b" } << QStringList { "/b", "/a" };
        QTest::newRow("reopening moves to front") << QStringList { "/a", "/b", "/a" } << QStringList { "/a", "/b" };
        QTest::newRow("relative made absolute") << QStringList { "/x/../a" } << QStringList { "/a" };
        QStringList many, last;
        for (int i = 0; i < 12; ++i)
            many << QStringLiteral("/f%1").arg(i);
        for (int i = 11; i >= 2; --i)
            last << QStringLiteral("/f%1").arg(i);
        QTest::newRow("capped") << many << last;
    }

    void order()
    {
        QFETCH(QStringList, opened);
        {
            RecentFiles r;
            QSignalSpy changed(&r, &RecentFiles::changed);
            for (const QString& f : opened)
                r.add(f);
            QCOMPARE(changed.count(), opened.size());
            QTEST(r.files(), "expected");
        }
        RecentFiles again; // persisted
        QTEST(again.files(), "expected");
    }

    // A folder is kept with a trailing '/' and shown so; opened again (as a folder or not)
    // it moves to the front, once.
    void folders_data()
    {
        QTest::addColumn<QStringList>("opened"); // "DIR/": added as a folder
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("shown");
        QTest::newRow("a folder") << QStringList { "/runs/job8/" } << QStringList { "/runs/job8/" }
                                  << QStringList { "job8/" };
        QTest::newRow("a file and a folder")
            << QStringList { "/a.json", "/runs/job8/" } << QStringList { "/runs/job8/", "/a.json" }
            << QStringList { "job8/", "a.json" };
        QTest::newRow("the folder reopened")
            << QStringList { "/runs/job8/", "/a.json", "/runs/job8/" } << QStringList { "/runs/job8/", "/a.json" }
            << QStringList { "job8/", "a.json" };
    }

    void folders()
    {
        QFETCH(QStringList, opened);
        QFETCH(QStringList, expected);
        RecentFiles r;
        for (const QString& f : opened)
            r.add(f.endsWith(QLatin1Char('/')) ? f.chopped(1) : f, f.endsWith(QLatin1Char('/')));
        QCOMPARE(r.files(), expected);
        QStringList shown;
        for (const QString& f : r.files()) {
            shown << RecentFiles::displayName(f);
            QCOMPARE(RecentFiles::isFolder(f), f.endsWith(QLatin1Char('/')));
        }
        QTEST(shown, "shown");
    }

    void removeAndClear()
    {
        RecentFiles r;
        r.add(QStringLiteral("/a"));
        r.add(QStringLiteral("/b"));
        QSignalSpy changed(&r, &RecentFiles::changed);
        r.remove(QStringLiteral("/nope"));
        QCOMPARE(changed.count(), 0);
        r.remove(QStringLiteral("/a"));
        QCOMPARE(r.files(), QStringList { QStringLiteral("/b") });
        r.clear();
        QVERIFY(r.files().isEmpty());
        QCOMPARE(changed.count(), 2);
        QVERIFY(RecentFiles().files().isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_RecentFiles)
#include "tst_recentfiles.moc"
