// ImportJob: a job cancelled before it starts finishes cancelled, with no store (the load
// of a trace large enough that it cannot end before the cancel is seen).
#include <loading/importjob.h>

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
    // Tens of MB of Chrome JSON: 500,000 complete events on 8 threads.
    QString bigTrace()
    {
        const QString path = m_dir.filePath(QStringLiteral("big.json"));
        QByteArray bytes = "{\"traceEvents\":[\n";
        bytes.reserve(40 << 20);
        for (int i = 0; i < 500000; ++i) {
            bytes += "{\"name\":\"op";
            bytes += QByteArray::number(i % 97);
            bytes += "\",\"ph\":\"X\",\"ts\":";
            bytes += QByteArray::number(i * 10);
            bytes += ",\"dur\":8,\"pid\":1,\"tid\":";
            bytes += QByteArray::number(i % 8);
            bytes += ",\"args\":{\"i\":";
            bytes += QByteArray::number(i);
            bytes += "}},\n";
        }
        bytes += "{}]}\n";
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return QString();
        return path;
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(tst_ImportJob)
#include "tst_importjob.moc"
