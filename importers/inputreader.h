#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

typedef struct z_stream_s z_stream;
typedef struct ZSTD_DCtx_s ZSTD_DCtx;

namespace strata::importers {

enum class Compression { None, Gzip, Zstd };

const char* compressionName(Compression c); // "none", "gzip", "zstd"

// Streams the decompressed content of one file with bounded memory (one 1 MiB
// input block plus whatever the caller peeks). Not thread-safe, except that
// consumedBytes() may be polled from another thread for progress.
class InputReader {
public:
    // A compressed file is stopped as a decompression bomb once it has produced more than
    // kBombFloorBytes and more than kMaxRatio bytes per compressed byte read so far. Real
    // traces compress 4 to 25 times (the corpus; zstd -19 of the benchmark trace: 19), and
    // one gzip layer cannot pass about 1030, so a gzip bomb stops after 256 MiB, a zstd one
    // after its first 256 MiB too. What was decompressed before the stop is kept.
    static constexpr uint64_t kBombFloorBytes = uint64_t(256) << 20;
    static constexpr uint64_t kMaxRatio = 200;

    // Returns nullptr and fills *error (one line naming the path) on failure.
    // Compression is detected by magic bytes, never by extension.
    static std::unique_ptr<InputReader> open(const std::string& path, std::string* error);
    ~InputReader();

    InputReader(const InputReader&) = delete;
    InputReader& operator=(const InputReader&) = delete;

    Compression compression() const { return m_compression; }
    const std::string& path() const { return m_path; }
    uint64_t fileBytes() const { return m_fileBytes; }
    uint64_t consumedBytes() const { return m_consumed.load(std::memory_order_relaxed); }
    uint64_t producedBytes() const { return m_produced; }

    // Returns 0 only at end of data, on error or when cancelled; never throws.
    // A truncated or corrupt stream delivers everything that decoded first.
    size_t read(char* dst, size_t n);
    // read() onto the end of *buf (grown by up to n bytes): what the streaming scanners
    // call to refill their window.
    size_t append(std::string* buf, size_t n);
    // The next up to n decompressed bytes, without consuming them. The view
    // stays valid until the next read() or peek().
    std::string_view peek(size_t n);

    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }

    void setCancelFlag(const std::atomic<bool>* flag) { m_cancelFlag = flag; }
    // Tests set smaller limits to see the stop without writing 256 MiB.
    void setBombLimits(uint64_t floorBytes, uint64_t maxRatio)
    {
        m_bombFloor = floorBytes;
        m_maxRatio = maxRatio;
    }
    bool cancelled() const { return m_cancelled; }

private:
    InputReader() = default;

    bool isCancelled();
    bool fillInput();
    size_t produce(char* dst, size_t n);
    size_t producePlain(char* dst, size_t n);
    size_t produceGzip(char* dst, size_t n);
    size_t produceZstd(char* dst, size_t n);
    // Counts what a decoder produced and stops a decompression bomb (kMaxRatio).
    size_t checkRatio(size_t produced);
    void updateConsumed();
    void fail(std::string message, uint64_t offset);
    // File offset of the next input byte not yet handed to the decoder.
    uint64_t inputOffset() const { return m_fileOffset - (m_inLen - m_inPos); }

    std::string m_path;
    int m_fd = -1;
    Compression m_compression = Compression::None;
    uint64_t m_fileBytes = 0;
    // Bytes read from the file so far; m_in holds the last m_inLen of them.
    uint64_t m_fileOffset = 0;
    std::atomic<uint64_t> m_consumed { 0 };
    uint64_t m_produced = 0;

    std::vector<char> m_in;
    size_t m_inPos = 0;
    size_t m_inLen = 0;
    bool m_eof = false;
    // Set once the decoder reached a clean end; produce() then returns 0.
    bool m_finished = false;

    // Decoded by peek() but not yet returned by read(); live bytes start at m_peekPos.
    std::string m_peek;
    size_t m_peekPos = 0;

    std::unique_ptr<z_stream> m_zs;
    bool m_gzipMemberDone = false;
    ZSTD_DCtx* m_zstd = nullptr;
    bool m_zstdFrameDone = false;
    uint64_t m_decoded = 0; // bytes the decoder produced (peeked or read)
    uint64_t m_bombFloor = kBombFloorBytes;
    uint64_t m_maxRatio = kMaxRatio;

    const std::atomic<bool>* m_cancelFlag = nullptr;
    bool m_cancelled = false;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

} // namespace strata::importers
