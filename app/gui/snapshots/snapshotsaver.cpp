#include "snapshotsaver.h"

#include <analysis/indexes/indexattachments.h>
#include <job/jobloader.h>
#include <snapshot/snapshotcache.h>
#include <state/backgroundpool.h>
#include <state/poolrun.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThreadPool>

namespace strata::app {

SnapshotSaver::SnapshotSaver(QObject* parent)
    : QObject(parent)
{
    connect(&m_cacheWatcher, &QFutureWatcher<void>::finished, this, [this] {
        m_cacheHandover.receive();
        const Outcome o = *m_cacheOutcome;
        // A cache is an optimisation: only a failure is worth a (quiet) word.
        if (!o.ok)
            emit message(
                tr("Could not keep a snapshot for reopening faster: %1").arg(QString::fromStdString(o.error)), false);
        emit cacheWritten(o.ok, QString::fromStdString(o.error));
    });
    connect(&m_portableWatcher, &QFutureWatcher<void>::finished, this, [this] {
        m_portableHandover.receive();
        const Outcome o = *m_portableOutcome;
        const QString shown = QDir::toNativeSeparators(m_portablePath);
        if (o.ok)
            emit message(tr("Saved %1").arg(shown), false);
        else
            emit message(tr("Could not save %1: %2").arg(shown, QString::fromStdString(o.error)), true);
        emit portableSaved(o.ok, m_portablePath, QString::fromStdString(o.error));
    });
}

SnapshotSaver::~SnapshotSaver() = default;

void SnapshotSaver::setProfile(
    const QString& path, const importers::LoadResult& result, quint64 generation, const JobReport& job)
{
    releaseStore();
    m_path = path;
    m_result = result;
    m_job = job;
    m_generation = generation;
    m_cacheStarted = false;
}

void SnapshotSaver::releaseStore()
{
    // The session hands a replaced store to the pool to be freed only when it holds the last
    // reference; this saver usually holds one more, so it does the same: freeing ten million
    // events takes the GUI thread tens of ms. (The cache write's own copy may be the last one;
    // then its worker frees the store.)
    if (m_result.store && m_result.store.use_count() == 1)
        (void)model::runOnPool(
            QThreadPool::globalInstance(), model::Handover(), [s = std::move(m_result.store)]() mutable { s.reset(); });
    m_result.store.reset();
}

void SnapshotSaver::clearProfile()
{
    releaseStore();
    m_path.clear();
    m_result = importers::LoadResult();
    m_job = JobReport();
    m_cacheStarted = false;
}

model::Analyses SnapshotSaver::indexesOf(quint64 generation, std::shared_ptr<const model::Analyses> analyses)
{
    // Another profile's indexes (the session moved on) are not this store's: the worker
    // builds them instead.
    return analyses && analyses->generation == generation ? *analyses : model::Analyses();
}

importers::CacheOptions SnapshotSaver::resolved(importers::CacheOptions cache)
{
    if (cache.enabled && cache.folder.empty())
        cache.folder = store::SnapshotCache::defaultFolder();
    if (cache.enabled && cache.limitBytes == 0)
        cache.limitBytes = store::SnapshotCache::limitSetting();
    return cache;
}

QString SnapshotSaver::sourcePath() const
{
    if (m_result.portable && !m_result.sourceName.empty())
        return QString::fromStdString(m_result.sourceName);
    return m_path;
}

bool SnapshotSaver::writeCache(quint64 generation, std::shared_ptr<const model::Analyses> analyses)
{
    // refreshCache is never set for a .strata file (LoadResult).
    if (generation != m_generation || m_cacheStarted || !m_result.store
        || (m_result.fromSnapshot && !m_result.refreshCache) || !m_cache.enabled)
        return false;
    m_cacheStarted = true;
    auto outcome = std::make_shared<Outcome>();
    m_cacheOutcome = outcome;
    // The result is copied into the task: its store stays alive until the write ends.
    // A job read from its members is kept under the job's key; a job from a .strata file has
    // no plan, and is a snapshot already.
    const bool job = m_job.isJob && !m_job.plan.ranks.empty();
    m_cacheWatcher.setFuture(model::BackgroundPool::run(m_cacheHandover,
        [outcome, result = m_result, path = QFile::encodeName(m_path).toStdString(), cache = m_cache,
            jobReport = job ? m_job : JobReport(), analyses = indexesOf(generation, std::move(analyses))] {
            // Resolved here: the limit is a setting read from a file, not on the GUI thread.
            const std::map<std::string, std::string> indexes
                = analysis::IndexAttachments::encode(*result.store, analyses);
            if (jobReport.isJob) {
                importers::job::JobLoader::Result loaded;
                loaded.merged = result;
                loaded.problems = jobReport.problems;
                outcome->ok = importers::job::JobLoader::writeCache(
                    loaded, jobReport.plan, jobReport.asked, resolved(cache), &outcome->error, indexes);
                return;
            }
            outcome->ok = importers::CachedLoader::writeCache(result, path, resolved(cache), &outcome->error, indexes);
        }));
    emit cacheWriteStarted();
    return true;
}

bool SnapshotSaver::savePortable(
    const QString& outPath, const QByteArray& annotations, std::shared_ptr<const model::Analyses> analyses)
{
    if (!m_result.store) {
        emit message(tr("Open a profile first: there is nothing to save"), true);
        return false;
    }
    if (isSaving()) {
        emit message(
            tr("Still saving %1; try again once it is written").arg(QDir::toNativeSeparators(m_portablePath)), true);
        return false;
    }
    m_portablePath = QFileInfo(outPath).absoluteFilePath();
    auto outcome = std::make_shared<Outcome>();
    m_portableOutcome = outcome;
    emit message(tr("Saving %1…").arg(QDir::toNativeSeparators(m_portablePath)), false);
    // The user waits for this one, so it runs at normal priority on the global pool.
    m_portableWatcher.setFuture(model::runOnPool(QThreadPool::globalInstance(), m_portableHandover,
        [outcome, result = m_result, source = QFile::encodeName(sourcePath()).toStdString(),
            markers = annotations.toStdString(), out = QFile::encodeName(m_portablePath).toStdString(),
            analyses = indexesOf(m_generation, std::move(analyses))] {
            outcome->ok = importers::CachedLoader::writePortable(result, source, markers, out, &outcome->error,
                analysis::IndexAttachments::encode(*result.store, analyses));
        }));
    return true;
}

} // namespace strata::app
