#include "sourcefileresolver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace strata::widgets {

SourceFileResolver::SourceFileResolver(const QString& tracePath)
    : m_tracePath(tracePath.isEmpty() ? QString() : QFileInfo(tracePath).absoluteFilePath())
{
    if (!m_tracePath.isEmpty())
        m_root = QSettings().value(settingsKey(m_tracePath)).toString();
}

QString SourceFileResolver::settingsKey(const QString& tracePath)
{
    // Paths hold '/', which QSettings reads as groups: key by a hash of the path instead.
    const QByteArray hash
        = QCryptographicHash::hash(QFileInfo(tracePath).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1);
    return QStringLiteral("sourceRoots/") + QString::fromLatin1(hash.toHex().left(20));
}

void SourceFileResolver::setSourceRoot(const QString& dir)
{
    m_root = dir.isEmpty() ? QString() : QDir(dir).absolutePath();
    if (m_tracePath.isEmpty())
        return;
    QSettings settings;
    if (m_root.isEmpty())
        settings.remove(settingsKey(m_tracePath));
    else
        settings.setValue(settingsKey(m_tracePath), m_root);
}

QStringList SourceFileResolver::searchDirs() const
{
    QStringList dirs;
    if (!m_root.isEmpty())
        dirs << m_root;
    if (!m_tracePath.isEmpty()) {
        const QFileInfo trace(m_tracePath);
        const QString folder = trace.absolutePath();
        const QString stem = trace.fileName().section(QLatin1Char('.'), 0, 0);
        dirs << folder;
        for (const QString& next : { stem + QStringLiteral("_sources"), stem + QStringLiteral(".sources"),
                 QStringLiteral("sources"), QStringLiteral("src") })
            dirs << folder + QLatin1Char('/') + next;
    }
    dirs.removeDuplicates();
    return dirs;
}

QString SourceFileResolver::resolve(const QString& profilePath) const
{
    if (profilePath.isEmpty())
        return QString();
    const QString path = QDir::fromNativeSeparators(profilePath);
    if (QDir::isAbsolutePath(path) && QFileInfo(path).isFile())
        return QFileInfo(path).absoluteFilePath();
    QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (!parts.isEmpty() && parts.first().endsWith(QLatin1Char(':')))
        parts.removeFirst(); // a Windows drive, "C:"
    for (const QString& dir : searchDirs()) {
        if (!QFileInfo(dir).isDir())
            continue;
        for (int drop = 0; drop < parts.size(); ++drop) {
            const QString candidate = dir + QLatin1Char('/') + parts.mid(drop).join(QLatin1Char('/'));
            if (QFileInfo(candidate).isFile())
                return QFileInfo(candidate).absoluteFilePath();
        }
    }
    return QString();
}

} // namespace strata::widgets
