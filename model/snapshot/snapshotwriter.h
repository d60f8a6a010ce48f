#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::store {

namespace snapshot {
class ByteWriter;
class SnapshotSink;
} // namespace snapshot

// Writes a finalized EventStore as a snapshot file (model/snapshot/snapshotformat.h): every
// table as its own section, columns delta- or varint-encoded, each section compressed with
// zstd and checksummed, so that SnapshotReader gives back an identical store.
class SnapshotWriter {
public:
    struct Options {
        int level = 3; // zstd level
        int threads = 2; // zstd workers for large sections; 0 compresses on the calling thread
        // Named byte strings stored beside the store (at most 64, names up to 64 bytes): how
        // the source was loaded, the markers of a portable file. SnapshotReader gives them back.
        std::map<std::string, std::string> attachments;
    };
    struct Stats {
        uint64_t fileBytes = 0;
        uint64_t rawBytes = 0; // sections before compression
        std::vector<std::pair<std::string, uint64_t>> sectionBytes; // stored bytes per section
    };

    // Writes atomically: to a temporary file in the same folder, fsync, rename. On failure
    // returns false with `error` naming the file and the reason, and leaves no file behind.
    // `fingerprint` is the caller's identification of the source, carried as given.
    static bool write(const EventStore& store, const std::string& path, std::string_view fingerprint,
        std::string* error, const Options& options, Stats* stats = nullptr);
    static bool write(
        const EventStore& store, const std::string& path, std::string_view fingerprint, std::string* error)
    {
        return write(store, path, fingerprint, error, Options());
    }
    // The same bytes in memory (tests, fuzz seeds).
    static std::vector<uint8_t> encode(const EventStore& store, std::string_view fingerprint, const Options& options);
    static std::vector<uint8_t> encode(const EventStore& store, std::string_view fingerprint)
    {
        return encode(store, fingerprint, Options());
    }

private:
    static void writeAll(const EventStore& s, std::string_view fingerprint, const Options& options,
        snapshot::SnapshotSink& sink, Stats* stats);
    static void section(const EventStore& s, uint32_t id, snapshot::ByteWriter& w);
    static void counts(const EventStore& s, snapshot::ByteWriter& w);
    static void tables(const EventStore& s, uint32_t id, snapshot::ByteWriter& w);
    static void slices(const EventStore& s, uint32_t id, snapshot::ByteWriter& w);
    static void others(const EventStore& s, uint32_t id, snapshot::ByteWriter& w);
    static void memory(const MemoryAccessTable& m, snapshot::ByteWriter& w);
    static void attachments(const Options& options, snapshot::ByteWriter& w);
};

} // namespace strata::store
