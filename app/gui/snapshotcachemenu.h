#pragma once
#include <state/handover.h>

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>

class QMenu;
class QWidget;

namespace strata::app {

// View > Clear Snapshot Cache and View > Snapshot Cache Limit…: the folder of snapshots
// that lets profiles reopen fast (store::SnapshotCache). Removing files runs off the GUI
// thread; the limit is the setting strata-cli honours too.
class SnapshotCacheMenu : public QObject {
    Q_OBJECT
public:
    // Adds its entries to `menu`; dialogs open over `window`. `folder`: the cache's folder
    // (empty: the user's, SnapshotCache::defaultFolder(), looked up at each use).
    SnapshotCacheMenu(QWidget* window, QMenu* menu, QString folder = QString());

    void promptClear(); // asks, saying how much the cache holds, then clear()
    void promptLimit(); // asks for the limit in GB, then setLimit()
    // Removes every snapshot in the background; cleared() follows.
    void clear();
    bool isBusy() const { return m_watcher.isRunning(); }
    // Stores the limit (0: the default) and trims the cache to it in the background;
    // false with a message when the setting cannot be written.
    bool setLimit(uint64_t bytes);
    QString folder() const;

    static QString bytesText(uint64_t bytes);

signals:
    void cleared(quint64 bytes); // freed by clear() or by trimming to a new limit
    void message(const QString& text, bool warning); // for the status bar

private:
    void run(bool trimOnly, uint64_t limit);

    QWidget* m_window;
    QString m_folder;
    std::shared_ptr<uint64_t> m_freed;
    bool m_trimOnly = false;
    QFutureWatcher<void> m_watcher;
    model::Handover m_handover;
};

} // namespace strata::app
