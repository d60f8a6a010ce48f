#pragma once
// What the Neuron importer tests share: look-ups in a loaded store, the cut-and-corrupt
// check every Neuron importer must survive, and STRATA_NEURON_SAMPLES=<dir>, which keeps a
// generated profile of each kind there (to open in strata).
#include "importertestutil.h"
#include "tempfolder.h"
#include <support/testfiles.h>

#include <profileloader.h>

#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QStringList>

namespace neurontest {

using strata::analysis::OperatorCatalog;
using strata::analysis::OperatorLevel;
using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using strata::store::EventStore;
using strata::store::SliceRow;

// Writes the file into $STRATA_NEURON_SAMPLES, when that is set.
inline void keepSample(const QString& name, const QByteArray& bytes)
{
    const QByteArray out = qgetenv("STRATA_NEURON_SAMPLES");
    if (out.isEmpty())
        return;
    QDir().mkpath(QString::fromLocal8Bit(out));
    testfiles::writeFile(QDir(QString::fromLocal8Bit(out)).filePath(name), bytes);
}

inline QString category(const EventStore& s, SliceRow row)
{
    return importertest::qstr(s.str(s.types().get(s.sliceType(row)).category));
}

inline QString metadata(const EventStore& s, const QString& key)
{
    for (const auto& [k, v] : s.metadata())
        if (importertest::qstr(k) == key)
            return importertest::qstr(v);
    return QStringLiteral("<absent>");
}

inline QString level(const OperatorCatalog& c, const EventStore& s, OperatorLevel l, SliceRow row)
{
    return importertest::qstr(c.keyText(c.key(l, s.sliceType(row), s.sliceArgs(row))));
}

// The offset of the n-th (0-based) occurrence of `what`, or -1.
inline qsizetype nth(const QByteArray& text, const QByteArray& what, int n)
{
    qsizetype at = -1;
    for (int i = 0; i <= n; ++i)
        if ((at = text.indexOf(what, at + 1)) < 0)
            return -1;
    return at;
}

// Every cut and a run of corrupted bytes of `bytes`, saved as `fileName`, either load what
// was read or fail with an error naming the file and a byte offset: never a crash, a hang
// or an exception. False (with a warning naming the variant) at the first that does not.
inline bool survivesCutsAndCorruption(testfiles::TempFolder& files, const QString& fileName, const QByteArray& bytes)
{
    auto check = [&](const QByteArray& variant, const QString& what) {
        const QString path = files.write(fileName, variant);
        const LoadResult r = ProfileLoader::load(path.toStdString());
        if (r.store)
            return true;
        const QString e = QString::fromStdString(r.error);
        if (e.startsWith(path + ": ") && e.contains("(at byte "))
            return true;
        qWarning("%s: %s", qPrintable(what), qPrintable(e));
        return false;
    };
    for (qsizetype cut = 0; cut < bytes.size(); cut += 23)
        if (!check(bytes.left(cut), QStringLiteral("cut at %1").arg(cut)))
            return false;
    uint32_t seed = 12345;
    for (int round = 0; round < 150; ++round) {
        QByteArray bad = bytes;
        for (int k = 0; k < 4; ++k) {
            seed = seed * 1103515245u + 12345u;
            const qsizetype at = qsizetype((seed >> 8) % uint32_t(bad.size()));
            bad[at] = "{}[]\",:0a \\"[(seed >> 4) % 12];
        }
        if (!check(bad, QStringLiteral("corruption round %1").arg(round)))
            return false;
    }
    return true;
}

} // namespace neurontest
