#pragma once
#include <cachedloader.h>
#include <profileloader.h>
#include <state/analyses.h>
#include <state/handover.h>

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>

namespace strata::app {

// Loads one profile on the thread pool with ProfileLoader. Lives on the GUI thread; every
// signal is emitted there. The worker only stores its progress (in 0.5 % steps, in an
// atomic); the GUI thread reads it kProgressPollMs apart while the load runs and emits
// progress() when it moved, so a fast loader cannot flood the event queue and no event
// crosses the threads but the finished one.
class ImportJob : public QObject {
    Q_OBJECT
public:
    static constexpr int kProgressPollMs = 50;

    // `cache`: where CachedLoader reads snapshots (off with --no-cache).
    explicit ImportJob(const QString& path, importers::CacheOptions cache = {}, QObject* parent = nullptr);
    // Cancels without waiting: the worker stops within the loader's cancel latency and its
    // result is dropped.
    ~ImportJob() override;

    QString path() const { return m_path; }
    void start();
    void cancel(); // takes effect at the loader's next poll; finished() still follows
    bool isCancelRequested() const;
    bool isRunning() const { return m_watcher.isRunning(); }
    // The indexes the worker made right after the store, so the GUI thread never waits for
    // them: the timeline's level-of-detail index (restored from the snapshot or built), and
    // the summary index and operator catalog when the snapshot carried them. Valid once finished() was emitted with
    // a store.
    const model::Analyses& prebuilt() const { return m_shared->prebuilt; }

signals:
    void progress(double fraction);
    void finished(const strata::importers::LoadResult& result);

private:
    // Shared with the worker, which may outlive this object.
    struct Shared {
        std::atomic<bool> cancel { false };
        std::atomic<int> latest { -1 }; // progress in 1/200 steps
        // Written by the worker before it returns; read once the watcher finished.
        importers::LoadResult result;
        model::Analyses prebuilt;
    };
    static void report(Shared& shared, double fraction);
    void pollProgress();

    QString m_path;
    importers::CacheOptions m_cache;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<void> m_watcher;
    model::Handover m_handover; // the loaded profile's way to the GUI thread, for TSan
    QTimer m_progressTimer;
    int m_shownProgress = -1;
};

} // namespace strata::app
