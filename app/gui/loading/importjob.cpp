#include "importjob.h"

#include <snapshots/snapshotsaver.h>

#include <cachedloader.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/indexes/indexregistry.h>
#include <state/analyses.h>
#include <state/poolrun.h>

#include <QFile>

#include <algorithm>

namespace strata::app {

ImportJob::ImportJob(const QString& path, importers::CacheOptions cache, QObject* parent)
    : QObject(parent)
    , m_path(path)
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

void ImportJob::start()
{
    const std::string path = QFile::encodeName(m_path).toStdString();
    std::shared_ptr<Shared> shared = m_shared;
    m_watcher.setFuture(model::runOnPool(QThreadPool::globalInstance(), m_handover, [path, shared, options = m_cache] {
        // The cache's folder and limit come from the environment and a settings file:
        // resolved here, off the GUI thread.
        const importers::CacheOptions cache = SnapshotSaver::resolved(options);
        importers::ImportContext ctx;
        ctx.cancel = &shared->cancel;
        ctx.progress = [shared](double f) { report(*shared, f); };
        importers::LoadResult r = importers::CachedLoader::load(path, ctx, cache);
        // A cancel seen before the importer starts surfaces as a read error ("not a
        // supported profile"); whatever went wrong after a cancel, the user asked for it.
        if (!r.store && shared->cancel.load()) {
            r.cancelled = true;
            r.error = path + ": load cancelled";
        }
        if (r.store && !shared->cancel.load()) {
            // A snapshot's indexes are checked and restored here; a refused one is said
            // in the load's notes and built like any other.
            analysis::IndexAttachments::Restored restored = analysis::IndexAttachments::decode(*r.store, r.attachments);
            r.snapshotNotes.insert(r.snapshotNotes.end(), restored.refused.begin(), restored.refused.end());
            static_cast<analysis::IndexSet&>(shared->prebuilt) = std::move(restored.indexes);
            r.attachments.clear(); // the result is copied around; these bytes are done with
            // A cache snapshot from before the indexes were kept (or with one refused) is
            // written again with them once they are built, so the next open restores them.
            r.refreshCache = r.fromSnapshot && !r.portable && !analysis::IndexAttachments::keepsAll(shared->prebuilt);
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
    const int step = m_shared->latest.load();
    if (step <= m_shownProgress)
        return;
    m_shownProgress = step;
    emit progress(step / 200.0);
}

} // namespace strata::app
