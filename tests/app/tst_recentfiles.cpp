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
