#pragma once
#include "podvector.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace strata::store {

// The start offsets of the items of an append-only arena (ArgTable's words), in 4 bytes an
// item although the arena may pass 2^32 units. Invariant: offsets are pushed in
// non-decreasing order, so the high bits (offset >> LowBits) only grow with the item
// index: each item keeps its low bits, and m_steps[k] is the first item whose high bits
// exceed k. An item's high bits are the number of steps at or before it — no step at all
// below 2^LowBits units, which is every profile but the very largest.
// LowBits is 32 in the store; tests use a few bits to cross many steps cheaply.
template <unsigned LowBits = 32> class SplitOffsets {
    static_assert(LowBits >= 1 && LowBits <= 32, "the low bits are kept in a uint32");

public:
    static constexpr uint64_t kLowMask = (uint64_t(1) << LowBits) - 1;

    void push_back(uint64_t offset)
    {
        if (!m_low.empty() && offset < m_last)
            throw std::logic_error("SplitOffsets: offsets must not decrease");
        for (uint64_t high = offset >> LowBits; m_steps.size() < high;)
            m_steps.push_back(m_low.size());
        m_low.push_back(static_cast<uint32_t>(offset & kLowMask));
        m_last = offset;
    }

    uint64_t operator[](size_t i) const
    {
        uint64_t high = 0;
        if (!m_steps.empty())
            high = static_cast<uint64_t>(std::upper_bound(m_steps.begin(), m_steps.end(), i) - m_steps.begin());
        return (high << LowBits) | m_low[i];
    }

    // Brings item i's low word into the cache ahead of operator[] (i < size()).
    void prefetch(size_t i) const { __builtin_prefetch(m_low.data() + i); }
    void reserve(size_t n) { m_low.reserve(n); }
    size_t size() const { return m_low.size(); }
    bool empty() const { return m_low.empty(); }
    void shrink_to_fit()
    {
        m_low.shrink_to_fit();
        m_steps.shrink_to_fit();
    }
    size_t residentBytes() const { return m_low.capacity() * 4 + m_steps.capacity() * sizeof(size_t); }

private:
    PodVector<uint32_t> m_low; // grows by realloc, as ArgTable's words
    std::vector<size_t> m_steps;
    uint64_t m_last = 0;
};

} // namespace strata::store
