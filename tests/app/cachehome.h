#pragma once
// XDG_CACHE_HOME and XDG_CONFIG_HOME in a temporary folder while a CacheHome lives, so a
// test's snapshots and cache limit are its own; the previous values come back afterwards.
#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

namespace apptest {

struct CacheHome {
    QTemporaryDir dir;
    QByteArray cache = qgetenv("XDG_CACHE_HOME"), config = qgetenv("XDG_CONFIG_HOME");
    CacheHome()
    {
        qputenv("XDG_CACHE_HOME", QFile::encodeName(dir.filePath(QStringLiteral("cache"))));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
    }
    ~CacheHome()
    {
        qputenv("XDG_CACHE_HOME", cache);
        qputenv("XDG_CONFIG_HOME", config);
    }
};

} // namespace apptest
