#include "lazyindexes.h"

#include "indexregistry.h"

namespace strata::analysis {

LazyIndexes::LazyIndexes(std::shared_ptr<const store::EventStore> store)
    : m_store(std::move(store))
{
    // Made before any thread sees this object, so that the map itself is never written later.
    for (const IndexKind* kind : IndexRegistry::stage(IndexStage::OnRequest))
        m_slots.emplace(kind->type, std::make_unique<Slot>());
}

std::shared_ptr<const void> LazyIndexes::get(IndexType type, const IndexSet& built, const std::atomic<bool>* cancel)
{
    const auto it = m_slots.find(type);
    if (it == m_slots.end() || !m_store)
        return nullptr;
    Slot& slot = *it->second;
    std::lock_guard<std::mutex> lock(slot.building);
    if (std::shared_ptr<const void> index = peek(type))
        return index;
    const std::atomic<bool>* stop = cancel ? cancel : &m_abandoned;
    std::shared_ptr<const void> index = IndexRegistry::find(type)->build(*m_store, built, stop);
    if (!index)
        return nullptr;
    std::lock_guard<std::mutex> write(slot.reading);
    slot.index = index;
    return index;
}

std::shared_ptr<const void> LazyIndexes::peek(IndexType type) const
{
    const auto it = m_slots.find(type);
    if (it == m_slots.end())
        return nullptr;
    std::lock_guard<std::mutex> lock(it->second->reading);
    return it->second->index;
}

} // namespace strata::analysis
