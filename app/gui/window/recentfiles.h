#pragma once
#include <QObject>
#include <QStringList>

namespace strata::app {

// The most recently opened profiles, newest first, kept in QSettings ("recentFiles"). A
// folder (a profile written as a folder, the ranks of a job) is kept with a trailing '/', so
// the lists show it as a folder without looking at the disk; opening "DIR/" opens DIR.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 10;
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString& path, bool folder = false);
    // What the lists show of an entry: its file name, or a folder's name with a '/'.
    static QString displayName(const QString& entry);
    static bool isFolder(const QString& entry) { return entry.size() > 1 && entry.endsWith(QLatin1Char('/')); }
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void store();
    QStringList m_files;
};

} // namespace strata::app
