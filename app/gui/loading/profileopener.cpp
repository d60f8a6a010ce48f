#include "profileopener.h"

#include "importjob.h"

namespace strata::app {

ProfileOpener::ProfileOpener(QObject* parent)
    : QObject(parent)
{
}

ProfileOpener::~ProfileOpener()
{
    drop();
}

void ProfileOpener::open(const OpenRequest& request)
{
    drop(); // the newer request wins; the old worker stops at its next poll
    m_request = request;
    auto* job = new ImportJob(request.inputs(), request.alignment, m_cache, this);
    m_job = job;
    connect(job, &ImportJob::progress, this, &ProfileOpener::progress);
    connect(job, &ImportJob::jobPlanned, this, &ProfileOpener::jobPlanned);
    connect(job, &ImportJob::finished, this, [this, job](const importers::LoadResult& r) {
        if (job != m_job)
            return;
        m_job = nullptr;
        job->deleteLater();
        const OpenRequest request = std::exchange(m_request, OpenRequest());
        emit finished(request, r, r.store ? job->prebuilt() : model::Analyses(), job->jobReport());
    });
    emit started(request);
    job->start();
}

void ProfileOpener::cancel()
{
    if (m_job)
        m_job->cancel();
}

bool ProfileOpener::isCancelling() const
{
    return m_job && m_job->isCancelRequested();
}

void ProfileOpener::drop()
{
    if (!m_job)
        return;
    m_job->disconnect(this);
    m_job->cancel();
    m_job->deleteLater();
    m_job = nullptr;
}

} // namespace strata::app
