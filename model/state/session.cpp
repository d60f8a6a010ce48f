#include "session.h"

#include "annotationsmodel.h"
#include "findingsboard.h"
#include "poolrun.h"
#include "selection.h"
#include "trackfilter.h"
#include "viewport.h"

#include <analysis/timeline/lodindex.h>

#include <QFileInfo>

namespace strata::model {

Session::Session(QObject* parent)
    : QObject(parent)
    , m_viewport(new Viewport(this))
    , m_selection(new Selection(this))
    , m_trackFilter(new TrackFilter(this))
    , m_findings(new FindingsBoard(this))
    , m_annotations(new AnnotationsModel(this))
    , m_analyses(std::make_shared<const Analyses>())
    , m_lazy(std::make_shared<analysis::LazyIndexes>(nullptr))
{
}

Session::~Session() = default;

QString Session::fileName() const
{
    return QFileInfo(m_path).fileName();
}

quint64 Session::eventCount() const
{
    if (!m_store)
        return 0;
    return quint64(m_store->sliceCount()) + m_store->instantCount() + m_store->counterSampleCount();
}

void Session::open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
    std::shared_ptr<const analysis::LodIndex> lod, bool deferAnalyses)
{
    Analyses prebuilt;
    prebuilt.set(std::move(lod));
    open(std::move(store), path, info, prebuilt, deferAnalyses);
}

void Session::open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
    const Analyses& prebuilt, bool deferAnalyses)
{
    using analysis::IndexRegistry;
    using analysis::IndexStage;
    emit aboutToOpen();
    std::shared_ptr<const store::EventStore> old = std::move(m_store);
    m_store = std::move(store);
    m_path = path;
    m_info = info;
    m_selection->clear();
    m_trackFilter->clear();
    m_findings->clear();
    m_annotations->clear();
    ++m_generation;
    m_job.cancel(); // a stage of the previous profile is dropped when it lands
    m_lazy->abandon(); // and a lazy build of it stops, unless its requester still wants it
    m_lazy = std::make_shared<analysis::LazyIndexes>(m_store);
    m_prebuilt = Analyses();
    auto analyses = std::make_shared<Analyses>();
    analyses->generation = m_generation;
    if (m_store) {
        // The first stage's indexes that came with the store are used at once; the later
        // stages' wait for theirs.
        for (const analysis::IndexKind& kind : IndexRegistry::kinds()) {
            const std::shared_ptr<const void> index = prebuilt.find(kind.type);
            if (!IndexRegistry::fits(kind, *m_store, index) || kind.stage == IndexStage::OnRequest)
                continue;
            if (kind.stage == IndexStage::FirstPaint)
                analyses->put(kind.type, index);
            else
                m_prebuilt.put(kind.type, index);
        }
        if (IndexRegistry::buildsInline(IndexStage::FirstPaint, *m_store))
            IndexRegistry::buildStage(IndexStage::FirstPaint, *m_store, *analyses);
    }
    m_analyses = std::move(analyses);
    if (m_store)
        m_viewport->setTraceRange(m_store->extent());
    emit storeChanged();
    release(std::move(old)); // the docks dropped their references in storeChanged
    if (m_store)
        runStage(IndexStage::FirstPaint); // lands at once when it is built already
    if (!deferAnalyses)
        startAnalyses(m_generation);
}

namespace {
bool stageBuilt(analysis::IndexStage stage, const analysis::IndexSet& set)
{
    for (const analysis::IndexKind* kind : analysis::IndexRegistry::stage(stage))
        if (!set.has(kind->type))
            return false;
    return true;
}
} // namespace

void Session::startAnalyses(quint64 generation)
{
    if (!m_store || generation != m_generation || m_analysedGeneration == generation)
        return;
    m_analysedGeneration = generation;
    // Else the first stage goes on to the next once it lands.
    if (stageBuilt(analysis::IndexStage::FirstPaint, *m_analyses))
        runStage(analysis::IndexStage::AfterFirstPaint);
}

void Session::runStage(analysis::IndexStage stage)
{
    using analysis::IndexStage;
    if (stage == IndexStage::FirstPaint && stageBuilt(stage, *m_analyses))
        return; // published with the store, in open()
    // Indexes that came with the profile are published at their stage, as if just built, so
    // the docks see the same order of stages either way.
    analysis::IndexSet ready = *m_analyses;
    for (const analysis::IndexKind* kind : analysis::IndexRegistry::stage(stage))
        if (std::shared_ptr<const void> index = m_prebuilt.find(kind->type)) {
            ready.put(kind->type, std::move(index));
            m_prebuilt.put(kind->type, nullptr);
        }
    if (stageBuilt(stage, ready)) {
        land(stage, ready);
        return;
    }
    m_job.run(
        this,
        [store = m_store, ready, stage](const std::atomic<bool>& cancel) {
            analysis::IndexSet built = ready;
            analysis::IndexRegistry::buildStage(stage, *store, built, &cancel);
            return built;
        },
        [this, stage](const analysis::IndexSet& built) { land(stage, built); },
        stage == IndexStage::FirstPaint ? LatestJob::Priority::Interactive : LatestJob::Priority::Background);
}

void Session::land(analysis::IndexStage stage, const analysis::IndexSet& built)
{
    using analysis::IndexStage;
    const std::vector<const analysis::IndexKind*> kinds = analysis::IndexRegistry::stage(stage);
    if (!kinds.empty()) {
        auto next = std::make_shared<Analyses>(*m_analyses);
        for (const analysis::IndexKind* kind : kinds)
            next->put(kind->type, built.find(kind->type));
        m_analyses = std::move(next);
        emit analysesChanged();
    }
    if (stage == IndexStage::FirstPaint && m_analysedGeneration == m_generation)
        runStage(IndexStage::AfterFirstPaint);
    else if (stage == IndexStage::AfterFirstPaint)
        runStage(IndexStage::Background);
}

void Session::close()
{
    open(nullptr, QString(), LoadInfo());
}

void Session::release(std::shared_ptr<const store::EventStore> old)
{
    if (!old || old.use_count() > 1)
        return; // someone still reads it; the last owner frees it
    (void)runOnPool(QThreadPool::globalInstance(), Handover(), [s = std::move(old)]() mutable { s.reset(); });
}

} // namespace strata::model
