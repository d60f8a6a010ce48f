#pragma once
#include <QObject>
#include <QStringList>

namespace strata::app {

// The most recently opened profiles, newest first, kept in QSettings ("recentFiles").
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 10;
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void store();
    QStringList m_files;
};

} // namespace strata::app
