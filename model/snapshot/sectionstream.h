#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

struct ZSTD_DCtx_s;

namespace strata::store::snapshot {

// Where a section's stored bytes are: in memory, or in a file read with pread(). A file is
// read, never mapped: one that another program cuts short while it is read (a copy over it,
// a truncation) then ends the read with an error naming the offset, where a mapping would
// kill the process with SIGBUS.
struct StoredBytes {
    const uint8_t* data = nullptr; // the section in memory, or null to read `fd`
    int fd = -1;
    uint64_t offset = 0; // of the section in the file (fd only)
    size_t size = 0;

    // Copies bytes [at, at + n) of the section to `out`; throws FormatError when the file
    // ends before them or cannot be read.
    void copy(uint64_t at, uint8_t* out, size_t n) const;
};

// One section's zstd frame, decompressed on demand into memory the caller names: a
// ByteReader's small window, or a column's own storage, so no section-sized buffer is ever
// made (a file's stored bytes are read a chunk at a time). Invariant: it never writes
// more than the section's declared raw size in all, and fill() writes exactly what it is
// asked for (or throws), so a frame that holds fewer bytes than its directory entry says is
// refused where it runs out, and finish() refuses one that holds more, is cut short, or is
// followed by other bytes.
class SectionStream {
public:
    // inputBytes: how much of a file's section is read at a time (ignored in memory).
    SectionStream(const StoredBytes& stored, uint64_t rawBytes, size_t inputBytes);
    ~SectionStream();
    SectionStream(const SectionStream&) = delete;
    SectionStream& operator=(const SectionStream&) = delete;

    uint64_t rawLeft() const { return m_rawLeft; }
    // Writes exactly `n` (<= rawLeft()) decompressed bytes to `out`.
    void fill(uint8_t* out, size_t n);
    // After every declared byte was read: the frame must end here, with its checksum right
    // and no bytes after it in the stored section.
    void finish();

private:
    struct Free {
        void operator()(ZSTD_DCtx_s* c) const;
    };
    // With the current chunk used up, the next one of a file's section (no-op at its end).
    void refill();
    // One ZSTD_decompressStream step into `o`: the zstd result (0: the frame ended).
    size_t step(void* out, size_t size, size_t* written);

    std::unique_ptr<ZSTD_DCtx_s, Free> m_ctx;
    StoredBytes m_stored;
    std::vector<uint8_t> m_buffer; // a file's current chunk
    const uint8_t* m_chunk = nullptr; // the stored bytes at hand: all of them in memory
    size_t m_chunkSize = 0;
    uint64_t m_chunkStart = 0; // offset of m_chunk in the section
    size_t m_inPos = 0; // in m_chunk
    uint64_t m_rawLeft;
    bool m_frameDone = false;
};

} // namespace strata::store::snapshot
