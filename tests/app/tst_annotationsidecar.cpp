#include <loading/sampleprofile.h>
#include <snapshots/annotationsidecar.h>
#include <state/session.h>
#include <window/mainwindow.h>
#include <window/preferences.h>

#include <annotations/annotationswidget.h>
#include <state/annotationsmodel.h>

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;
using app::AnnotationSidecar;
using app::MainWindow;
using Keep = app::SidecarLocation::Keep;

Q_DECLARE_METATYPE(strata::app::SidecarLocation::Keep)
using model::MarkerAnchor;
using store::TimeNs;

namespace {

constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

// A Chrome trace: pid 1 / tid 2 "engine": "op" at 10 µs lasting `durUs`, "tail" at 40 µs.
QByteArray trace(int durUs)
{
    return QStringLiteral(R"({"traceEvents": [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "engine"}},
        {"ph": "X", "name": "op", "pid": 1, "tid": 2, "ts": 10, "dur": %1},
        {"ph": "X", "name": "tail", "pid": 1, "tid": 2, "ts": 40, "dur": 5}]})")
        .arg(durUs)
        .toUtf8();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

bool load(MainWindow& w, const QString& path)
{
    QSignalSpy finished(&w, &MainWindow::loadFinished);
    w.openFile(path);
    return finished.wait(kLoadTimeoutMs) && finished.first().at(0).toBool();
}

store::SliceRow sliceNamed(const store::EventStore& s, const char* name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        if (s.str(s.sliceName(store::SliceRow(r))) == name)
            return store::SliceRow(r);
    }
    return {};
}

} // namespace

class tst_AnnotationSidecar : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("StrataTest")); // else QSettings reports errors
        QVERIFY(m_dir.isValid());
    }
    void init() { QSettings().clear(); }

    void pathIsNextToTheTrace()
    {
        QCOMPARE(AnnotationSidecar::pathFor(QStringLiteral("/data/run.pb")),
            QStringLiteral("/data/run.pb.strata-annotations.json"));
        QVERIFY(AnnotationSidecar::pathFor(QString()).isEmpty());
    }

    void reloadsOnReopen()
    {
        app::Preferences next;
        next.keepMarkers = Keep::NextToProfile; // this test looks at the folder of the trace
        QVERIFY(next.save());
        const QString path = m_dir.filePath(QStringLiteral("reopen.json"));
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(w.dock(QStringLiteral("annotationsDock")));
        QCOMPARE(w.dock(QStringLiteral("annotationsDock"))->windowTitle(), QStringLiteral("Annotations"));
        QVERIFY(load(w, path));
        model::AnnotationsModel* markers = w.session()->annotations();
        QCOMPARE(markers->count(), 0);
        const model::MarkerId a = markers->add(15000, std::nullopt, QStringLiteral("start"));
        const model::MarkerId b = markers->add(35000, std::nullopt, QStringLiteral("end"));
        markers->setDiffVs(b, a);
        const QString sidecar = AnnotationSidecar::pathFor(path);
        QTRY_VERIFY(QFile::exists(sidecar)); // saved by itself after the debounce
        markers->rename(a, QStringLiteral("renamed"));

        w.closeProfile(); // saves what is pending, then the markers go with the profile
        QCOMPARE(markers->count(), 0);
        QVERIFY(load(w, path));
        QCOMPARE(markers->count(), 2);
        QCOMPARE(markers->find(a)->name, QStringLiteral("renamed"));
        QCOMPARE(markers->find(b)->time, TimeNs(35000));
        QCOMPARE(markers->diffVsDelta(b), std::optional<TimeNs>(20000));
        QCOMPARE(QDir(m_dir.path()).entryList({ QStringLiteral("reopen*") }, QDir::Files).size(), 2); // no temporaries

        // Another trace without a sidecar: no markers, and no file is made for it.
        const QString other = m_dir.filePath(QStringLiteral("other.json"));
        writeFile(other, trace(20));
        QVERIFY(load(w, other));
        QCOMPARE(markers->count(), 0);
        w.closeProfile();
        QVERIFY(!QFile::exists(AnnotationSidecar::pathFor(other)));
    }

    void anchoredMarkerFollowsItsEventOnReimport()
    {
        const QString path = m_dir.filePath(QStringLiteral("reimport.json"));
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        const auto& store = *w.session()->store();
        model::AnnotationsModel* markers = w.session()->annotations();
        const store::SliceRow op = sliceNamed(store, "op");
        const model::MarkerId end = markers->add(30000, MarkerAnchor::of(store, op, MarkerAnchor::Edge::End));
        w.closeProfile();

        writeFile(path, trace(25)); // the trace recorded again: "op" now ends 5 µs later
        QVERIFY(load(w, path));
        QCOMPARE(markers->find(end)->time, TimeNs(35000));
    }

    void unwritableSidecarKeepsMarkers()
    {
        const QString path = m_dir.filePath(QStringLiteral("blocked.json"));
        writeFile(path, trace(20));
        MainWindow w; // only to load the store the usual way
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        // The trace's folder is gone, and the data folder cannot be made (a file is in the way;
        // a read-only folder cannot be made for root, who runs these tests in CI).
        const QString gone = m_dir.filePath(QStringLiteral("gone/blocked.json"));
        const QString blocker = m_dir.filePath(QStringLiteral("not-a-folder"));
        writeFile(blocker, "x");
        model::Session session;
        AnnotationSidecar sidecar(&session, app::SidecarLocation(blocker + QStringLiteral("/data"), {}, {}));
        QSignalSpy message(&sidecar, &AnnotationSidecar::message);
        session.open(w.session()->store(), gone, model::LoadInfo());
        QVERIFY(sidecar.inDataFolder());
        QVERIFY(sidecar.path().startsWith(blocker));
        session.annotations()->add(12000);
        QVERIFY(sidecar.isPending());
        QVERIFY(!sidecar.flush());
        QCOMPARE(message.count(), 1);
        QVERIFY(message.last().at(1).toBool()); // a warning for the status bar
        QVERIFY2(message.last().at(0).toString().contains(sidecar.path()), qPrintable(message.last().at(0).toString()));
        QCOMPARE(session.annotations()->count(), 1); // kept in memory
        // The next change tries again.
        session.annotations()->add(13000);
        QVERIFY(sidecar.isPending());
    }

    // A profile in a folder that is not the user's (the bundled sample, a system folder) keeps
    // its markers in the data folder; the status bar says where; they come back on reopen.
    void readOnlyPlacesUseTheDataFolder_data()
    {
        QTest::addColumn<QString>("rel");
        QTest::addColumn<bool>("bundled");
        QTest::newRow("bundled sample") << QStringLiteral("ro-bundled/sample.json") << true;
        QTest::newRow("system folder") << QStringLiteral("ro-system/share/strata/run.json") << false;
    }
    void readOnlyPlacesUseTheDataFolder()
    {
        QFETCH(QString, rel);
        QFETCH(bool, bundled);
        const QString path = m_dir.filePath(rel);
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        const QString data = m_dir.filePath(QStringLiteral("ro-data"));
        const app::SidecarLocation location(
            data, { m_dir.filePath(QStringLiteral("ro-system")) }, bundled ? path : QString(), Keep::NextToProfile);
        QString saved;
        {
            model::Session session;
            AnnotationSidecar sidecar(&session, location);
            QSignalSpy message(&sidecar, &AnnotationSidecar::message);
            session.open(w.session()->store(), path, model::LoadInfo());
            session.annotations()->add(15000, std::nullopt, QStringLiteral("here"));
            QVERIFY(sidecar.flush());
            saved = sidecar.path();
            QCOMPARE(saved, location.inDataFolder(path));
            QVERIFY(QFile::exists(saved));
            QVERIFY(!QFile::exists(AnnotationSidecar::pathFor(path)));
            QCOMPARE(message.count(), 1);
            QVERIFY(!message.last().at(1).toBool());
            QVERIFY2(message.last().at(0).toString().contains(QDir::toNativeSeparators(saved)),
                qPrintable(message.last().at(0).toString()));
        }
        model::Session session;
        AnnotationSidecar sidecar(&session, location);
        QSignalSpy message(&sidecar, &AnnotationSidecar::message);
        session.open(w.session()->store(), path, model::LoadInfo());
        QCOMPARE(session.annotations()->count(), 1);
        QCOMPARE(sidecar.path(), saved);
        QCOMPARE(message.count(), 1);
        QVERIFY(message.last().at(0).toString().contains(QDir::toNativeSeparators(saved))); // restored from there
    }

    // The folder was writable when the profile opened, but the write fails later (here: the
    // folder is gone): the markers move to the data folder instead of being lost.
    void failedWriteMovesToTheDataFolder()
    {
        const QString folder = m_dir.filePath(QStringLiteral("vanishing"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/run.json");
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        const app::SidecarLocation location(
            m_dir.filePath(QStringLiteral("vanishing-data")), {}, {}, Keep::NextToProfile);
        model::Session session;
        AnnotationSidecar sidecar(&session, location);
        QSignalSpy message(&sidecar, &AnnotationSidecar::message);
        session.open(w.session()->store(), path, model::LoadInfo());
        QCOMPARE(sidecar.path(), AnnotationSidecar::pathFor(path));
        QVERIFY(!sidecar.inDataFolder());
        const QString dataPath = location.inDataFolder(path); // keyed by the size while the trace exists
        QVERIFY(QDir(folder).removeRecursively());
        session.annotations()->add(15000);
        QVERIFY(sidecar.flush());
        QVERIFY(sidecar.inDataFolder());
        QVERIFY(QFile::exists(sidecar.path()));
        QCOMPARE(sidecar.path(), dataPath);
        QCOMPARE(message.count(), 1);
        QVERIFY(!message.last().at(1).toBool());
    }

    // Tried as a new user would: markers on the bundled sample never write into the folder
    // the sample is installed in (or the source tree), but into the user's data folder.
    void bundledSampleThroughTheWindow()
    {
        const QString sample = app::SampleProfile::path();
        if (sample.isEmpty())
            QSKIP("no bundled sample in this build");
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, sample));
        const QString before = AnnotationSidecar::pathFor(sample);
        QVERIFY(!QFile::exists(before));
        w.session()->annotations()->add(1000);
        w.closeProfile();
        QVERIFY(!QFile::exists(before));
        const QString expected = app::SidecarLocation::forApplication(Keep::DataFolder).inDataFolder(sample);
        QVERIFY2(QFile::exists(expected), qPrintable(expected));
        QVERIFY(QFile::remove(expected));
    }

    // As a user finds it: markers on a trace in their own folder go to Strata's data folder
    // (the default), nothing is written next to the trace, and the first write names the file
    // in the status bar; later writes say nothing more.
    void defaultKeepsMarkersInTheDataFolder()
    {
        const QString path = m_dir.filePath(QStringLiteral("default.json"));
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        QSignalSpy message(w.sidecar(), &AnnotationSidecar::message);
        w.session()->annotations()->add(15000);
        QVERIFY(w.sidecar()->flush());
        const QString expected = app::SidecarLocation::forApplication(Keep::DataFolder).inDataFolder(path);
        QCOMPARE(w.sidecar()->path(), expected);
        QVERIFY(QFile::exists(expected));
        QVERIFY(!QFile::exists(AnnotationSidecar::pathFor(path)));
        QCOMPARE(message.count(), 1);
        QVERIFY(!message.first().at(1).toBool());
        QVERIFY2(message.first().at(0).toString().contains(QDir::toNativeSeparators(expected)),
            qPrintable(message.first().at(0).toString()));
        w.session()->annotations()->add(16000);
        QVERIFY(w.sidecar()->flush());
        QCOMPARE(message.count(), 1); // told once per profile
        w.closeProfile();
        QVERIFY(QFile::remove(expected));
    }

    // The first write of a sidecar, wherever it goes, names it; the words say why it is there.
    void firstWriteNamesTheFile_data()
    {
        QTest::addColumn<Keep>("keep");
        QTest::addColumn<bool>("owned");
        QTest::addColumn<bool>("nextTo");
        QTest::addColumn<QString>("words");
        QTest::newRow("data folder, by preference") << Keep::DataFolder << true << false << "Edit ▸ Preferences";
        QTest::newRow("next to the profile") << Keep::NextToProfile << true << true << "next to the profile";
        QTest::newRow("next to it, but not the user's folder")
            << Keep::NextToProfile << false << false << "not yours to write in";
    }
    void firstWriteNamesTheFile()
    {
        QFETCH(Keep, keep);
        QFETCH(bool, owned);
        QFETCH(bool, nextTo);
        QFETCH(QString, words);
        const QString folder
            = m_dir.filePath(QStringLiteral("first-%1").arg(QTest::currentDataTag()).replace(' ', '-'));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/run.json");
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        const app::SidecarLocation location(
            m_dir.filePath(QStringLiteral("first-data")), {}, {}, keep, [owned](const QFileInfo&) { return owned; });
        model::Session session;
        AnnotationSidecar sidecar(&session, location);
        QSignalSpy message(&sidecar, &AnnotationSidecar::message);
        session.open(w.session()->store(), path, model::LoadInfo());
        session.annotations()->add(15000);
        QVERIFY(sidecar.flush());
        QCOMPARE(sidecar.path(), nextTo ? AnnotationSidecar::pathFor(path) : location.inDataFolder(path));
        QCOMPARE(QFile::exists(AnnotationSidecar::pathFor(path)), nextTo);
        QCOMPARE(message.count(), 1);
        const QString text = message.first().at(0).toString();
        QVERIFY2(text.contains(QDir::toNativeSeparators(sidecar.path())) && text.contains(words), qPrintable(text));
    }

    // A preference changed while a profile is open applies to it until its sidecar exists;
    // one already written stays where it is.
    void preferenceReachesTheOpenProfile()
    {
        const QString path = m_dir.filePath(QStringLiteral("switch.json"));
        writeFile(path, trace(20));
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        const app::SidecarLocation location(m_dir.filePath(QStringLiteral("switch-data")), {}, {}, Keep::DataFolder);
        model::Session session;
        AnnotationSidecar sidecar(&session, location);
        session.open(w.session()->store(), path, model::LoadInfo());
        QCOMPARE(sidecar.path(), location.inDataFolder(path));
        sidecar.setKeep(Keep::NextToProfile);
        QCOMPARE(sidecar.path(), AnnotationSidecar::pathFor(path));
        session.annotations()->add(15000);
        QVERIFY(sidecar.flush());
        QVERIFY(QFile::exists(AnnotationSidecar::pathFor(path)));
        sidecar.setKeep(Keep::DataFolder); // written: it stays, and is found there next time
        QCOMPARE(sidecar.path(), AnnotationSidecar::pathFor(path));
        session.annotations()->add(16000);
        QVERIFY(sidecar.flush());
        QVERIFY(!QFile::exists(location.inDataFolder(path)));
    }

    void corruptSidecarIsReportedAndLeftAlone()
    {
        const QString path = m_dir.filePath(QStringLiteral("corrupt.json"));
        writeFile(path, trace(20));
        const QString sidecarPath = AnnotationSidecar::pathFor(path);
        const QByteArray garbage("{\"format\": \"strata-annotations\", \"version\": 1, \"markers\": [");
        writeFile(sidecarPath, garbage);
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QVERIFY(load(w, path));
        QCOMPARE(w.session()->annotations()->count(), 0);
        w.session()->annotations()->add(12000);
        w.closeProfile();
        QFile f(sidecarPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), garbage); // never overwritten behind the user's back
    }
};

QTEST_MAIN(tst_AnnotationSidecar)
#include "tst_annotationsidecar.moc"
