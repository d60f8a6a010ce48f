#include "openrequestapplier.h"

#include "loadmessage.h"
#include "loadprogresspanel.h"
#include "profileopener.h"
#include <snapshots/annotationsidecar.h>
#include <snapshots/snapshotsaver.h>
#include <window/dockregistry.h>
#include <window/dockset.h>

#include <analysis/indexes/indexattachments.h>
#include <analysis/search/slicenamelookup.h>
#include <analysis/timeline/lodindex.h>
#include <state/comparison.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <code/codeeditorwidget.h>
#include <search/searchwidget.h>

#include <QFileInfo>

namespace strata::app {

namespace {
model::LoadInfo loadInfo(const importers::LoadResult& r)
{
    model::LoadInfo info;
    info.format = QString::fromStdString(r.format);
    info.fileBytes = r.fileBytes;
    info.seconds = r.seconds;
    return info;
}
} // namespace

OpenRequestApplier::OpenRequestApplier(
    model::Comparison* comparison, const DockSet* docks, LoadProgressPanel* compareProgress, QObject* parent)
    : QObject(parent)
    , m_comparison(comparison)
    , m_session(comparison->a())
    , m_docks(docks)
    , m_compareProgress(compareProgress)
    , m_sidecar(new AnnotationSidecar(m_session, this))
    , m_snapshots(new SnapshotSaver(this))
    , m_compareSnapshots(new SnapshotSaver(this))
    , m_compareOpener(new ProfileOpener(this))
{
    connect(m_sidecar, &AnnotationSidecar::message, this, &OpenRequestApplier::notify);
    connect(m_snapshots, &SnapshotSaver::message, this, &OpenRequestApplier::notify);
    connect(m_compareSnapshots, &SnapshotSaver::message, this, &OpenRequestApplier::notify);
    // The cache's snapshot keeps the indexes IndexAttachments names (the LOD and summary
    // indexes and the operator catalog): it is written (once per profile, on the low-priority
    // pool) when the stage that publishes the last of them has landed.
    connect(m_session, &model::Session::analysesChanged, m_snapshots, [session = m_session, saver = m_snapshots] {
        const std::shared_ptr<const model::Analyses>& a = session->analyses();
        if (analysis::IndexAttachments::keepsAll(*a))
            saver->writeCache(a->generation, a);
    });
    connect(m_session, &model::Session::storeChanged, this, [this] {
        if (!m_session->store())
            m_snapshots->clearProfile();
    });
    connect(m_comparison, &model::Comparison::changed, this, [this] {
        if (!m_comparison->active())
            m_compareSnapshots->clearProfile(); // B's store goes with the comparison
    });
    connect(m_compareOpener, &ProfileOpener::progress, m_compareProgress, &LoadProgressPanel::setProgress);
    connect(m_compareOpener, &ProfileOpener::finished, this, &OpenRequestApplier::onCompareLoaded);
    connect(m_compareProgress, &LoadProgressPanel::cancelRequested, this, &OpenRequestApplier::cancelComparison);
}

OpenRequestApplier::~OpenRequestApplier() = default;

void OpenRequestApplier::apply(
    const OpenRequest& request, const importers::LoadResult& r, const model::Analyses& prebuilt, const JobReport& job)
{
    const QString path = QFileInfo(request.path).absoluteFilePath();
    model::LoadInfo info = loadInfo(r);
    info.notes = LoadMessage::snapshotNotes(r).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    m_session->open(r.store, path, info, prebuilt, /*deferAnalyses=*/true);
    m_snapshots->setProfile(path, r, m_session->generation(), job);
    if (r.portable) // a .strata file: its markers
        m_sidecar->adopt(QByteArray::fromStdString(r.annotations), request.path);
    applyRequest(request);
}

void OpenRequestApplier::applyRequest(const OpenRequest& request)
{
    if (request.keep)
        request.keep->apply(*m_session);
    if (request.range)
        m_session->viewport()->setVisible(request.range->resolve(m_session->viewport()->traceRange()));
    if (!request.select.isEmpty())
        selectByName(request.select);
    if (!request.sourceFile.isEmpty()) { // waits in the dock for the source index
        if (auto* code = m_docks->view<widgets::CodeEditorWidget>(DockId::code)) {
            code->selectSourceLine(request.sourceFile, request.sourceLine);
            m_docks->bringForward(DockId::code);
        }
    }
    if (!request.search.isEmpty()) {
        if (auto* search = m_docks->view<widgets::SearchWidget>(DockId::search))
            search->searchFor(request.search);
    }
    if (!request.compare.isEmpty())
        compareWith(request.compare, request.align);
}

void OpenRequestApplier::selectByName(const QString& text)
{
    const auto& store = m_session->store();
    if (!store || text.isEmpty())
        return;
    m_selectJob.run(
        this,
        [store, needle = text.toLower().toStdString()](
            const std::atomic<bool>& cancel) { return analysis::SliceNameLookup::longest(*store, needle, &cancel); },
        [this, text, generation = m_session->generation()](store::SliceRow row) {
            if (generation != m_session->generation())
                return; // another profile was opened meanwhile
            if (row.valid())
                m_session->selection()->setCurrent(model::EventRef::slice(row), /*reveal*/ true);
            else
                notify(tr("No slice is named like “%1”").arg(text), true);
        });
}

// --- comparing --------------------------------------------------------------------------

void OpenRequestApplier::compareWith(const QString& path, std::optional<model::Comparison::Alignment> align)
{
    if (path.isEmpty())
        return;
    if (!m_session->isOpen()) {
        const QString text = tr("Open a profile first: it is the baseline (A) that %1 is compared with")
                                 .arg(QFileInfo(path).fileName());
        notify(text, true);
        emit compareFinished(false, false, text);
        return;
    }
    OpenRequest request;
    request.path = path.size() > 1 && path.endsWith(QLatin1Char('/')) ? path.chopped(1) : path;
    request.align = align;
    const QString name = QFileInfo(request.path).fileName();
    m_compareProgress->start(tr("%1 to compare").arg(name));
    emit statusMessage(tr("Opening %1 to compare…").arg(name), 0);
    m_compareOpener->open(request);
}

bool OpenRequestApplier::isLoadingComparison() const
{
    return m_compareOpener->isLoading();
}

void OpenRequestApplier::cancelComparison()
{
    if (!m_compareOpener->isLoading())
        return;
    m_compareOpener->cancel();
    m_compareProgress->setCancelling();
}

void OpenRequestApplier::setCacheOptions(const importers::CacheOptions& cache)
{
    m_compareOpener->setCacheOptions(cache);
    m_snapshots->setCacheOptions(cache);
    m_compareSnapshots->setCacheOptions(cache);
}

void OpenRequestApplier::onCompareLoaded(
    const OpenRequest& request, const importers::LoadResult& r, const model::Analyses& prebuilt, const JobReport& job)
{
    m_compareProgress->hide();
    const QString name = QFileInfo(request.path).fileName();
    if (r.store && m_session->isOpen()) {
        m_comparison->start(
            r.store, QFileInfo(request.path).absoluteFilePath(), loadInfo(r), prebuilt.get<analysis::LodIndex>());
        m_compareSnapshots->setProfile(QFileInfo(request.path).absoluteFilePath(), r, 0, job);
        m_compareSnapshots->writeCache(0); // low priority, as B's analyses
        if (request.align && !m_comparison->align(*request.align))
            notify(tr("Could not align B as asked: it stays aligned on the trace starts"), true);
        QString text = tr("Comparing %1 (A) with %2 (B)").arg(m_session->fileName(), name);
        for (const std::string& note : r.snapshotNotes) // B's cached snapshot refused on the way
            text += QStringLiteral(" — ") + QString::fromStdString(note);
        emit statusMessage(text, r.snapshotNotes.empty() ? 10000 : 20000);
        emit compareFinished(true, false, QString());
        return;
    }
    if (r.store || r.cancelled) { // A was closed meanwhile, or the user cancelled
        emit statusMessage(tr("Cancelled opening %1").arg(name), 10000);
        emit compareFinished(false, true, tr("Cancelled opening %1").arg(request.path));
        return;
    }
    const QString error = QString::fromStdString(r.error);
    emit statusMessage(tr("Could not open %1 to compare").arg(name), 10000);
    emit loadFailed(request.path, error);
    emit compareFinished(false, false, error);
}

void OpenRequestApplier::notify(const QString& text, bool warning)
{
    emit statusMessage(text, warning ? 15000 : 8000);
}

} // namespace strata::app
