#include "session.h"

#include "analysesbuilder.h"
#include "annotationsmodel.h"
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
    , m_annotations(new AnnotationsModel(this))
    , m_analyses(std::make_shared<const Analyses>())
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
    prebuilt.lod = std::move(lod);
    open(std::move(store), path, info, prebuilt, deferAnalyses);
}

void Session::open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
    const Analyses& prebuilt, bool deferAnalyses)
{
    std::shared_ptr<const analysis::LodIndex> lod = prebuilt.lod;
    emit aboutToOpen();
    std::shared_ptr<const store::EventStore> old = std::move(m_store);
    m_store = std::move(store);
    m_path = path;
    m_info = info;
    m_selection->clear();
    m_trackFilter->clear();
    m_annotations->clear();
    ++m_generation;
    m_job.cancel(); // a stage of the previous profile is dropped when it lands
    m_prebuilt = Analyses();
    if (m_store) {
        m_prebuilt.summary = prebuilt.summary;
        m_prebuilt.catalog = prebuilt.catalog;
    }
    auto analyses = std::make_shared<Analyses>();
    analyses->generation = m_generation;
    if (m_store && lod && &lod->store() == m_store.get())
        analyses->lod = std::move(lod);
    else if (m_store && AnalysesBuilder::lodFitsInline(*m_store))
        analyses->lod = AnalysesBuilder::lod(*m_store);
    m_analyses = std::move(analyses);
    if (m_store)
        m_viewport->setTraceRange(m_store->extent());
    emit storeChanged();
    release(std::move(old)); // the docks dropped their references in storeChanged
    if (m_store && !m_analyses->lod)
        buildLod();
    if (!deferAnalyses)
        startAnalyses(m_generation);
}

void Session::startAnalyses(quint64 generation)
{
    if (!m_store || generation != m_generation || m_analysedGeneration == generation)
        return;
    m_analysedGeneration = generation;
    if (m_analyses->lod) // else buildLod() goes on once the LOD index is there
        buildSummaries();
}

template <typename Stage> void Session::publish(Stage stage)
{
    auto next = std::make_shared<Analyses>(*m_analyses);
    stage(*next);
    m_analyses = std::move(next);
    emit analysesChanged();
}

void Session::buildLod()
{
    m_job.run(
        this, [store = m_store](const std::atomic<bool>&) { return AnalysesBuilder::lod(*store); },
        [this](std::shared_ptr<const analysis::LodIndex> lod) {
            publish([&lod](Analyses& a) { a.lod = std::move(lod); });
            if (m_analysedGeneration == m_generation)
                buildSummaries();
        },
        LatestJob::Priority::Interactive);
}

void Session::buildSummaries()
{
    using Built
        = std::pair<std::shared_ptr<const analysis::SummaryIndex>, std::shared_ptr<const analysis::OperatorCatalog>>;
    auto land = [this](Built built) {
        publish([&built](Analyses& a) {
            a.summary = std::move(built.first);
            a.catalog = std::move(built.second);
        });
        buildSource();
    };
    // Indexes that came with the profile are published at this stage, as if just built, so
    // the docks see the same order of stages either way.
    Built ready(std::move(m_prebuilt.summary), std::move(m_prebuilt.catalog));
    if (ready.first && ready.second) {
        land(std::move(ready));
        return;
    }
    m_job.run(
        this,
        [store = m_store, ready](const std::atomic<bool>&) {
            return Built(ready.first ? ready.first : AnalysesBuilder::summary(*store),
                ready.second ? ready.second : AnalysesBuilder::catalog(*store));
        },
        land);
}

void Session::buildSource()
{
    m_job.run(
        this, [store = m_store](const std::atomic<bool>&) { return AnalysesBuilder::source(*store); },
        [this](std::shared_ptr<const analysis::SourceIndex> source) {
            publish([&source](Analyses& a) { a.source = std::move(source); });
        });
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
