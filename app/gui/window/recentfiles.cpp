#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace strata::app {

namespace {
const char* const kKey = "recentFiles";
}

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
    m_files = QSettings().value(kKey).toStringList();
    m_files.removeAll(QString());
    while (m_files.size() > kMax)
        m_files.removeLast();
}

void RecentFiles::add(const QString& path, bool folder)
{
    QString abs = QDir::cleanPath(QFileInfo(path).absoluteFilePath()); // path arithmetic, no stat
    m_files.removeAll(abs);
    m_files.removeAll(abs + QLatin1Char('/'));
    if (folder && !abs.endsWith(QLatin1Char('/')))
        abs += QLatin1Char('/');
    m_files.prepend(abs);
    while (m_files.size() > kMax)
        m_files.removeLast();
    store();
}

QString RecentFiles::displayName(const QString& entry)
{
    return isFolder(entry) ? QFileInfo(entry.chopped(1)).fileName() + QLatin1Char('/') : QFileInfo(entry).fileName();
}

void RecentFiles::remove(const QString& path)
{
    if (m_files.removeAll(path) > 0)
        store();
}

void RecentFiles::clear()
{
    m_files.clear();
    store();
}

void RecentFiles::store()
{
    QSettings().setValue(kKey, m_files);
    emit changed();
}

} // namespace strata::app
