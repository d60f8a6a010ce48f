#include "lodindexloader.h"

#include <QtConcurrent/QtConcurrentRun>

namespace strata::widgets {

LodIndexLoader::LodIndexLoader(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &LodIndexLoader::onFinished);
}

LodIndexLoader::~LodIndexLoader()
{
    m_watcher.waitForFinished();
}

void LodIndexLoader::reset(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::LodIndex> prebuilt)
{
    m_store = std::move(store);
    m_lod.reset();
    if (!m_store)
        return;
    if (prebuilt && &prebuilt->store() == m_store.get())
        m_lod = std::move(prebuilt);
    else if (m_store->sliceCount() + m_store->counterSampleCount() < kInlineRows)
        m_lod = std::make_shared<const analysis::LodIndex>(*m_store);
    else
        m_watcher.setFuture(
            QtConcurrent::run([s = m_store] { return std::make_shared<const analysis::LodIndex>(*s); }));
}

void LodIndexLoader::onFinished()
{
    if (m_lod || !m_store || !m_watcher.future().isValid() || m_watcher.future().isCanceled())
        return;
    std::shared_ptr<const analysis::LodIndex> lod = m_watcher.future().result();
    if (lod && &lod->store() == m_store.get()) { // else a build for a store replaced since
        m_lod = std::move(lod);
        emit ready();
    }
}

void LodIndexLoader::wait()
{
    if (m_lod || !m_store)
        return;
    m_watcher.waitForFinished();
    onFinished();
}

} // namespace strata::widgets
