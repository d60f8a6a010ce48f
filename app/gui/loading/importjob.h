#pragma once
#include "jobimport.h"

#include <cachedloader.h>
#include <profileloader.h>
#include <state/analyses.h>
#include <state/handover.h>

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <memory>

namespace strata::app {

// Loads one profile on the thread pool with ProfileLoader, or, when the paths are the
// per-rank traces of a job (importers::job::JobGrouper, decided on the worker, which reads
// their heads), the job's ranks as one store (JobImport). Lives on the GUI thread; every
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
    // A file, a folder or several files; `alignment`: a job's clock alignment (empty: the
    // default, or a snapshot's own).
    ImportJob(const QStringList& paths, const QString& alignment, importers::CacheOptions cache = {},
        QObject* parent = nullptr);
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
    // A job's ranks, refusal and member problems. Valid once finished() was emitted.
    const JobReport& jobReport() const { return m_shared->job; }

signals:
    void progress(double fraction);
    // The paths are a job of this many ranks (before progress() counts them).
    void jobPlanned(int ranks);
    void finished(const strata::importers::LoadResult& result);

private:
    // Shared with the worker, which may outlive this object.
    struct Shared {
        std::atomic<bool> cancel { false };
        std::atomic<int> latest { -1 }; // progress in 1/200 steps
        std::atomic<int> ranks { 0 }; // a job's ranks, once planned
        // Written by the worker before it returns; read once the watcher finished.
        importers::LoadResult result;
        model::Analyses prebuilt;
        JobReport job;
    };
    static importers::LoadResult loadOnWorker(const std::vector<std::string>& paths, const std::string& alignment,
        Shared& shared, const importers::CacheOptions& cache);
    static void report(Shared& shared, double fraction);
    void pollProgress();

    QString m_path;
    QStringList m_paths;
    QString m_alignment;
    importers::CacheOptions m_cache;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<void> m_watcher;
    model::Handover m_handover; // the loaded profile's way to the GUI thread, for TSan
    QTimer m_progressTimer;
    int m_shownProgress = -1;
    int m_shownRanks = 0;
};

} // namespace strata::app
