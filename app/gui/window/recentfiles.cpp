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

void RecentFiles::add(const QString& path)
{
    const QString abs = QDir::cleanPath(QFileInfo(path).absoluteFilePath()); // path arithmetic, no stat
    m_files.removeAll(abs);
    m_files.prepend(abs);
    while (m_files.size() > kMax)
        m_files.removeLast();
    store();
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
