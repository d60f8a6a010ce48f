// LastFolder: each purpose remembers its own folder; a dialog for an open profile's companion
// starts beside it, else where that purpose was last.
#include <common/lastfolder.h>

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using strata::widgets::LastFolder;

class tst_LastFolder : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void rememberedPerPurpose()
    {
        QTemporaryDir profiles, layouts;
        LastFolder::remember(LastFolder::kProfile, profiles.filePath(QStringLiteral("a.json")));
        LastFolder::remember(LastFolder::kLayout, layouts.path());
        QCOMPARE(LastFolder::get(LastFolder::kProfile), QDir(profiles.path()).absolutePath());
        QCOMPARE(LastFolder::get(LastFolder::kLayout), QDir(layouts.path()).absolutePath());
        QCOMPARE(LastFolder::get(LastFolder::kImage), QDir::homePath());
    }

    void beside_data()
    {
        QTest::addColumn<QString>("file"); // relative to the profile's folder; "" for none
        QTest::addColumn<bool>("besideIt"); // else the remembered folder
        QTest::newRow("an open profile") << "run1/rank-0.json.gz" << true;
        QTest::newRow("a profile folder") << "run1" << true;
        QTest::newRow("no profile") << "" << false;
        QTest::newRow("a profile since removed") << "gone/rank-0.json.gz" << false;
    }
    void beside()
    {
        QFETCH(QString, file);
        QFETCH(bool, besideIt);
        QTemporaryDir root, remembered;
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("run1")));
        QFile f(root.filePath(QStringLiteral("run1/rank-0.json.gz")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        LastFolder::remember(LastFolder::kProfile, remembered.path());
        const QString path = file.isEmpty() ? QString() : root.filePath(file);
        const QString expected = besideIt ? QFileInfo(path).absolutePath() : QDir(remembered.path()).absolutePath();
        QCOMPARE(LastFolder::beside(path, LastFolder::kProfile), expected);
    }
};

QTEST_GUILESS_MAIN(tst_LastFolder)
#include "tst_lastfolder.moc"
