#pragma once
#include <loading/jobimport.h>

#include <cachedloader.h>
#include <profileloader.h>
#include <state/analyses.h>
#include <state/handover.h>

#include <QByteArray>
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

namespace strata::app {

// Keeps the LoadResult of the open profile and writes snapshots of it off the GUI thread:
// the cache's snapshot once the profile is shown (on the low-priority BackgroundPool, so a
// paint never waits for it) and a portable .strata file on request.
//
// Nobody waits for a write: opening another profile or quitting lets it run on (or die with
// the process). Each write is atomic (temp file + rename), and a temp file abandoned by an
// exit is removed by SnapshotCache::trim an hour later. The worker holds its own reference
// to the store, so a profile replaced meanwhile stays alive until its write ends.
class SnapshotSaver : public QObject {
    Q_OBJECT
public:
    explicit SnapshotSaver(QObject* parent = nullptr);
    ~SnapshotSaver() override;

    void setCacheOptions(const importers::CacheOptions& cache) { m_cache = cache; }
    const importers::CacheOptions& cacheOptions() const { return m_cache; }
    // `cache` with its folder and limit looked up now, from the environment and the setting:
    // workers are handed this, so they never read the environment a test may be changing.
    static importers::CacheOptions resolved(importers::CacheOptions cache);

    // The profile now open (`generation`: the session's), read from `path`. A job (`job`,
    // loaded from its members) has its cache snapshot under the job's key (its members'
    // fingerprints and the alignment asked), not under `path`.
    void setProfile(
        const QString& path, const importers::LoadResult& result, quint64 generation, const JobReport& job = {});
    void clearProfile();
    bool hasProfile() const { return m_result.store != nullptr; }
    const importers::LoadResult& result() const { return m_result; }
    QString path() const { return m_path; }
    // The profile's own source: the file it was read from, or, for a .strata file, the one
    // it was saved from.
    QString sourcePath() const;

    // Starts the cache's snapshot of profile `generation`, once: not for a profile read from
    // a snapshot (unless from the cache's, with LoadResult::refreshCache), with the cache
    // off, or when another profile is open by now. True when a write started. The snapshot
    // keeps the derived indexes (analysis::IndexAttachments::encode): those of `analyses`
    // (the session's, of this profile), the others built by the write's worker.
    bool writeCache(quint64 generation, std::shared_ptr<const model::Analyses> analyses = nullptr);
    bool isWritingCache() const { return m_cacheWatcher.isRunning(); }
    // Writes the open profile with these markers (annotations JSON) to `outPath`.
    // `analyses` as for writeCache.
    bool savePortable(const QString& outPath, const QByteArray& annotations,
        std::shared_ptr<const model::Analyses> analyses = nullptr);
    bool isSaving() const { return m_portableWatcher.isRunning(); }

signals:
    void cacheWriteStarted(); // on the BackgroundPool
    void cacheWritten(bool ok, const QString& error); // a cache write ended
    void portableSaved(bool ok, const QString& path, const QString& error);
    void message(const QString& text, bool warning); // for the status bar

private:
    static model::Analyses indexesOf(quint64 generation, std::shared_ptr<const model::Analyses> analyses);
    void releaseStore(); // drops this saver's reference to the store, never freeing it here

    struct Outcome { // written by the worker, read once its watcher finished
        bool ok = false;
        std::string error;
    };

    importers::CacheOptions m_cache;
    importers::LoadResult m_result;
    JobReport m_job;
    QString m_path;
    quint64 m_generation = 0;
    bool m_cacheStarted = false; // for m_generation
    std::shared_ptr<Outcome> m_cacheOutcome;
    std::shared_ptr<Outcome> m_portableOutcome;
    QString m_portablePath;
    QFutureWatcher<void> m_cacheWatcher;
    QFutureWatcher<void> m_portableWatcher;
    model::Handover m_cacheHandover;
    model::Handover m_portableHandover;
};

} // namespace strata::app
