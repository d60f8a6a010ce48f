// Where file dialogs start: the folder last used for each purpose, kept apart; the open
// profile's folder first for dialogs about it, when it is there (and writable, for a save).
#include <common/lastfolder.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using strata::widgets::LastFolder;
using Access = LastFolder::Access;

class tst_LastFolder : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return QDir::cleanPath(m_dir.filePath(rel)); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        for (const char* folder : { "runs", "runs/bmprofile_data-0", "exports", "layouts" })
            QVERIFY(QDir().mkpath(at(QString::fromLatin1(folder))));
        QFile trace(at(QStringLiteral("runs/a.json")));
        QVERIFY(trace.open(QIODevice::WriteOnly));
    }
    void init() { QSettings().clear(); }

    void purposesAreKeptApart()
    {
        LastFolder::remember(LastFolder::kImage, at(QStringLiteral("exports/x.png")));
        LastFolder::remember(LastFolder::kLayout, at(QStringLiteral("layouts"))); // a folder itself
        QCOMPARE(LastFolder::get(LastFolder::kImage), at(QStringLiteral("exports")));
        QCOMPARE(LastFolder::get(LastFolder::kLayout), at(QStringLiteral("layouts")));
        QCOMPARE(LastFolder::get(LastFolder::kData, QStandardPaths::HomeLocation), QDir::homePath()); // never used
        LastFolder::remember(LastFolder::kData, at(QStringLiteral("gone/x.csv")));
        QCOMPARE(LastFolder::get(LastFolder::kData, QStandardPaths::HomeLocation), QDir::homePath()); // not there
    }

    // profile: relative to the temporary folder, "" for none; the last folder used is "exports".
    void forProfile_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("access");
        QTest::addColumn<QString>("start");
        QTest::newRow("a trace: its folder") << "runs/a.json" << int(Access::Read) << "runs";
        QTest::newRow("a trace, saving: its folder") << "runs/a.json" << int(Access::Write) << "runs";
        QTest::newRow("a folder profile: its parent") << "runs/bmprofile_data-0" << int(Access::Read) << "runs";
        QTest::newRow("a folder profile with a slash") << "runs/bmprofile_data-0/" << int(Access::Read) << "runs";
        QTest::newRow("its folder is gone: the last used") << "moved/a.json" << int(Access::Read) << "exports";
        QTest::newRow("no profile: the last used") << "" << int(Access::Read) << "exports";
    }
    void forProfile()
    {
        QFETCH(QString, profile);
        QFETCH(int, access);
        QFETCH(QString, start);
        LastFolder::remember(LastFolder::kProfile, at(QStringLiteral("exports/b.json")));
        const QString path = profile.isEmpty() ? QString() : m_dir.path() + QLatin1Char('/') + profile;
        QCOMPARE(LastFolder::forProfile(path, LastFolder::kProfile, Access(access)), at(start));
    }

    // Saving next to a profile in a folder that cannot be written starts where the user last
    // saved; opening another profile still starts next to it.
    void readOnlyFolderForASave()
    {
        const QString folder = at(QStringLiteral("readonly"));
        QVERIFY(QDir().mkpath(folder));
        QFile(folder + QStringLiteral("/a.json")).open(QIODevice::WriteOnly);
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const bool writable = QFileInfo(folder).isWritable();
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        if (writable)
            QSKIP("this user writes into read-only folders (root)");
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        LastFolder::remember(LastFolder::kImage, at(QStringLiteral("exports/x.png")));
        const QString profile = folder + QStringLiteral("/a.json");
        QCOMPARE(LastFolder::forProfile(profile, LastFolder::kImage, Access::Write), at(QStringLiteral("exports")));
        QCOMPARE(LastFolder::forProfile(profile, LastFolder::kImage, Access::Read), folder);
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    // The profile is the window's file path, found from any widget in it, also from a dock
    // that floats (a window of its own, whose parent is the main window).
    void profileOfAWidget()
    {
        QWidget window;
        auto* floating = new QWidget(&window, Qt::Tool);
        auto* child = new QWidget(floating);
        QCOMPARE(LastFolder::profileOf(child), QString());
        window.setWindowFilePath(at(QStringLiteral("runs/a.json")));
        QCOMPARE(LastFolder::profileOf(child), at(QStringLiteral("runs/a.json")));
        QCOMPARE(LastFolder::profileOf(&window), at(QStringLiteral("runs/a.json")));
        QCOMPARE(LastFolder::profileOf(nullptr), QString());
    }
};

QTEST_MAIN(tst_LastFolder)
#include "tst_lastfolder.moc"
