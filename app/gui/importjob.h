#pragma once
#include <profileloader.h>

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>

namespace strata::analysis {
class LodIndex;
}

namespace strata::app {

// Loads one profile on the thread pool with ProfileLoader. Lives on the GUI thread; every
// signal is emitted there. Progress reaches the GUI thread through at most one queued call
// at a time (later values overwrite earlier ones while it waits) and only in 0.5 % steps,
// so a fast loader cannot flood the event queue.
class ImportJob : public QObject {
    Q_OBJECT
public:
    explicit ImportJob(const QString& path, QObject* parent = nullptr);
    // Cancels without waiting: the worker stops within the loader's cancel latency and its
    // result is dropped.
    ~ImportJob() override;

    QString path() const { return m_path; }
    void start();
    void cancel(); // takes effect at the loader's next poll; finished() still follows
    bool isCancelRequested() const;
    bool isRunning() const { return m_watcher.isRunning(); }
    // The timeline's level-of-detail index, built on the worker right after the store, so
    // the GUI thread never waits for it. Valid once finished() was emitted with a store.
    std::shared_ptr<const analysis::LodIndex> lodIndex() const { return m_shared->lod; }

signals:
    void progress(double fraction);
    void finished(const strata::importers::LoadResult& result);

private:
    // Shared with the worker, which may outlive this object.
    struct Shared {
        std::atomic<bool> cancel { false };
        std::atomic<int> latest { -1 }; // progress in 1/200 steps
        std::atomic<bool> posted { false };
        std::mutex receiverLock; // guards receiver against destruction while posting
        ImportJob* receiver = nullptr;
        std::shared_ptr<const analysis::LodIndex> lod; // written by the worker before it returns
    };
    static void report(const std::shared_ptr<Shared>& shared, double fraction);

    QString m_path;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<importers::LoadResult> m_watcher;
};

} // namespace strata::app
