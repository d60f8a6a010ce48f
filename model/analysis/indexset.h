#pragma once
#include <map>
#include <memory>

namespace strata::analysis {

// Names an index type without its definition, so that a dock can ask for an index it only
// forward-declares: the address of a variable of which there is one per type in the whole
// program (a constexpr static member is inline).
using IndexType = const void*;
template <typename T> struct IndexTypeTag {
    static constexpr char tag = 0;
};
template <typename T> constexpr IndexType indexType()
{
    return &IndexTypeTag<T>::tag;
}

// The derived indexes of one store, each under its type: what the session publishes (as
// model::Analyses), what a snapshot restores and what a kind's build() may read of the
// indexes built before it. A typed map rather than one member per index, so that a new kind
// of index (IndexKind) needs no edit here. A missing index reads as null.
class IndexSet {
public:
    template <typename T> std::shared_ptr<const T> get() const
    {
        return std::static_pointer_cast<const T>(find(indexType<T>()));
    }
    template <typename T> void set(std::shared_ptr<const T> index) { put(indexType<T>(), std::move(index)); }

    // The same, by the type a kind names (IndexKind::type): for the code that loops over kinds.
    std::shared_ptr<const void> find(IndexType type) const
    {
        const auto it = m_indexes.find(type);
        return it == m_indexes.end() ? nullptr : it->second;
    }
    // A null index removes the entry.
    void put(IndexType type, std::shared_ptr<const void> index)
    {
        if (index)
            m_indexes[type] = std::move(index);
        else
            m_indexes.erase(type);
    }
    bool has(IndexType type) const { return m_indexes.count(type) != 0; }
    size_t size() const { return m_indexes.size(); }

private:
    std::map<IndexType, std::shared_ptr<const void>> m_indexes;
};

} // namespace strata::analysis
