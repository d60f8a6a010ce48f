#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::analysis {

// Reads what IndexBlobWriter wrote, bounds-checked: any read past the end, a header that is
// not the expected index's, layout's and store's, or a count other than the one the caller
// expects throws std::runtime_error (the restore then refuses the blob and the index is
// built instead). Nothing is allocated before its bytes are known to be there.
class IndexBlobReader {
public:
    IndexBlobReader(std::string_view bytes, std::string_view tag, uint64_t layout, const store::EventStore& store);

    template <typename T> T get()
    {
        T v;
        getArray(&v, 1);
        return v;
    }
    template <typename T> void getArray(T* out, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        need(n, sizeof(T));
        if (n)
            std::memcpy(static_cast<void*>(out), m_bytes.data() + m_at, n * sizeof(T));
        m_at += n * sizeof(T);
    }
    // A vector IndexBlobWriter::putVector wrote, which must hold exactly `expected` values.
    template <typename T> std::vector<T> vector(uint64_t expected)
    {
        const uint64_t n = get<uint64_t>();
        check(n == expected, "an array has " + std::to_string(n) + " values, not " + std::to_string(expected));
        std::vector<T> v;
        need(n, sizeof(T));
        v.resize(size_t(n));
        getArray(v.data(), v.size());
        return v;
    }
    // A vector of at most `limit` values (sizes the store does not fix).
    template <typename T> std::vector<T> vectorUpTo(uint64_t limit)
    {
        const uint64_t n = get<uint64_t>();
        check(n <= limit, "an array is longer than the store allows");
        std::vector<T> v;
        need(n, sizeof(T));
        v.resize(size_t(n));
        getArray(v.data(), v.size());
        return v;
    }
    // n values written by IndexBlobWriter::putColumn, each passed to set(i, value).
    template <typename T, typename Set> void column(size_t n, Set&& set)
    {
        need(n, sizeof(T));
        for (size_t i = 0; i < n; ++i) {
            T v;
            std::memcpy(static_cast<void*>(&v), m_bytes.data() + m_at + i * sizeof(T), sizeof(T));
            set(i, v);
        }
        m_at += n * sizeof(T);
    }
    void expectEnd() const;
    // Throws unless n items of `size` bytes each are left: for a caller sizing a buffer by n.
    void expectItems(uint64_t n, size_t size) const { need(n, size); }
    // The restore() of each index: fill(*index) reads the blob into the fresh index and throws
    // on anything wrong; then the index, or null with "<what>: <reason>" in *why.
    template <typename Index, typename Fill>
    static std::shared_ptr<const Index> restore(
        std::shared_ptr<Index> index, const char* what, std::string* why, Fill&& fill)
    {
        try {
            fill(*index);
        } catch (const std::exception& e) {
            if (why)
                *why = std::string(what) + ": " + e.what();
            return nullptr;
        }
        return index;
    }
    static void check(bool ok, const std::string& what)
    {
        if (!ok)
            throw std::runtime_error(what);
    }

private:
    void need(uint64_t n, size_t size) const
    {
        check(size == 0 || n <= (m_bytes.size() - m_at) / size, "the index ends early");
    }

    std::string_view m_bytes;
    size_t m_at = 0;
};

} // namespace strata::analysis
