// strata-cli and snapshots, as a user meets them: the second command on a profile reads its
// snapshot and answers exactly as the first (info --json identical but for load_seconds,
// loaded_from and resident_bytes) on tests/data, the sample and every corpus file;
// --no-cache neither reads nor writes one; a damaged cached snapshot is said in info's
// diagnostics and replaced; `snapshot -o` writes a portable .strata file that opens without
// its source, and a bad one is refused with exit status 2.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "clirun.h"

#include <cachedloader.h>
#include <snapshot/snapshotcache.h>
#include <snapshot/snapshotreader.h>
#include <support/sourcedir.h>

class tst_CliSnapshot : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString cacheFolder() const { return m_dir.filePath(QStringLiteral("cache/strata/snapshots")); }
    int cachedFiles() const { return int(QDir(cacheFolder()).entryList({ "*.strata" }, QDir::Files).size()); }
    QString copyOf(const QString& file, const QString& name)
    {
        const QString to = m_dir.filePath(name);
        QFile::remove(to);
        return QFile::copy(file, to) ? to : QString();
    }
    static QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }
    // info --json without the keys that may differ between a parse and a snapshot read.
    static QJsonObject comparable(QJsonObject o)
    {
        for (const char* k : { "load_seconds", "loaded_from", "resident_bytes" })
            o.remove(QLatin1String(k));
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Every strata-cli this test starts keeps its snapshots here.
        qputenv("XDG_CACHE_HOME", m_dir.filePath(QStringLiteral("cache")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
    }

    void sameAnswerFromTheSnapshot_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("otherCommands"); // also ops and summary (not for every corpus file: time)
        QTest::newRow("sample") << samplePath() << true;
        QDirIterator data(strata::test::sourcePath("/tests/data"), QDir::Files);
        while (data.hasNext()) {
            const QString f = data.next();
            QTest::newRow(qPrintable("data/" + QFileInfo(f).fileName())) << f << true;
        }
        const QString corpus = strata::test::sourcePath("/../shared/corpus/real");
        QDirIterator it(corpus, QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext()) {
            const QString f = it.next();
            if (!f.endsWith(QLatin1String("MANIFEST.tsv")) && !f.endsWith(QLatin1String("README.md")))
                files << f;
        }
        files.sort();
        for (const QString& f : files)
            QTest::newRow(qPrintable("corpus/" + QDir(corpus).relativeFilePath(f))) << f << false;
    }

    // Every command answers from the snapshot as from the source; a file that is not a
    // profile is refused both times and never cached.
    void sameAnswerFromTheSnapshot()
    {
        QFETCH(QString, file);
        QFETCH(bool, otherCommands);
        const Run first = runCli({ "info", file, "--json" });
        const Run second = runCli({ "info", file, "--json" });
        QCOMPARE(second.exitCode, first.exitCode);
        QCOMPARE(second.err, first.err);
        if (first.exitCode != 0) {
            QCOMPARE(first.exitCode, 2);
            return;
        }
        QCOMPARE(json(first).value("loaded_from").toString(), QStringLiteral("source"));
        QCOMPARE(json(second).value("loaded_from").toString(), QStringLiteral("snapshot"));
        QCOMPARE(comparable(json(second)), comparable(json(first)));
        // The other commands too: the operator table and the summary, as printed.
        if (!otherCommands)
            return;
        for (const QStringList& cmd : { QStringList { "ops", file, "--json" }, QStringList { "summary", file } }) {
            const Run a = runCli(cmd + QStringList { "--no-cache" });
            const Run b = runCli(cmd);
            QCOMPARE(b.exitCode, a.exitCode);
            QCOMPARE(b.out, a.out);
        }
    }

    // A cache snapshot from before the derived indexes were kept gets them on the next
    // command's way out; the command after that finds nothing to write.
    void oldSnapshotGetsTheIndexes()
    {
        const QString file = copyOf(samplePath(), QStringLiteral("old.json"));
        const std::string path = QFile::encodeName(file).toStdString();
        strata::importers::CacheOptions cache;
        cache.folder = QFile::encodeName(cacheFolder()).toStdString();
        std::string error;
        QVERIFY2(strata::importers::CachedLoader::writeCache(
                     strata::importers::ProfileLoader::load(path), path, cache, &error),
            error.c_str());
        const std::string snapshot = strata::store::SnapshotCache(cache.folder).pathFor(path);
        auto indexes = [&] {
            int n = 0;
            for (const auto& [name, blob] : strata::store::SnapshotReader::read(snapshot).attachments)
                n += QString::fromStdString(name).startsWith(QStringLiteral("index."));
            return n;
        };
        QCOMPARE(indexes(), 0);
        const Run first = runCli({ "info", file, "--json" });
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(json(first).value("loaded_from").toString(), QStringLiteral("snapshot"));
        QCOMPARE(indexes(), 3);
        const QFileInfo written(QString::fromStdString(snapshot));
        const Run second = runCli({ "info", file, "--json" });
        QCOMPARE(comparable(json(second)), comparable(json(first)));
        QCOMPARE(QFileInfo(QString::fromStdString(snapshot)).lastModified(), written.lastModified());
        QCOMPARE(indexes(), 3);
    }

    void noCache()
    {
        const QString file = copyOf(samplePath(), QStringLiteral("nocache.json"));
        const int before = cachedFiles();
        const Run r = runCli({ "info", file, "--json", "--no-cache" });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(json(r).value("loaded_from").toString(), QStringLiteral("source"));
        QCOMPARE(cachedFiles(), before);
        QCOMPARE(json(runCli({ "info", file, "--json" })).value("loaded_from").toString(), QStringLiteral("source"));
        QCOMPARE(cachedFiles(), before + 1);
        QCOMPARE(json(runCli({ "info", file, "--json", "--no-cache" })).value("loaded_from").toString(),
            QStringLiteral("source"));
    }

    void damagedSnapshotIsReplaced_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("cut") << "cut";
        QTest::newRow("flip") << "flip";
        QTest::newRow("stale") << "stale";
    }

    void damagedSnapshotIsReplaced()
    {
        QFETCH(QString, damage);
        const QString file = copyOf(samplePath(), QStringLiteral("damaged.json"));
        QDir(cacheFolder()).removeRecursively();
        QCOMPARE(runCli({ "info", file }).exitCode, 0);
        const QStringList cached = QDir(cacheFolder()).entryList({ "*.strata" }, QDir::Files);
        QCOMPARE(cached.size(), 1);
        const QString snapshot = cacheFolder() + QLatin1Char('/') + cached[0];
        if (damage == "stale") {
            QFile f(file);
            QVERIFY(f.open(QIODevice::Append));
            f.write("\n");
        } else {
            QFile f(snapshot);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QByteArray bytes = f.readAll();
            if (damage == "cut")
                bytes.chop(100);
            else
                bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 1);
            f.resize(0);
            f.seek(0);
            f.write(bytes);
        }
        const Run r = runCli({ "info", file, "--json" });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(json(r).value("loaded_from").toString(), QStringLiteral("source"));
        QCOMPARE(json(r).value("diagnostics").toObject().value("snapshot_refused").toInt(), 1);
        const Run text = runCli({ "info", file, "--no-cache" });
        QVERIFY(!text.out.contains("snapshot_refused"));
        // Written anew after that answer: the next command reads it.
        QCOMPARE(json(runCli({ "info", file, "--json" })).value("loaded_from").toString(), QStringLiteral("snapshot"));
    }

    void portableFile()
    {
        const QString file = copyOf(samplePath(), QStringLiteral("portable.json"));
        const QByteArray markers = R"({"version":1,"markers":[]})";
        QFile side(file + QStringLiteral(".strata-annotations.json"));
        QVERIFY(side.open(QIODevice::WriteOnly));
        side.write(markers);
        side.close();
        const QString out = m_dir.filePath(QStringLiteral("portable.strata"));
        const Run w = runCli({ "snapshot", file, "-o", out });
        QVERIFY2(w.exitCode == 0, w.err.constData());
        QVERIFY(w.out.contains("with markers"));
        const QJsonObject source = json(runCli({ "info", file, "--json", "--no-cache" }));
        QVERIFY(QFile::remove(file));
        const Run r = runCli({ "info", out, "--json" });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QJsonObject o = json(r);
        QCOMPARE(o.value("loaded_from").toString(), QStringLiteral("snapshot"));
        QCOMPARE(o.value("saved_from").toString(), QFileInfo(file).absoluteFilePath());
        o.remove(QStringLiteral("saved_from"));
        QCOMPARE(comparable(o), comparable(source));
        // And the operator table of the .strata file.
        QCOMPARE(runCli({ "ops", out, "--json" }).exitCode, 0);
    }

    void badPortableFile_data()
    {
        QTest::addColumn<int>("keep");
        QTest::newRow("magic only") << 8;
        QTest::newRow("cut") << 1000;
    }

    void badPortableFile()
    {
        QFETCH(int, keep);
        const QString out = m_dir.filePath(QStringLiteral("bad.strata"));
        QFile::remove(out);
        QCOMPARE(runCli({ "snapshot", samplePath(), "-o", out }).exitCode, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(keep));
        f.close();
        const Run r = runCli({ "info", out });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.startsWith("strata-cli: " + out.toUtf8() + ": "), r.err.constData());
        QVERIFY2(r.err.contains("at byte "), r.err.constData());
        QVERIFY(QFile::exists(out));
    }

    void snapshotUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no output") << QStringList { "snapshot", samplePath() };
        QTest::newRow("no file") << QStringList { "snapshot", "-o", "x.strata" };
        QTest::newRow("missing markers") << QStringList { "snapshot", samplePath(), "-o", "x.strata", "--annotations",
            "/nonexistent/m.json" };
        QTest::newRow("unwritable") << QStringList { "snapshot", samplePath(), "-o", "/nonexistent/x.strata" };
    }

    void snapshotUsage()
    {
        QFETCH(QStringList, args);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }
};

QTEST_APPLESS_MAIN(tst_CliSnapshot)
#include "tst_clisnapshot.moc"
