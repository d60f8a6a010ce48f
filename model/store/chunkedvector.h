#pragma once
#include <cstddef>
#include <memory>
#include <vector>

namespace strata::store {

// Append-only vector in chunks that never move or over-allocate by doubling, so the raw
// event buffers of a large import grow without 2x copies and can be freed chunk by chunk.
// Chunks start small (many tracks hold few events) and grow to kMaxChunk elements.
template <typename T> class ChunkedVector {
public:
    static constexpr size_t kFirstChunk = 64;
    static constexpr size_t kMaxChunk
        = 16384; // 384 KiB of RawSlice: above the mmap threshold, so freed chunks return to the system

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    T& push_back(const T& value)
    {
        if (m_chunks.empty() || m_lastUsed == m_lastCap) {
            m_lastCap = m_chunks.empty() ? kFirstChunk : std::min(kMaxChunk, m_lastCap * 2);
            m_chunks.emplace_back(new T[m_lastCap]);
            m_starts.push_back(m_size);
            m_lastUsed = 0;
        }
        T& slot = m_chunks.back()[m_lastUsed++];
        slot = value;
        ++m_size;
        return slot;
    }

    T& operator[](size_t i)
    {
        const size_t c = chunkOf(i);
        return m_chunks[c][i - m_starts[c]];
    }
    const T& operator[](size_t i) const
    {
        const size_t c = chunkOf(i);
        return m_chunks[c][i - m_starts[c]];
    }

    // Calls f(element) in order, then releases the storage.
    template <typename F> void drain(F&& f)
    {
        for (size_t c = 0; c < m_chunks.size(); ++c) {
            const size_t n = (c + 1 < m_chunks.size() ? m_starts[c + 1] : m_size) - m_starts[c];
            for (size_t i = 0; i < n; ++i)
                f(m_chunks[c][i]);
            m_chunks[c].reset();
        }
        clear();
    }

    void clear()
    {
        m_chunks.clear();
        m_chunks.shrink_to_fit();
        m_starts.clear();
        m_starts.shrink_to_fit();
        m_size = m_lastUsed = m_lastCap = 0;
    }

    size_t residentBytes() const
    {
        size_t n = 0;
        for (size_t c = 0; c < m_chunks.size(); ++c)
            n += (c + 1 < m_chunks.size() ? m_starts[c + 1] - m_starts[c] : m_lastCap) * sizeof(T);
        return n;
    }

private:
    // Chunk k holds kFirstChunk << k elements until that reaches kMaxChunk; all later
    // chunks hold kMaxChunk. So the chunk of an index is arithmetic, not a search.
    static constexpr size_t kGrowSteps = [] {
        size_t k = 0;
        for (size_t c = kFirstChunk; c < kMaxChunk; c *= 2)
            ++k;
        return k;
    }();
    static constexpr size_t kGrowEnd = kFirstChunk * ((size_t(1) << kGrowSteps) - 1); // first index of chunk kGrowSteps
    static size_t chunkOf(size_t i)
    {
        if (i >= kGrowEnd)
            return kGrowSteps + (i - kGrowEnd) / kMaxChunk;
        return size_t(63 - __builtin_clzll(i / kFirstChunk + 1));
    }

    std::vector<std::unique_ptr<T[]>> m_chunks;
    std::vector<size_t> m_starts;
    size_t m_size = 0;
    size_t m_lastUsed = 0;
    size_t m_lastCap = 0;
};

} // namespace strata::store
