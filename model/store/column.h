#pragma once
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace strata::store {

// A fixed-size array of a trivially copyable type that is NOT zero-filled when sized:
// the finalizer sizes every slice column up front and each core fills its own block, so
// a page is touched only when its rows are written (std::vector would write every byte
// once more and bring the whole column in while the raw buffers are still alive).
template <typename T> class Column {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
        "columns hold plain values that are written before they are read");

public:
    // Raw storage, not constructed: the typed ids have default member initialisers, and
    // constructing them would write (and so bring in) every page right away.
    void resizeUninitialized(size_t n)
    {
        T* p = nullptr;
        if (n) {
            p = static_cast<T*>(std::malloc(n * sizeof(T)));
            if (!p)
                throw std::bad_alloc();
        }
        m_data.reset(p);
        m_size = n;
    }
    // Grows to n elements (n >= size()), keeping the first size() and leaving the new ones
    // unwritten, with realloc: glibc moves a block above its mmap threshold (at most 32 MB)
    // with mremap, which remaps its pages, so a large column grows without a second copy of
    // it (StoreMerger appends a job's ranks this way); a smaller one may be copied.
    void growUninitialized(size_t n)
    {
        if (n <= m_size)
            return;
        void* p = std::realloc(m_data.get(), n * sizeof(T));
        if (!p)
            throw std::bad_alloc();
        (void)m_data.release(); // realloc took the old block
        m_data.reset(static_cast<T*>(p));
        m_size = n;
    }
    size_t size() const { return m_size; }
    size_t capacity() const { return m_size; }
    T& operator[](size_t i) { return m_data.get()[i]; }
    const T& operator[](size_t i) const { return m_data.get()[i]; }
    T* data() { return m_data.get(); }
    const T* data() const { return m_data.get(); }
    T* begin() { return m_data.get(); }
    T* end() { return m_data.get() + m_size; }
    const T* begin() const { return m_data.get(); }
    const T* end() const { return m_data.get() + m_size; }
    using value_type = T;

private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> m_data;
    size_t m_size = 0;
};

} // namespace strata::store
