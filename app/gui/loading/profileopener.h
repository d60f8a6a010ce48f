#pragma once
#include "jobimport.h"
#include "openrequest.h"

#include <cachedloader.h>
#include <profileloader.h>
#include <state/analyses.h>

#include <QObject>

#include <memory>

namespace strata::app {

class ImportJob;

// Loads the profile of one OpenRequest at a time off the GUI thread (ImportJob): a file, a
// folder, or the ranks of a job (a folder of per-rank traces, several files). A newer
// request cancels the one under way, whose worker stops at its next poll and whose result
// never arrives. Every signal is emitted on the GUI thread.
class ProfileOpener : public QObject {
    Q_OBJECT
public:
    explicit ProfileOpener(QObject* parent = nullptr);
    ~ProfileOpener() override;

    void open(const OpenRequest& request);
    void cancel(); // finished() still follows, with the result marked cancelled
    bool isLoading() const { return m_job != nullptr; }
    bool isCancelling() const;
    // How the next loads use the snapshot cache (CachedLoader); on by default.
    void setCacheOptions(const importers::CacheOptions& cache) { m_cache = cache; }
    const importers::CacheOptions& cacheOptions() const { return m_cache; }

signals:
    void started(const strata::app::OpenRequest& request);
    void progress(double fraction);
    void jobPlanned(int ranks); // the request is a job of this many ranks; progress counts them
    // `prebuilt`: the indexes the load's worker made (ImportJob::prebuilt; empty on failure).
    // `job`: whether it was a job, a refusal, and the members left out (ImportJob::jobReport).
    void finished(const strata::app::OpenRequest& request, const strata::importers::LoadResult& result,
        const strata::model::Analyses& prebuilt, const strata::app::JobReport& job);

private:
    void drop(); // forgets the job under way without waiting for it

    ImportJob* m_job = nullptr;
    OpenRequest m_request;
    importers::CacheOptions m_cache;
};

} // namespace strata::app
