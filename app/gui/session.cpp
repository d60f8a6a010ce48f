#include "session.h"

#include <common/backgroundpool.h>
#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <state/trackfilter.h>
#include <state/viewport.h>

#include <QFileInfo>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace strata::app {

Session::Session(QObject* parent)
    : QObject(parent)
    , m_viewport(new model::Viewport(this))
    , m_selection(new model::Selection(this))
    , m_trackFilter(new model::TrackFilter(this))
    , m_annotations(new model::AnnotationsModel(this))
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

void Session::open(
    std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info, bool deferAnalyses)
{
    emit aboutToOpen();
    std::shared_ptr<const store::EventStore> old = std::move(m_store);
    m_store = std::move(store);
    m_path = path;
    m_info = info;
    m_selection->clear();
    m_trackFilter->clear();
    m_annotations->clear();
    m_summaryIndex.reset();
    m_catalog.reset();
    ++m_generation;
    if (m_store)
        m_viewport->setTraceRange(m_store->extent());
    emit storeChanged();
    release(std::move(old)); // the docks dropped their references in storeChanged
    if (!deferAnalyses)
        startAnalyses(m_generation);
}

void Session::startAnalyses(quint64 generation)
{
    if (!m_store || generation != m_generation || m_analysedGeneration == generation)
        return;
    m_analysedGeneration = generation;
    QPointer<Session> self(this);
    (void)widgets::BackgroundPool::run([self, generation, store = m_store] {
        auto summary = std::make_shared<const analysis::SummaryIndex>(*store);
        auto catalog = std::make_shared<const analysis::OperatorCatalog>(*store);
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, summary, catalog] {
                if (!self || self->m_generation != generation)
                    return; // another profile was opened meanwhile
                self->m_summaryIndex = summary;
                self->m_catalog = catalog;
                emit self->analysesReady();
            },
            Qt::QueuedConnection);
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
    (void)QtConcurrent::run([s = std::move(old)]() mutable { s.reset(); });
}

} // namespace strata::app
