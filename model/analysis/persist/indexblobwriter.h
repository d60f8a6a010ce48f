#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace strata::analysis {

// The bytes of one derived index as a snapshot attachment carries it (IndexAttachments):
// a header naming the index, its layout and the shape of the store it was built from, then
// plain values and arrays in this machine's byte order. IndexBlobReader refuses a blob whose
// header differs in anything, so a blob is only ever read by a build with the same layout.
class IndexBlobWriter {
public:
    static constexpr uint32_t kByteOrderMark = 0x01020304u;

    // tag: 8 bytes naming the index; layout: its version and struct sizes folded together.
    IndexBlobWriter(std::string_view tag, uint64_t layout, const store::EventStore& store);

    template <typename T> void put(T v) { putArray(&v, 1); }
    template <typename T> void putArray(const T* v, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "plain values only");
        if (n)
            m_bytes.append(reinterpret_cast<const char*>(v), n * sizeof(T));
    }
    // A count, then the values: IndexBlobReader::vector checks the count against what the
    // store implies before it allocates.
    template <typename T> void putVector(const std::vector<T>& v)
    {
        put<uint64_t>(v.size());
        putArray(v.data(), v.size());
    }
    // n values of one field of a sequence of structs, as a column: zstd packs a column of
    // similar values much better than the interleaved structs.
    template <typename T, typename Get> void putColumn(size_t n, Get&& get)
    {
        const size_t at = m_bytes.size();
        m_bytes.resize(at + n * sizeof(T));
        for (size_t i = 0; i < n; ++i) {
            const T v = get(i);
            std::memcpy(&m_bytes[at + i * sizeof(T)], &v, sizeof(T));
        }
    }
    std::string take() { return std::move(m_bytes); }

private:
    std::string m_bytes;
};

} // namespace strata::analysis
