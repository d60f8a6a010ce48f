#include "lastfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

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

QString LastFolder::beside(const QString& file, const char* purpose)
{
    const QFileInfo fi(file);
    if (!file.isEmpty() && fi.exists() && QFileInfo(fi.absolutePath()).isDir())
        return fi.absolutePath();
    return get(purpose);
}

void LastFolder::remember(const char* purpose, const QString& path)
{
    const QFileInfo fi(path);
    QSettings().setValue(key(purpose), fi.isDir() ? fi.absoluteFilePath() : fi.absolutePath());
}

} // namespace strata::widgets
