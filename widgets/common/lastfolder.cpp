#include "lastfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QWidget>

namespace strata::widgets {

namespace {
QString key(const char* purpose)
{
    return QStringLiteral("lastFolder/") + QLatin1String(purpose);
}
} // namespace

QString LastFolder::get(const char* purpose, QStandardPaths::StandardLocation fallback)
{
    QString dir = QSettings().value(key(purpose)).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir())
        return dir;
    const QString other = QStandardPaths::writableLocation(fallback);
    return other.isEmpty() ? QDir::homePath() : other;
}

void LastFolder::remember(const char* purpose, const QString& path)
{
    const QFileInfo fi(path);
    QSettings().setValue(key(purpose), fi.isDir() ? fi.absoluteFilePath() : fi.absolutePath());
}

QString LastFolder::forProfile(
    const QString& profilePath, const char* purpose, Access access, QStandardPaths::StandardLocation fallback)
{
    if (!profilePath.isEmpty()) {
        // absolutePath() of a file or of a folder alike is the folder holding it (cleanPath
        // drops the trailing '/' a folder profile may come with).
        const QFileInfo folder(QFileInfo(QDir::cleanPath(profilePath)).absolutePath());
        if (folder.isDir() && (access == Access::Read || folder.isWritable()))
            return folder.absoluteFilePath();
    }
    return get(purpose, fallback);
}

QString LastFolder::profileOf(const QWidget* widget)
{
    // Up through the parents, not window(): a floating dock is a window of its own whose
    // parent is still the main window.
    for (const QWidget* w = widget; w; w = w->parentWidget()) {
        if (!w->windowFilePath().isEmpty())
            return w->windowFilePath();
    }
    return QString();
}

} // namespace strata::widgets
