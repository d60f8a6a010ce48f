// ImportJob: a job cancelled before it starts finishes cancelled, with no store (the load
// of a trace large enough that it cannot end before the cancel is seen).
#include <loading/importjob.h>
#include <support/bigchrometrace.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;

namespace {
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion
} // namespace

class tst_ImportJob : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cancelledBeforeStart()
    {
        app::ImportJob job(bigTrace());
        QSignalSpy finished(&job, &app::ImportJob::finished);
        job.cancel();
        job.start();
        QVERIFY(finished.wait(kLoadTimeoutMs));
        const auto r = finished.at(0).at(0).value<importers::LoadResult>();
        QVERIFY2(r.cancelled, r.error.c_str());
        QVERIFY(!r.store);
    }

private:
    QString bigTrace() { return testsupport::bigChromeTrace(QDir(m_dir.path())); }

    QTemporaryDir m_dir;
};

QTEST_MAIN(tst_ImportJob)
#include "tst_importjob.moc"
