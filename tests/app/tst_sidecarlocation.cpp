#include <snapshots/sidecarlocation.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using strata::app::SidecarLocation;
using Place = SidecarLocation::Place;

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
    SidecarLocation location() const
    {
        return SidecarLocation(
            at(QStringLiteral("data")), { at(QStringLiteral("system")) }, at(QStringLiteral("bundled/sample.json")));
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
        const SidecarLocation loc(QString(), { at(QStringLiteral("system")) }, QString());
        const QString trace = at(QStringLiteral("system/strata/run.json"));
        QCOMPARE(loc.choose(trace).path, SidecarLocation::nextToTrace(trace));
        QVERIFY(loc.choose(QString()).path.isEmpty());
        QCOMPARE(int(loc.choose(QString()).place), int(Place::None));
    }
};

QTEST_GUILESS_MAIN(tst_SidecarLocation)
#include "tst_sidecarlocation.moc"
