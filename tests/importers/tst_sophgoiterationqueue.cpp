// SophgoIterationQueue on folders of iter*.profile files written by bmprofilewriter.h:
// which files it hands out, where a gap ends the list, and how an unreadable file is
// skipped and reported.
#include "sophgotestutil.h"
#include <support/bmprofilewriter.h>
#include <support/testfiles.h>

#include <sophgo/sophgofiledecoder.h>
#include <sophgo/sophgofolder.h>
#include <sophgo/sophgoiterationqueue.h>

#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace strata;
using namespace strata::importers::sophgo;
using namespace sophgotest;

namespace {

QString diagText(const store::Diagnostics& d)
{
    QStringList out;
    for (const auto& [k, n] : d.counts())
        out << QString("%1=%2").arg(QString::fromStdString(k)).arg(n);
    return out.join(',');
}

} // namespace

class tst_SophgoIterationQueue : public QObject {
    Q_OBJECT
private slots:
    void queue_data()
    {
        QTest::addColumn<QStringList>("files"); // iteration files in the folder; "empty:" one holds no bytes
        QTest::addColumn<QStringList>("handedOut"); // what next() gives, in order
        QTest::addColumn<QString>("error"); // the result's error afterwards
        QTest::addColumn<QString>("diag");
        // clang-format off
        QTest::newRow("none") << QStringList {} << QStringList {} << "" << "";
        QTest::newRow("consecutive") << QStringList { "iter0", "iter1", "iter2" } << QStringList { "iter0", "iter1", "iter2" } << "" << "";
        QTest::newRow("a gap ends the list") << QStringList { "iter0", "iter1", "iter3", "iter4" } << QStringList { "iter0", "iter1" } << "" << "sophgo_iteration_gap=1";
        QTest::newRow("no iter0") << QStringList { "iter1" } << QStringList {} << "" << "sophgo_iteration_gap=1";
        QTest::newRow("an unreadable file is skipped") << QStringList { "empty:iter0", "iter1" } << QStringList { "iter1" } << "iter0.profile: empty file" << "sophgo_iteration_unreadable=1";
        QTest::newRow("the first error stays") << QStringList { "iter0", "empty:iter1", "empty:iter2" } << QStringList { "iter0" } << "iter1.profile: empty file" << "sophgo_iteration_unreadable=2";
        // clang-format on
    }
    void queue()
    {
        QFETCH(QStringList, files);
        QFETCH(QStringList, handedOut);
        QFETCH(QString, error);
        QFETCH(QString, diag);
        QTemporaryDir tmp;
        const QString dir = folder(tmp);
        bmprofile::writeFolder(dir, minimal());
        const QByteArray iteration = testfiles::readFile(dir + "/iter0.profile");
        QVERIFY(QFile::remove(dir + "/iter0.profile"));
        for (QString f : files) {
            const bool empty = f.startsWith("empty:");
            f.remove("empty:");
            bmprofile::writeBytes(dir + "/" + f + ".profile", empty ? std::string() : iteration.toStdString());
        }
        store::Diagnostics d;
        importers::ImportResult result;
        const SophgoFolder sf = SophgoFolder::scan(dir.toStdString());
        SophgoFileDecoder decoder(d, result.phases, nullptr);
        SophgoIterationQueue queue(sf, decoder, d, result);
        QCOMPARE(queue.empty(), !files.contains("iter0") && !files.contains("empty:iter0"));
        QStringList got;
        SophgoIterationData it;
        while (queue.next(&it)) {
            got << QString::fromStdString(it.file).remove(".profile");
            QVERIFY(it.hasSummary); // decoded, not just named
        }
        QCOMPARE(got, handedOut);
        QCOMPARE(QString::fromStdString(result.error), error);
        QCOMPARE(result.errorOffset, uint64_t(0));
        QCOMPARE(diagText(d), diag);
    }

    void gapMessageNamesTheFiles()
    {
        QTemporaryDir tmp;
        const QString dir = folder(tmp);
        bmprofile::writeFolder(dir, minimal());
        QVERIFY(QFile::copy(dir + "/iter0.profile", dir + "/iter2.profile"));
        store::Diagnostics d;
        importers::ImportResult result;
        const SophgoFolder sf = SophgoFolder::scan(dir.toStdString());
        SophgoFileDecoder decoder(d, result.phases, nullptr);
        const SophgoIterationQueue queue(sf, decoder, d, result);
        QVERIFY(!queue.empty());
        QCOMPARE(d.messages().size(), size_t(1));
        QCOMPARE(QString::fromStdString(d.messages()[0]),
            QString("sophgo_iteration_gap: iter1.profile is missing: iter2.profile and the later iterations were not "
                    "read"));
    }
};

QTEST_GUILESS_MAIN(tst_SophgoIterationQueue)
#include "tst_sophgoiterationqueue.moc"
