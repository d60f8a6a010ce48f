#include "sampleprofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace strata::app {

QString SampleProfile::path()
{
    QStringList candidates;
    const QString env = qEnvironmentVariable("STRATA_SAMPLE");
    if (!env.isEmpty())
        candidates << env;
    const QString name = QString::fromLatin1(kFileName);
    candidates
        << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/strata/samples/") + name);
#ifdef STRATA_SOURCE_DIR
    candidates << QStringLiteral(STRATA_SOURCE_DIR "/resources/samples/") + name;
#endif
    for (const QString& c : candidates) {
        const QFileInfo fi(c);
        if (fi.isFile())
            return QDir::cleanPath(fi.absoluteFilePath());
    }
    return QString();
}

} // namespace strata::app
