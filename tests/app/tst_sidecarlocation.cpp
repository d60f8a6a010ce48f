#include <snapshots/sidecarlocation.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using strata::app::SidecarLocation;
using Place = SidecarLocation::Place;
using Keep = SidecarLocation::Keep;

namespace {

void touch(const QString& path, const QByteArray& bytes = "x")
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class tst_SidecarLocation : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.filePath(rel); }
    SidecarLocation location(Keep keep = Keep::NextToProfile) const
    {
        return SidecarLocation(at(QStringLiteral("data")), { at(QStringLiteral("system")) },
            at(QStringLiteral("bundled/sample.json")), keep);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        touch(at(QStringLiteral("mine/run.json")));
        touch(at(QStringLiteral("system/strata/run.json")));
        touch(at(QStringLiteral("bundled/sample.json")));
        touch(at(QStringLiteral("bundled/other.json")));
        touch(at(QStringLiteral("had/run.json")));
        touch(at(QStringLiteral("had/run.json.strata-annotations.json")));
        touch(at(QStringLiteral("system/strata/marked.json")));
        touch(at(QStringLiteral("system/strata/marked.json.strata-annotations.json")));
    }

    // Where markers go when the user prefers them next to the profile.
    void choose_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("place");
        QTest::newRow("the user's writable folder") << QStringLiteral("mine/run.json") << int(Place::NextToTrace);
        QTest::newRow("under a system data folder")
            << QStringLiteral("system/strata/run.json") << int(Place::DataFolder);
        QTest::newRow("the bundled sample") << QStringLiteral("bundled/sample.json") << int(Place::DataFolder);
        QTest::newRow("beside the bundled sample") << QStringLiteral("bundled/other.json") << int(Place::NextToTrace);
        QTest::newRow("a folder that is gone") << QStringLiteral("gone/run.json") << int(Place::DataFolder);
        QTest::newRow("a sidecar already next to it") << QStringLiteral("had/run.json") << int(Place::NextToTrace);
        QTest::newRow("a sidecar next to it in a system folder")
            << QStringLiteral("system/strata/marked.json") << int(Place::NextToTrace);
    }
    void choose()
    {
        QFETCH(QString, trace);
        QFETCH(int, place);
        const SidecarLocation loc = location();
        const QString path = at(trace);
        const SidecarLocation::Choice c = loc.choose(path);
        QCOMPARE(int(c.place), place);
        QCOMPARE(c.dataFolderPath, loc.inDataFolder(path));
        if (place == int(Place::NextToTrace)) {
            QCOMPARE(c.path, path + QStringLiteral(".strata-annotations.json"));
        } else {
            QCOMPARE(c.path, loc.inDataFolder(path));
            QVERIFY2(c.path.startsWith(at(QStringLiteral("data/strata/annotations/"))), qPrintable(c.path));
            QVERIFY2(QFileInfo(c.path).fileName().startsWith(QFileInfo(path).fileName() + QLatin1Char('-')),
                qPrintable(c.path));
        }
    }

    // By default (and whenever the user prefers it) a profile's first sidecar goes to the
    // data folder, wherever the profile is; one already next to it is still found first.
    void dataFolderByDefault_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("place");
        QTest::newRow("the user's writable folder") << QStringLiteral("mine/run.json") << int(Place::DataFolder);
        QTest::newRow("the bundled sample") << QStringLiteral("bundled/sample.json") << int(Place::DataFolder);
        QTest::newRow("a sidecar already next to it") << QStringLiteral("had/run.json") << int(Place::NextToTrace);
        QTest::newRow("a sidecar next to it in a system folder")
            << QStringLiteral("system/strata/marked.json") << int(Place::NextToTrace);
    }
    void dataFolderByDefault()
    {
        QFETCH(QString, trace);
        QFETCH(int, place);
        const SidecarLocation loc(
            at(QStringLiteral("data")), { at(QStringLiteral("system")) }, at(QStringLiteral("bundled/sample.json")));
        QCOMPARE(loc.keep(), Keep::DataFolder);
        const SidecarLocation::Choice c = loc.choose(at(trace));
        QCOMPARE(int(c.place), place);
        QCOMPARE(c.path,
            place == int(Place::NextToTrace) ? SidecarLocation::nextToTrace(at(trace)) : loc.inDataFolder(at(trace)));
    }

    // Writable is not enough: a folder owned by another user (root may write anywhere) gets
    // no sidecar, even when the user prefers them next to the profile.
    void foreignFolderIsNotWrittenInto()
    {
        const QString trace = at(QStringLiteral("mine/run.json"));
        const SidecarLocation foreign(
            at(QStringLiteral("data")), {}, {}, Keep::NextToProfile, [](const QFileInfo&) { return false; });
        QVERIFY(!foreign.mayWriteNextTo(trace));
        QCOMPARE(int(foreign.choose(trace).place), int(Place::DataFolder));
        QVERIFY(location().mayWriteNextTo(trace)); // the real check: this test made the folder
        QVERIFY(SidecarLocation::ownedByUser(QFileInfo(at(QStringLiteral("mine")))));
    }

    // The real owner check on a folder that really belongs to someone else: only root can give
    // one away, and root is who the check must stop (it can write into any folder).
    void folderOfAnotherOwner()
    {
#ifdef Q_OS_UNIX
        if (::geteuid() != 0)
            QSKIP("only root can make a folder owned by someone else (the injected check covers the rest)");
        const QString folder = at(QStringLiteral("theirs"));
        touch(folder + QStringLiteral("/run.json"));
        QVERIFY(::chown(QFile::encodeName(folder).constData(), 65534, 65534) == 0); // nobody
        const QFileInfo info(folder);
        QVERIFY(info.isWritable()); // root could write there...
        QVERIFY(!SidecarLocation::ownedByUser(info)); // ...but it is not root's
        const QString trace = folder + QStringLiteral("/run.json");
        QVERIFY(!location().mayWriteNextTo(trace));
        QCOMPARE(int(location().choose(trace).place), int(Place::DataFolder));
#else
        QSKIP("no owner ids here");
#endif
    }

    void existingDataFolderSidecarWins()
    {
        const SidecarLocation loc = location();
        const QString trace = at(QStringLiteral("mine/run.json"));
        const QString data = loc.inDataFolder(trace);
        touch(data);
        const SidecarLocation::Choice c = loc.choose(trace);
        QFile::remove(data);
        QCOMPARE(int(c.place), int(Place::DataFolder));
        QCOMPARE(c.path, data);
    }

    void keyTellsTracesApart()
    {
        const SidecarLocation loc = location();
        const QString a = at(QStringLiteral("keys/a/run.json"));
        const QString b = at(QStringLiteral("keys/b/run.json"));
        touch(a, "one");
        touch(b, "one");
        QVERIFY(loc.inDataFolder(a) != loc.inDataFolder(b)); // same name and size, other folder
        const QString before = loc.inDataFolder(a);
        QCOMPARE(loc.inDataFolder(a), before); // stable
        touch(a, "longer"); // the trace was recorded again
        QVERIFY(loc.inDataFolder(a) != before);
    }

    void withoutDataFolderStaysNextToTrace()
    {
        const SidecarLocation loc(QString(), { at(QStringLiteral("system")) }, QString(), Keep::DataFolder);
        const QString trace = at(QStringLiteral("system/strata/run.json"));
        QCOMPARE(loc.choose(trace).path, SidecarLocation::nextToTrace(trace));
        QVERIFY(loc.choose(QString()).path.isEmpty());
        QCOMPARE(int(loc.choose(QString()).place), int(Place::None));
    }
};

QTEST_GUILESS_MAIN(tst_SidecarLocation)
#include "tst_sidecarlocation.moc"
