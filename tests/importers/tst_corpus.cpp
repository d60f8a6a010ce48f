// The real-trace corpus (../shared/corpus/real, see its README and MANIFEST.tsv): every Chrome
// JSON trace loads and counts exactly the events by phase that the manifest lists; every
// non-trace file is refused with an error naming it. Skipped when the corpus is absent.
#include "importertestutil.h"

#include <profileloader.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <map>

using strata::importers::Compression;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;

namespace {

using importertest::corpusDir;

// The manifest's phase histogram ("X:2456 b:234 ...", by count) as importertest::histogram
// prints the loader's map (sorted by key), so a mismatch shows every count.
QString canonical(const QString& manifestHistogram)
{
    std::map<std::string, uint64_t> m;
    for (const QString& part : manifestHistogram.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype colon = part.lastIndexOf(QLatin1Char(':'));
        m[part.left(colon).toStdString()] += part.mid(colon + 1).toULongLong();
    }
    return importertest::histogram(m);
}

} // namespace

class tst_Corpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(corpusDir() + QStringLiteral("/MANIFEST.tsv")))
            QSKIP("no real-trace corpus at ../shared/corpus/real");
    }

    void load_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("compression");
        QTest::addColumn<QString>("histogram");
        QTest::addColumn<QString>("features");

        QFile f(corpusDir() + QStringLiteral("/MANIFEST.tsv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char('\t'));
        const qsizetype cFile = header.indexOf(QStringLiteral("file"));
        const qsizetype cFormat = header.indexOf(QStringLiteral("format"));
        const qsizetype cCompression = header.indexOf(QStringLiteral("compression"));
        const qsizetype cHistogram = header.indexOf(QStringLiteral("ph_histogram"));
        const qsizetype cFeatures = header.indexOf(QStringLiteral("features"));
        QVERIFY(cFile >= 0 && cFormat >= 0 && cCompression >= 0 && cHistogram >= 0 && cFeatures >= 0);
        int rows = 0;
        while (!f.atEnd()) {
            const QString line = QString::fromUtf8(f.readLine()).remove(QLatin1Char('\n'));
            if (line.trimmed().isEmpty())
                continue;
            const QStringList cols = line.split(QLatin1Char('\t'));
            QVERIFY2(cols.size() == header.size(), qPrintable(line.left(120)));
            QTest::newRow(qPrintable(cols[cFile]))
                << cols[cFile] << cols[cFormat] << cols[cCompression] << cols[cHistogram] << cols[cFeatures];
            ++rows;
        }
        QVERIFY(rows > 0);
    }

    void load()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(QString, compression);
        QFETCH(QString, histogram);
        QFETCH(QString, features);

        if (format == QLatin1String("pftrace"))
            QSKIP("Perfetto protobuf: the Perfetto importer's corpus rows");
        const QString path = corpusDir() + QLatin1Char('/') + file;
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        const LoadResult r = ProfileLoader::load(path.toStdString());

        if (format.startsWith(QLatin1String("other:"))) {
            QVERIFY2(!r.store, qPrintable(QStringLiteral("a %1 file loaded as %2").arg(format, r.format.c_str())));
            QVERIFY2(QString::fromStdString(r.error).contains(path), r.error.c_str());
            return;
        }
        QVERIFY2(
            format.startsWith(QLatin1String("chrome-json")), qPrintable(QStringLiteral("unknown format ") + format));
        QVERIFY2(r.store, r.error.c_str());
        QCOMPARE(importertest::histogram(r.phases), canonical(histogram));
        // Gzipped rows name the container inside in their features ("inner=object").
        QString expectedFormat = format;
        if (format == QLatin1String("chrome-json-gz"))
            expectedFormat = features.contains(QLatin1String("inner=array")) ? QStringLiteral("chrome-json-array")
                                                                             : QStringLiteral("chrome-json-object");
        QCOMPARE(QString::fromStdString(r.format), expectedFormat);
        QCOMPARE(r.compression, compression == QLatin1String("gzip") ? Compression::Gzip : Compression::None);
    }
};

QTEST_APPLESS_MAIN(tst_Corpus)
#include "tst_corpus.moc"
