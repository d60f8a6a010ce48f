#include "importjob.h"

#include <snapshots/snapshotsaver.h>

#include <cachedloader.h>
#include <job/jobgrouper.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/indexes/indexregistry.h>
#include <state/analyses.h>
#include <state/poolrun.h>

#include <QFile>

#include <algorithm>

namespace strata::app {

ImportJob::ImportJob(const QString& path, importers::CacheOptions cache, QObject* parent)
    : ImportJob(QStringList { path }, QString(), std::move(cache), parent)
{
}

ImportJob::ImportJob(const QStringList& paths, const QString& alignment, importers::CacheOptions cache, QObject* parent)
    : QObject(parent)
    , m_path(paths.value(0))
    , m_paths(paths)
    , m_alignment(alignment)
    , m_cache(std::move(cache))
    , m_shared(std::make_shared<Shared>())
{
    m_progressTimer.setInterval(kProgressPollMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &ImportJob::pollProgress);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        m_handover.receive();
        m_progressTimer.stop();
        pollProgress();
        emit finished(m_shared->result);
    });
}

ImportJob::~ImportJob()
{
    m_shared->cancel.store(true);
}

importers::LoadResult ImportJob::loadOnWorker(const std::vector<std::string>& paths, const std::string& alignment,
    Shared& shared, const importers::CacheOptions& cache)
{
    importers::ImportContext ctx;
    ctx.cancel = &shared.cancel;
    ctx.progress = [&shared](double f) { report(shared, f); };
    // One file is one profile without a look at it; a folder or several files may be a job.
    const importers::job::JobPlan plan = importers::job::JobGrouper::plan(paths);
    switch (plan.kind) {
    case importers::job::JobPlan::Kind::Profile: {
        importers::LoadResult r = importers::CachedLoader::load(plan.profile, ctx, cache);
        JobImport::adoptLoaded(r, alignment, &shared.job); // a .strata file of a job
        return r;
    }
    case importers::job::JobPlan::Kind::Refused: {
        shared.job.refused = true;
        importers::LoadResult r;
        r.error = plan.refusal;
        return r;
    }
    case importers::job::JobPlan::Kind::Job: break;
    }
    shared.ranks.store(int(plan.ranks.size()));
    return JobImport::load(plan, alignment, ctx, cache, &shared.job);
}

void ImportJob::start()
{
    std::vector<std::string> paths;
    for (const QString& p : m_paths)
        paths.push_back(QFile::encodeName(p).toStdString());
    const std::string path = paths.empty() ? std::string() : paths.front();
    std::shared_ptr<Shared> shared = m_shared;
    m_watcher.setFuture(model::runOnPool(QThreadPool::globalInstance(), m_handover,
        [paths, path, alignment = m_alignment.toStdString(), shared, options = m_cache] {
            // The cache's folder and limit come from the environment and a settings file:
            // resolved here, off the GUI thread.
            const importers::CacheOptions cache = SnapshotSaver::resolved(options);
            importers::LoadResult r = loadOnWorker(paths, alignment, *shared, cache);
            // A cancel seen before the importer starts surfaces as a read error ("not a
            // supported profile"); whatever went wrong after a cancel, the user asked for it.
            if (!r.store && shared->cancel.load()) {
                r.cancelled = true;
                r.error = path + ": load cancelled";
            }
            if (r.store && !shared->cancel.load()) {
                // A snapshot's indexes are checked and restored here; a refused one is said
                // in the load's notes and built like any other.
                analysis::IndexAttachments::Restored restored
                    = analysis::IndexAttachments::decode(*r.store, r.attachments);
                r.snapshotNotes.insert(r.snapshotNotes.end(), restored.refused.begin(), restored.refused.end());
                static_cast<analysis::IndexSet&>(shared->prebuilt) = std::move(restored.indexes);
                r.attachments.clear(); // the result is copied around; these bytes are done with
                // A cache snapshot from before the indexes were kept (or with one refused) is
                // written again with them once they are built, so the next open restores them.
                r.refreshCache
                    = r.fromSnapshot && !r.portable && !analysis::IndexAttachments::keepsAll(shared->prebuilt);
                // The first paint's indexes are built here, on the load's worker, so that the
                // timeline can paint the moment the store is shown.
                analysis::IndexRegistry::buildStage(analysis::IndexStage::FirstPaint, *r.store, shared->prebuilt);
            }
            shared->result = std::move(r);
        }));
    m_progressTimer.start();
}

void ImportJob::cancel()
{
    m_shared->cancel.store(true);
}

bool ImportJob::isCancelRequested() const
{
    return m_shared->cancel.load();
}

void ImportJob::report(Shared& shared, double fraction)
{
    const int step = int(std::clamp(fraction, 0.0, 1.0) * 200);
    int prev = shared.latest.load(std::memory_order_relaxed);
    while (step > prev && !shared.latest.compare_exchange_weak(prev, step)) { }
}

void ImportJob::pollProgress()
{
    if (const int ranks = m_shared->ranks.load(); ranks != m_shownRanks) {
        m_shownRanks = ranks;
        emit jobPlanned(ranks);
    }
    const int step = m_shared->latest.load();
    if (step <= m_shownProgress)
        return;
    m_shownProgress = step;
    emit progress(step / 200.0);
}

} // namespace strata::app
