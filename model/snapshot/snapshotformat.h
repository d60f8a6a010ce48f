#pragma once
// The snapshot file format shared by SnapshotWriter and SnapshotReader.
//
// A file is: the fixed header, the caller's source fingerprint, a directory of kSectionCount
// entries, then the sections at the offsets the directory gives. Every number is in the
// writer's byte order (the header's byteOrder field lets a reader refuse a foreign one) and
// every length and offset is 64-bit, so nothing overflows for big stores. The header's CRC
// covers the header (with the CRC field zero), the fingerprint and the directory; each
// section has the CRC of its stored (compressed) bytes and its uncompressed length.
// Sections appear in the directory exactly once each, in SectionId order.
#include <store/argtable.h>
#include <store/memoryaccesstable.h>
#include <store/trackinfo.h>
#include <store/typetable.h>

#include <cstddef>
#include <cstdint>

namespace strata::store::snapshot {

constexpr char kMagic[8] = { 'S', 'T', 'R', 'A', 'T', 'A', 'S', 'N' };
constexpr uint32_t kVersion = 1;
constexpr uint32_t kByteOrderMark = 0x01020304u;

// Bump when the store's layout or a section's encoding changes; the sizes of the stored
// types are folded in so that a changed struct also changes the id.
constexpr uint64_t kLayoutRevision = 1;
constexpr uint64_t layoutId()
{
    return (kLayoutRevision << 48) ^ (uint64_t(sizeof(TrackInfo)) << 36) ^ (uint64_t(sizeof(ProcessInfo)) << 28)
        ^ (uint64_t(sizeof(CounterSeries)) << 20) ^ (uint64_t(sizeof(FlowEdge)) << 14)
        ^ (uint64_t(sizeof(EventType)) << 8) ^ (uint64_t(sizeof(MemoryRegion)) << 2) ^ uint64_t(sizeof(Arg) & 3);
}

enum class SectionId : uint32_t {
    Counts = 1, // element counts of every table: what every other section is sized by
    Strings,
    Types,
    Args,
    Processes,
    Tracks,
    Levels,
    SliceTs,
    SliceDur,
    SliceType,
    SliceArgs,
    SliceParent,
    SliceDepth,
    SliceHeight,
    Instants,
    Counters,
    Flows,
    Extent,
    Diagnostics,
    Skipped,
    Metadata,
    Memory,
    Attachments, // named byte strings the caller adds: how the source was loaded, markers, ...
};
constexpr uint32_t kSectionCount = uint32_t(SectionId::Attachments);

// Bounds on the Attachments section, checked before anything is allocated for it.
constexpr uint64_t kMaxAttachments = 64;
constexpr uint64_t kMaxAttachmentName = 64;

const char* sectionName(SectionId id);

enum class Codec : uint32_t { Zstd = 1 };

#pragma pack(push, 1)
struct FileHeader {
    char magic[8];
    uint32_t version;
    uint32_t byteOrder;
    uint64_t layoutId;
    uint64_t fileBytes; // the whole file: a truncated or extended copy is refused at once
    uint32_t sectionCount;
    uint32_t fingerprintBytes;
    uint32_t headerCrc;
    uint32_t reserved;
};
struct DirectoryEntry {
    uint32_t id;
    uint32_t codec;
    uint64_t offset;
    uint64_t storedBytes;
    uint64_t rawBytes;
    uint32_t crc; // zlib crc32 of the stored bytes
    uint32_t reserved;
};
#pragma pack(pop)
static_assert(sizeof(FileHeader) == 48 && sizeof(DirectoryEntry) == 40, "the file layout is fixed");

// The fingerprint is the caller's; it only has to stay small.
constexpr uint32_t kMaxFingerprintBytes = 1u << 16;

// A zstd frame cannot expand more than this (128 KiB blocks of at least 4 bytes), so a
// section that declares more is refused before anything is allocated for it.
constexpr uint64_t kMaxExpansion = 32768;

// Element counts of the Counts section, in this order, each a u64.
enum CountIndex : uint32_t {
    kStrings,
    kTypes,
    kArgSets,
    kArgWords,
    kProcesses,
    kTracks,
    kLevels,
    kSlices,
    kHeights,
    kInstants,
    kCounters,
    kCounterSamples,
    kFlows,
    kMemorySpaces,
    kMemoryRegions,
    kMemoryAccesses,
    kCountFields
};

} // namespace strata::store::snapshot
