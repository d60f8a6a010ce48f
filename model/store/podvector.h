#pragma once
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace strata::store {

// A growable array of plain values whose growth never copies a large block: it grows with
// realloc, and glibc serves blocks above its mmap threshold (at most 32 MB) with mmap and
// moves them with mremap, which remaps the pages instead of copying them. A std::vector that
// doubles holds its old block and its new one, twice as large, at once; merging many ranks
// into one store (StoreMerger) grows the argument words, the largest table of a Kineto
// profile, a rank at a time, and with a vector its peak would be three times that table.
// The slack of a doubling is address space only: pages past size() are not touched.
// Only the part of std::vector's interface the store uses.
template <typename T> class PodVector {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
        "a PodVector holds plain values moved by realloc");

public:
    PodVector() = default;
    PodVector(const PodVector& other) { *this = other; }
    PodVector& operator=(const PodVector& other)
    {
        if (this != &other) {
            clear();
            append(other.data(), other.size());
        }
        return *this;
    }
    PodVector(PodVector&& other) noexcept { swap(other); }
    PodVector& operator=(PodVector&& other) noexcept
    {
        swap(other);
        return *this;
    }

    size_t size() const { return m_size; }
    size_t capacity() const { return m_capacity; }
    bool empty() const { return m_size == 0; }
    T& operator[](size_t i) { return m_data.get()[i]; }
    const T& operator[](size_t i) const { return m_data.get()[i]; }
    T* data() { return m_data.get(); }
    const T* data() const { return m_data.get(); }
    T* begin() { return m_data.get(); }
    T* end() { return m_data.get() + m_size; }
    const T* begin() const { return m_data.get(); }
    const T* end() const { return m_data.get() + m_size; }
    using value_type = T;

    void reserve(size_t n)
    {
        if (n > m_capacity)
            reallocate(n);
    }
    void push_back(const T& v)
    {
        if (m_size == m_capacity)
            grow(m_size + 1);
        m_data.get()[m_size++] = v;
    }
    void append(const T* p, size_t n)
    {
        if (n == 0)
            return;
        if (m_size + n > m_capacity)
            grow(m_size + n);
        std::memcpy(m_data.get() + m_size, p, n * sizeof(T));
        m_size += n;
    }
    // New elements are not initialised: the caller writes them before reading.
    void resizeUninitialized(size_t n)
    {
        reserve(n);
        m_size = n;
    }
    void clear() { m_size = 0; }
    void shrink_to_fit()
    {
        if (m_capacity > m_size)
            reallocate(m_size);
    }
    void swap(PodVector& other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_capacity, other.m_capacity);
    }

private:
    void grow(size_t atLeast)
    {
        size_t n = m_capacity ? m_capacity * 2 : 16;
        reallocate(n < atLeast ? atLeast : n);
    }
    void reallocate(size_t n)
    {
        if (n == 0) {
            m_data.reset();
            m_capacity = 0;
            return;
        }
        void* p = std::realloc(m_data.get(), n * sizeof(T));
        if (!p)
            throw std::bad_alloc();
        (void)m_data.release(); // realloc took the old block
        m_data.reset(static_cast<T*>(p));
        m_capacity = n;
    }

    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> m_data;
    size_t m_size = 0;
    size_t m_capacity = 0;
};

} // namespace strata::store
