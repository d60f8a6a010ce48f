#pragma once

#include "gzipinflater.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

typedef struct ZSTD_DCtx_s ZSTD_DCtx;

namespace strata::importers {

enum class Compression { None, Gzip, Zstd };

// Turns one open file into its decompressed bytes, synchronously, on whichever thread calls
// produce(): the file's input block (1 MiB), the gzip member walk (GzipInflater, with ISA-L
// first and zlib for a member ISA-L refuses), the zstd frames, the decompression-bomb stop
// and the error with its byte offset. InputReader runs it inline for plain and small
// files and through a DecodeThread for the rest. Not thread-safe, except consumedBytes()
// and decoderName(), which may be polled from any thread.
class StreamDecoder {
public:
    StreamDecoder(std::string path, int fd);
    ~StreamDecoder();
    StreamDecoder(const StreamDecoder&) = delete;
    StreamDecoder& operator=(const StreamDecoder&) = delete;

    // Reads the first block and detects the compression by its magic bytes. Returns false
    // with *error set (one line naming the path) when the file is empty or unreadable.
    bool start(std::string* error);

    // Up to n decoded bytes; 0 only at the end, on error or when cancelled.
    size_t produce(char* dst, size_t n);

    Compression compression() const { return m_compression; }
    // "none", "zstd", or the gzip backend of the member being decoded: "isa-l" or "zlib".
    const char* decoderName() const { return m_decoderName.load(std::memory_order_relaxed); }
    uint64_t consumedBytes() const { return m_consumed.load(std::memory_order_relaxed); }
    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }
    bool cancelled() const { return m_cancelled; }

    void setCancelFlag(const std::atomic<bool>* flag) { m_cancelFlag = flag; }
    // The gzip inflater members start with (IsaL; Zlib for tests that compare the two).
    void setGzipBackend(GzipInflater::Backend backend) { m_gzipBackend = backend; }
    void setBombLimits(uint64_t floorBytes, uint64_t maxRatio)
    {
        m_bombFloor = floorBytes;
        m_maxRatio = maxRatio;
    }

private:
    bool isCancelled();
    bool fillInput();
    size_t producePlain(char* dst, size_t n);
    size_t produceGzip(char* dst, size_t n);
    size_t produceZstd(char* dst, size_t n);
    // Between gzip members: skips zero padding and starts the next member. Returns false
    // when there is none (m_finished set) or the bytes are not gzip (failed).
    bool startGzipMember();
    // Rereads the current member from its first byte with zlib after ISA-L refused it,
    // dropping the output already delivered. False when the file cannot be reread.
    bool restartMemberWithZlib();
    // Counts what a decoder produced and stops a decompression bomb (kMaxRatio).
    size_t checkRatio(size_t produced);
    void updateConsumed();
    void fail(std::string message, uint64_t offset);
    // File offset of the next input byte not yet handed to the decoder.
    uint64_t inputOffset() const { return m_fileOffset - (m_inLen - m_inPos); }

    std::string m_path;
    int m_fd = -1;
    Compression m_compression = Compression::None;
    std::atomic<const char*> m_decoderName { "none" };
    // Bytes read from the file so far; m_in holds the last m_inLen of them.
    uint64_t m_fileOffset = 0;
    std::atomic<uint64_t> m_consumed { 0 };

    std::vector<char> m_in;
    size_t m_inPos = 0;
    size_t m_inLen = 0;
    bool m_eof = false;
    // Set once the decoder reached a clean end; produce() then returns 0.
    bool m_finished = false;

    GzipInflater m_gzip;
    GzipInflater::Backend m_gzipBackend = GzipInflater::Backend::IsaL;
    bool m_gzipMemberDone = true;
    uint64_t m_memberStart = 0; // file offset of the current member's first byte
    uint64_t m_memberOut = 0; // bytes of the current member delivered
    uint64_t m_skip = 0; // after a zlib restart: bytes to decode again and drop
    std::vector<char> m_skipBuffer;
    ZSTD_DCtx* m_zstd = nullptr;
    bool m_zstdFrameDone = false;
    uint64_t m_decoded = 0;
    uint64_t m_bombFloor = 0;
    uint64_t m_maxRatio = 0;

    const std::atomic<bool>* m_cancelFlag = nullptr;
    bool m_cancelled = false;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

} // namespace strata::importers
