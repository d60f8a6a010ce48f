#pragma once
#include <state/handover.h>

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <string>

class QMenu;
class QWidget;

namespace strata::app {

// View > Clear Snapshot Cache and View > Snapshot Cache Limit…: the folder of snapshots
// that lets profiles reopen fast (store::SnapshotCache); the limit is the setting strata-cli
// honours too. Every file access (counting the snapshots, reading and writing the setting,
// removing files) runs off the GUI thread: the cache may sit on a slow or network home
// folder, and the window must not freeze on it. One job at a time.
class SnapshotCacheMenu : public QObject {
    Q_OBJECT
public:
    // Adds its entries to `menu`; dialogs open over `window`. `folder`: the cache's folder
    // (empty: the user's, SnapshotCache::defaultFolder(), looked up at each use).
    SnapshotCacheMenu(QWidget* window, QMenu* menu, QString folder = QString());

    void promptClear(); // counts the snapshots, asks saying how much the cache holds, then clear()
    void promptLimit(); // reads the limit, asks for a new one in GB, then setLimit()
    // Counts the snapshots in the background; counted() follows.
    void count();
    // Removes every snapshot in the background; cleared() follows.
    void clear();
    bool isBusy() const { return m_watcher.isRunning(); }
    // Stores the limit (0: the default) and trims the cache to it, in the background;
    // cleared() follows, or a warning message() when the setting cannot be written.
    void setLimit(uint64_t bytes);
    QString folder() const;

    static QString bytesText(uint64_t bytes);

signals:
    void counted(quint64 files, quint64 bytes);
    void cleared(quint64 bytes); // freed by clear() or by trimming to a new limit
    void message(const QString& text, bool warning); // for the status bar

private:
    enum class Job { Count, Clear, Trim, ReadLimit };
    // What a job found, written by its worker and read on the GUI thread after finished.
    struct Outcome {
        uint64_t files = 0, bytes = 0; // Count: the usage; Clear, Trim: bytes freed
        uint64_t limit = 0; // ReadLimit, Trim: the setting in effect
        std::string error; // Trim: the setting could not be written
    };
    void start(Job job, uint64_t limit = 0);
    void finished();
    void askClear(uint64_t files, uint64_t bytes);
    void askLimit(uint64_t current);

    QWidget* m_window;
    QString m_folder;
    Job m_job = Job::Count;
    bool m_prompt = false; // the running Count or ReadLimit job opens its dialog when done
    std::shared_ptr<Outcome> m_outcome;
    QFutureWatcher<void> m_watcher;
    model::Handover m_handover;
};

} // namespace strata::app
