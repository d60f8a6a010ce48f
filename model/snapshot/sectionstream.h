#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

struct ZSTD_DCtx_s;

namespace strata::store::snapshot {

// One section's zstd frame, decompressed on demand into memory the caller names: a
// ByteReader's small window, or a column's own storage, so no section-sized buffer is ever
// made. Invariant: it never writes more than the section's declared raw size in all, and
// fill() writes exactly what it is asked for (or throws), so a frame that holds fewer
// bytes than its directory entry says is refused where it runs out, and finish() refuses
// one that holds more, is cut short, or is followed by other bytes.
class SectionStream {
public:
    // `mapped`: the stored bytes are a read-only file mapping, whose pages are handed back
    // as they are decompressed (see release()).
    SectionStream(const uint8_t* stored, size_t storedBytes, uint64_t rawBytes, bool mapped);
    ~SectionStream();
    SectionStream(const SectionStream&) = delete;
    SectionStream& operator=(const SectionStream&) = delete;

    uint64_t rawLeft() const { return m_rawLeft; }
    // Writes exactly `n` (<= rawLeft()) decompressed bytes to `out`.
    void fill(uint8_t* out, size_t n);
    // After every declared byte was read: the frame must end here, with its checksum right
    // and no bytes after it in the stored section.
    void finish();
    // Drops the whole pages of [begin, end) from the process: pages of a read-only private
    // file mapping that was never written come back from the page cache, identical, if
    // touched again (a neighbouring section's reader may share the edge page). So a read
    // does not hold the file's pages in its resident memory on top of the store it builds.
    static void release(const uint8_t* begin, const uint8_t* end);

private:
    struct Free {
        void operator()(ZSTD_DCtx_s* c) const;
    };
    std::unique_ptr<ZSTD_DCtx_s, Free> m_ctx;
    const uint8_t* m_stored;
    size_t m_storedBytes;
    size_t m_inPos = 0;
    size_t m_released = 0; // stored bytes handed back so far (when mapped)
    uint64_t m_rawLeft;
    bool m_frameDone = false;
    bool m_mapped;
};

} // namespace strata::store::snapshot
