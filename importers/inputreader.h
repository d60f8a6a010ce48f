#pragma once

#include "streamdecoder.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace strata::importers {

class DecodeThread;

const char* compressionName(Compression c); // "none", "gzip", "zstd"

// Streams the decompressed content of one file with bounded memory (one 1 MiB input block,
// for a compressed file the DecodeThread's few decoded blocks, plus whatever the caller
// peeks). A compressed file of kThreadMinBytes or more is decoded on its own thread
// (DecodeThread) while the caller scans; plain and small files are read on the caller's
// thread. Not thread-safe, except that consumedBytes() may be polled from another thread
// for progress.
class InputReader {
public:
    // A compressed file is stopped as a decompression bomb once it has produced more than
    // kBombFloorBytes and more than kMaxRatio bytes per compressed byte read so far. Real
    // traces compress 4 to 25 times (the corpus; zstd -19 of the benchmark trace: 19), and
    // one gzip layer cannot pass about 1030, so a gzip bomb stops after 256 MiB, a zstd one
    // after its first 256 MiB too. What was decompressed before the stop is kept.
    static constexpr uint64_t kBombFloorBytes = uint64_t(256) << 20;
    static constexpr uint64_t kMaxRatio = 200;
    // Compressed files smaller than this decode inline: they inflate in about a
    // millisecond, and the Sophgo importer opens many of them, one thread start each.
    static constexpr uint64_t kThreadMinBytes = uint64_t(256) << 10;

    // Returns nullptr and fills *error (one line naming the path) on failure.
    // Compression is detected by magic bytes, never by extension.
    static std::unique_ptr<InputReader> open(const std::string& path, std::string* error);
    ~InputReader();

    InputReader(const InputReader&) = delete;
    InputReader& operator=(const InputReader&) = delete;

    Compression compression() const { return m_decoder->compression(); }
    const std::string& path() const { return m_path; }
    uint64_t fileBytes() const { return m_fileBytes; }
    // "isa-l" or "zlib" (gzip: the inflater of the member being read; zlib reads a member
    // ISA-L refuses), "zstd" or "none". Right from open(): until the first read() or peek()
    // starts the first member, it is the inflater that member will start with (ISA-L where
    // this build has it and setGzipBackend() did not ask for zlib; zlib for a member whose
    // header sets reserved flags, as the decoder rules); from then on the decoder's own. It
    // changes only when a later member, or a member ISA-L refuses part-way (read again by
    // zlib), is read by the other.
    const char* decoderName() const;
    uint64_t consumedBytes() const { return m_decoder->consumedBytes(); }
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

    // Both setters are for before the first read() or peek(), which may start the thread.
    void setCancelFlag(const std::atomic<bool>* flag)
    {
        m_cancelFlag = flag;
        m_decoder->setCancelFlag(flag);
    }
    // Tests set smaller limits to see the stop without writing 256 MiB.
    void setBombLimits(uint64_t floorBytes, uint64_t maxRatio) { m_decoder->setBombLimits(floorBytes, maxRatio); }
    // Tests read gzip with zlib alone to compare it with ISA-L.
    void setGzipBackend(GzipInflater::Backend backend)
    {
        m_gzipBackend = backend;
        m_decoder->setGzipBackend(backend);
    }
    // Tests set 0 to run the decode thread on small files too.
    void setThreadMinBytes(uint64_t bytes) { m_threadMinBytes = bytes; }
    bool cancelled() const { return m_cancelled; }

private:
    InputReader() = default;

    bool isCancelled();
    size_t produce(char* dst, size_t n);
    // Takes the decoder's error once it is this thread's to read.
    void takeDecoderState();

    std::string m_path;
    uint64_t m_fileBytes = 0;
    uint64_t m_produced = 0;
    uint64_t m_threadMinBytes = kThreadMinBytes;

    // What decoderName() says before the first member starts (m_started): the file's first
    // gzip header sets reserved flags, and the backend asked for.
    bool m_firstMemberReserved = false;
    GzipInflater::Backend m_gzipBackend = GzipInflater::Backend::IsaL;
    bool m_started = false; // a read() or peek() has run the decoder

    std::unique_ptr<StreamDecoder> m_decoder;
    std::unique_ptr<DecodeThread> m_thread; // after m_decoder: destroyed (joined) first

    // Decoded by peek() but not yet returned by read(); live bytes start at m_peekPos.
    std::string m_peek;
    size_t m_peekPos = 0;

    const std::atomic<bool>* m_cancelFlag = nullptr;
    bool m_cancelled = false;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

} // namespace strata::importers
