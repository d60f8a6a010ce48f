#include "importjob.h"

#include <state/analysesbuilder.h>

#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace strata::app {

ImportJob::ImportJob(const QString& path, QObject* parent)
    : QObject(parent)
    , m_path(path)
    , m_shared(std::make_shared<Shared>())
{
    m_shared->receiver = this;
    connect(&m_watcher, &QFutureWatcher<importers::LoadResult>::finished, this,
        [this] { emit finished(m_watcher.result()); });
}

ImportJob::~ImportJob()
{
    m_shared->cancel.store(true);
    std::lock_guard<std::mutex> lock(m_shared->receiverLock);
    m_shared->receiver = nullptr;
}

void ImportJob::start()
{
    const std::string path = QFile::encodeName(m_path).toStdString();
    std::shared_ptr<Shared> shared = m_shared;
    m_watcher.setFuture(QtConcurrent::run([path, shared] {
        importers::ImportContext ctx;
        ctx.cancel = &shared->cancel;
        ctx.progress = [shared](double f) { report(shared, f); };
        importers::LoadResult r = importers::ProfileLoader::load(path, ctx);
        // A cancel seen before the importer starts surfaces as a read error ("not a
        // supported profile"); whatever went wrong after a cancel, the user asked for it.
        if (!r.store && shared->cancel.load()) {
            r.cancelled = true;
            r.error = path + ": load cancelled";
        }
        if (r.store && !shared->cancel.load())
            shared->lod = model::AnalysesBuilder::lod(*r.store);
        return r;
    }));
}

void ImportJob::cancel()
{
    m_shared->cancel.store(true);
}

bool ImportJob::isCancelRequested() const
{
    return m_shared->cancel.load();
}

void ImportJob::report(const std::shared_ptr<Shared>& shared, double fraction)
{
    const int step = int(std::clamp(fraction, 0.0, 1.0) * 200);
    int prev = shared->latest.load(std::memory_order_relaxed);
    do {
        if (step <= prev)
            return;
    } while (!shared->latest.compare_exchange_weak(prev, step));
    if (shared->posted.exchange(true))
        return; // a queued call is pending; it will read the newest value
    std::lock_guard<std::mutex> lock(shared->receiverLock);
    if (!shared->receiver)
        return;
    // Posted events die with their receiver, so the raw pointer is safe when this runs.
    ImportJob* job = shared->receiver;
    QMetaObject::invokeMethod(
        job,
        [job, shared] {
            shared->posted.store(false);
            emit job->progress(shared->latest.load() / 200.0);
        },
        Qt::QueuedConnection);
}

} // namespace strata::app
