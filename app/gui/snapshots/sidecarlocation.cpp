#include "sidecarlocation.h"

#include <loading/sampleprofile.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace strata::app {

namespace {

const QString kSuffix = QStringLiteral(".strata-annotations.json");

QString canonicalOrClean(const QString& path)
{
    const QFileInfo fi(path);
    const QString canonical = fi.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(fi.absoluteFilePath()) : canonical;
}

bool isInside(const QString& path, const QString& root)
{
    const QString r = canonicalOrClean(root);
    return !r.isEmpty() && (path == r || path.startsWith(r.endsWith(QLatin1Char('/')) ? r : r + QLatin1Char('/')));
}

} // namespace

SidecarLocation::SidecarLocation(
    QString dataFolder, QStringList readOnlyRoots, QString bundled, Keep keep, OwnerCheck owned)
    : m_dataFolder(std::move(dataFolder))
    , m_readOnlyRoots(std::move(readOnlyRoots))
    , m_bundled(std::move(bundled))
    , m_keep(keep)
    , m_owned(owned ? std::move(owned) : OwnerCheck(&SidecarLocation::ownedByUser))
{
}

SidecarLocation SidecarLocation::forApplication(Keep keep)
{
    const QString writable = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    QStringList system = QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation);
    system.removeAll(writable);
    return SidecarLocation(writable, system, SampleProfile::path(), keep);
}

bool SidecarLocation::ownedByUser(const QFileInfo& folder)
{
#ifdef Q_OS_UNIX
    return folder.exists() && folder.ownerId() == uint(::geteuid());
#else
    return folder.exists(); // no owner ids to compare: the writable check decides
#endif
}

QString SidecarLocation::nextToTrace(const QString& tracePath)
{
    return tracePath.isEmpty() ? QString() : tracePath + kSuffix;
}

QString SidecarLocation::inDataFolder(const QString& tracePath) const
{
    if (tracePath.isEmpty() || m_dataFolder.isEmpty())
        return QString();
    // The absolute path and the size tell two traces of one name apart; the name keeps the
    // folder readable.
    const QFileInfo fi(tracePath);
    const QByteArray identity = (canonicalOrClean(tracePath) + QLatin1Char('\n') + QString::number(fi.size())).toUtf8();
    const QString key
        = QString::fromLatin1(QCryptographicHash::hash(identity, QCryptographicHash::Sha1).toHex().left(16));
    return QDir(m_dataFolder)
        .filePath(QStringLiteral("strata/annotations/") + fi.fileName() + QLatin1Char('-') + key + kSuffix);
}

bool SidecarLocation::mayWriteNextTo(const QString& tracePath) const
{
    const QString trace = canonicalOrClean(tracePath);
    if (!m_bundled.isEmpty() && trace == canonicalOrClean(m_bundled))
        return false;
    for (const QString& root : m_readOnlyRoots) {
        if (isInside(trace, root))
            return false;
    }
    const QFileInfo folder(QFileInfo(tracePath).absolutePath());
    return folder.isDir() && folder.isWritable() && m_owned(folder);
}

SidecarLocation::Choice SidecarLocation::choose(const QString& tracePath) const
{
    if (tracePath.isEmpty())
        return {};
    const QString next = nextToTrace(tracePath);
    const QString data = inDataFolder(tracePath);
    if (QFileInfo::exists(next))
        return { next, Place::NextToTrace, data };
    if (!data.isEmpty() && QFileInfo::exists(data))
        return { data, Place::DataFolder, data };
    if ((m_keep == Keep::NextToProfile && mayWriteNextTo(tracePath)) || data.isEmpty())
        return { next, Place::NextToTrace, data };
    return { data, Place::DataFolder, data };
}

} // namespace strata::app
