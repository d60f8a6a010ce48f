// SourceFileResolver: where a profile's source paths are looked for, in which order, and
// the per-trace source root kept in QSettings.
#include <code/sourcefileresolver.h>

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using strata::widgets::SourceFileResolver;

namespace {
void touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x = 1\n");
}
} // namespace

class tst_SourceFileResolver : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("StrataTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sourcefileresolver"));
        QVERIFY(m_dir.isValid());
        const QString d = m_dir.path();
        touch(d + "/runs/model.py"); // next to the trace
        touch(d + "/runs/pkg/layers.py"); // relative path below the trace folder
        touch(d + "/runs/run1_sources/kernel.cc"); // <stem>_sources
        touch(d + "/runs/src/deep/util.py"); // src/, matched by a tail of the path
        touch(d + "/elsewhere/model.py"); // only under a picked root
        touch(d + "/elsewhere/only_here.py");
        m_trace = d + "/runs/run1.json.gz";
    }

    void resolve_data()
    {
        QTest::addColumn<QString>("profilePath");
        QTest::addColumn<QString>("expected"); // below the temp dir, "" = not found
        QTest::newRow("beside the trace") << "model.py"
                                          << "runs/model.py";
        QTest::newRow("relative with folders") << "pkg/layers.py"
                                               << "runs/pkg/layers.py";
        QTest::newRow("absolute elsewhere, tail next to the trace") << "/home/someone/proj/pkg/layers.py"
                                                                    << "runs/pkg/layers.py";
        QTest::newRow("stem_sources folder") << "kernel.cc"
                                             << "runs/run1_sources/kernel.cc";
        QTest::newRow("src folder, by the tail") << "/build/x/deep/util.py"
                                                 << "runs/src/deep/util.py";
        QTest::newRow("windows path") << "C:/work/proj/model.py"
                                      << "runs/model.py";
        QTest::newRow("missing") << "nowhere.py"
                                 << "";
        QTest::newRow("empty") << ""
                               << "";
    }

    void resolve()
    {
        QFETCH(QString, profilePath);
        QFETCH(QString, expected);
        const SourceFileResolver r(m_trace);
        QCOMPARE(
            r.resolve(profilePath), expected.isEmpty() ? QString() : QDir(m_dir.path()).absoluteFilePath(expected));
    }

    void absolutePathThatExists()
    {
        const QString abs = QDir(m_dir.path()).absoluteFilePath("elsewhere/only_here.py");
        QCOMPARE(SourceFileResolver(m_trace).resolve(abs), abs);
        QCOMPARE(SourceFileResolver().resolve(abs), abs); // no trace needed
    }

    void pickedRootComesFirstAndIsRemembered()
    {
        const QString root = m_dir.path() + "/elsewhere";
        {
            SourceFileResolver r(m_trace);
            QVERIFY(r.sourceRoot().isEmpty());
            QCOMPARE(r.resolve("only_here.py"), QString());
            r.setSourceRoot(root);
            QCOMPARE(r.searchDirs().first(), QDir(root).absolutePath());
            QCOMPARE(r.resolve("model.py"), QDir(root).absoluteFilePath("model.py")); // the root wins
        }
        const SourceFileResolver again(m_trace); // another session, same trace
        QCOMPARE(again.sourceRoot(), QDir(root).absolutePath());
        QCOMPARE(again.resolve("only_here.py"), QDir(root).absoluteFilePath("only_here.py"));
        QVERIFY(SourceFileResolver(m_dir.path() + "/runs/other.json").sourceRoot().isEmpty()); // per trace
        SourceFileResolver forget(m_trace);
        forget.setSourceRoot(QString());
        QVERIFY(SourceFileResolver(m_trace).sourceRoot().isEmpty());
        QVERIFY(!QSettings().contains(SourceFileResolver::settingsKey(m_trace)));
    }

    void searchDirsOrder()
    {
        const QString runs = QDir(m_dir.path()).absoluteFilePath("runs");
        QCOMPARE(SourceFileResolver(m_trace).searchDirs(),
            QStringList({ runs, runs + "/run1_sources", runs + "/run1.sources", runs + "/sources", runs + "/src" }));
    }

private:
    QTemporaryDir m_dir;
    QString m_trace;
};

QTEST_GUILESS_MAIN(tst_SourceFileResolver)
#include "tst_sourcefileresolver.moc"
