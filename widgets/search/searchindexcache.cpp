#include "searchindexcache.h"

namespace strata::widgets {

std::shared_ptr<const analysis::SearchIndex> SearchIndexCache::get(
    const std::shared_ptr<const store::EventStore>& store, const std::atomic<bool>* cancel)
{
    if (!store)
        return {};
    // Held through the build: a second worker waits for it rather than building a copy.
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_index && m_store.lock() == store)
        return m_index;
    auto index = std::make_shared<analysis::SearchIndex>();
    if (!index->build(*store, cancel))
        return {};
    m_store = store;
    m_index = std::move(index);
    return m_index;
}

std::shared_ptr<const analysis::SearchIndex> SearchIndexCache::peek(const store::EventStore& store) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const std::shared_ptr<const store::EventStore> built = m_store.lock();
    return built.get() == &store ? m_index : nullptr;
}

} // namespace strata::widgets
