#pragma once
#include <store/eventstore.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace strata::store {

namespace snapshot {
class ByteReader;
class SectionStream;
struct DirectoryEntry;
} // namespace snapshot

struct SnapshotReadResult {
    std::shared_ptr<const EventStore> store; // null when the file was refused
    std::string error; // "<file>: <reason> (<section> section at byte N)"; empty on success
    uint64_t errorOffset = 0; // of the first bad section (0: the header)
    std::string fingerprint; // the source fingerprint the writer was given
    bool stale = false; // refused because the fingerprint was not Options::expectedFingerprint
    bool cancelled = false; // Options::cancel was set
    std::map<std::string, std::string> attachments; // SnapshotWriter::Options::attachments
};

// Reads a snapshot written by SnapshotWriter back into an identical EventStore. Nothing of a
// file is used before all of it has been checked: magic, version, byte order, layout id, the
// directory's offsets and sizes against the file, every section's CRC and decompressed size,
// then every value the store's accessors index with (ids within their tables, row ranges
// within their columns, parents before children, levels, instants, counters and flows
// sorted, ...). A bad file is refused with an error naming it and the byte offset of the
// first bad section; allocations are bounded by what the file can hold.
class SnapshotReader {
public:
    struct Options {
        // Refuses files whose sections decompress to more in all (the fuzzer sets a small one).
        uint64_t maxRawBytes = uint64_t(1) << 40;
        unsigned threads = 2; // sections are decoded in three groups on up to this many threads
        // When set, a file whose fingerprint differs is refused as stale right after its
        // header is checked, before any section is read.
        const std::string* expectedFingerprint = nullptr;
        // Called with the fraction of sections read (from the decoding threads), and polled
        // between sections: a set flag ends the read with `cancelled`.
        std::function<void(double)> progress;
        const std::atomic<bool>* cancel = nullptr;
        // Bytes of a section decompressed at a time (at least 16): sections are decoded
        // as they decompress, never held whole. Tests set a tiny one so values straddle it.
        size_t windowBytes = size_t(256) << 10;
        // Bytes of a file's stored section read at a time (at least 1), for the checksum
        // and again as it decompresses. Tests set a tiny one so frames straddle reads.
        size_t inputBytes = size_t(256) << 10;
    };
    static SnapshotReadResult read(const std::string& path, const Options& options);
    static SnapshotReadResult read(const std::string& path) { return read(path, Options()); }
    // A snapshot already in memory; `name` stands for the file in errors.
    static SnapshotReadResult read(const uint8_t* data, size_t size, const std::string& name, const Options& options);

private:
    // fd >= 0: a file of `size` bytes, read as needed; `data` holds its first min(size,
    // kMaxHeadBytes) bytes (the header). Else `data` holds all `size` bytes.
    static SnapshotReadResult read(
        const uint8_t* data, size_t size, int fd, const std::string& name, const Options& options);
    SnapshotReader(const uint8_t* data, size_t size, const Options& options);
    void header(SnapshotReadResult& out);
    // The section's stored bytes, checksum and frame header checked, ready to decompress.
    std::unique_ptr<snapshot::SectionStream> section(uint32_t id) const;
    void decode(EventStore& s);
    void decodeSection(EventStore& s, uint32_t id);
    void counts(snapshot::ByteReader& r);
    void strings(EventStore& s, snapshot::ByteReader& r);
    void types(EventStore& s, snapshot::ByteReader& r);
    void args(EventStore& s, snapshot::ByteReader& r);
    void processes(EventStore& s, snapshot::ByteReader& r);
    void tracks(EventStore& s, snapshot::ByteReader& r);
    void levels(EventStore& s, snapshot::ByteReader& r);
    void sliceColumns(EventStore& s, uint32_t id, snapshot::ByteReader& r);
    void instants(EventStore& s, snapshot::ByteReader& r);
    void counters(EventStore& s, snapshot::ByteReader& r);
    void flows(EventStore& s, snapshot::ByteReader& r);
    void wholeTrace(EventStore& s, uint32_t id, snapshot::ByteReader& r);
    void memory(EventStore& s, snapshot::ByteReader& r);
    void attachments(snapshot::ByteReader& r);

    const uint8_t* m_data; // the whole snapshot, or with m_fd its header alone
    size_t m_size;
    int m_fd = -1; // the file the sections are read from, or -1 (all in m_data)
    Options m_options;
    std::vector<snapshot::DirectoryEntry> m_dir;
    uint64_t m_at = 0; // offset of the header part or section refused, for the error
    std::vector<uint64_t> m_counts;
    std::map<std::string, std::string> m_attachments;
    std::atomic<uint32_t> m_sectionsDone { 0 };
};

} // namespace strata::store
