#include "snapshotreader.h"

#include "readchecks.h"
#include "sectionstream.h"
#include "snapshotformat.h"

#include <store/parallel.h>

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace strata::store {

using namespace snapshot;

namespace {

constexpr const char* kCancelled = "cancelled";
// The longest header: what header() reads of the file, whatever its fingerprint's length.
constexpr size_t kMaxHeadBytes = sizeof(FileHeader) + kMaxFingerprintBytes + kSectionCount * sizeof(DirectoryEntry);

} // namespace

SnapshotReader::SnapshotReader(const uint8_t* data, size_t size, const Options& options)
    : m_data(data)
    , m_size(size)
    , m_options(options)
{
}

void SnapshotReader::header(SnapshotReadResult& out)
{
    FileHeader h;
    check(m_size >= sizeof h, "the file is shorter than a snapshot header");
    std::memcpy(&h, m_data, sizeof h);
    check(std::memcmp(h.magic, kMagic, sizeof kMagic) == 0, "not a Strata snapshot (wrong magic)");
    if (h.byteOrder != kByteOrderMark)
        bad("the snapshot was written with another byte order");
    if (h.version != kVersion)
        bad("snapshot format version " + std::to_string(h.version) + ", this build reads " + std::to_string(kVersion));
    check(h.layoutId == layoutId(), "the snapshot was written by a build with another store layout");
    check(h.fileBytes == m_size,
        ("the file holds " + std::to_string(m_size) + " bytes, its header says " + std::to_string(h.fileBytes))
            .c_str());
    check(h.sectionCount == kSectionCount, "the snapshot has the wrong number of sections");
    check(h.fingerprintBytes <= kMaxFingerprintBytes, "the source fingerprint is too long");
    const uint64_t headBytes
        = sizeof h + uint64_t(h.fingerprintBytes) + uint64_t(h.sectionCount) * sizeof(DirectoryEntry);
    check(headBytes <= m_size, "the file ends inside the header");
    const uint32_t expected = h.headerCrc;
    h.headerCrc = 0;
    uLong c = crc32(0L, Z_NULL, 0);
    c = crc32(c, reinterpret_cast<const Bytef*>(&h), sizeof h);
    c = crc32(c, m_data + sizeof h, uInt(headBytes - sizeof h));
    check(uint32_t(c) == expected, "the header's checksum does not match");
    out.fingerprint.assign(reinterpret_cast<const char*>(m_data + sizeof h), h.fingerprintBytes);

    m_dir.resize(kSectionCount);
    std::memcpy(m_dir.data(), m_data + sizeof h + h.fingerprintBytes, kSectionCount * sizeof(DirectoryEntry));
    uint64_t end = headBytes, rawTotal = 0;
    for (uint32_t i = 0; i < kSectionCount; ++i) {
        const DirectoryEntry& e = m_dir[i];
        m_at = sizeof h + h.fingerprintBytes + i * sizeof(DirectoryEntry);
        check(e.id == i + 1, "the directory lists the sections out of order");
        check(e.codec == uint32_t(Codec::Zstd), "a section has an unknown encoding");
        // Sections follow each other without overlap, inside the file.
        check(e.offset == end && e.storedBytes <= m_size - e.offset, "a section lies outside the file");
        check(e.rawBytes <= e.storedBytes * kMaxExpansion + 4096, "a section declares more bytes than it can hold");
        end = e.offset + e.storedBytes;
        rawTotal += e.rawBytes;
        check(rawTotal <= m_options.maxRawBytes, "the snapshot decompresses to more than the reader's limit");
    }
    check(end == m_size, "the file has bytes after its last section");
}

std::unique_ptr<SectionStream> SnapshotReader::section(uint32_t id) const
{
    const DirectoryEntry& e = m_dir[id - 1];
    StoredBytes stored;
    stored.size = size_t(e.storedBytes);
    if (m_fd >= 0) {
        stored.fd = m_fd;
        stored.offset = e.offset;
    } else {
        stored.data = m_data + e.offset;
    }
    // Over the stored bytes: nothing is decompressed from a damaged section. A file's are
    // read twice (here, then as they decompress), a chunk at a time, from the page cache.
    uLong c = crc32(0L, Z_NULL, 0);
    std::vector<uint8_t> chunk(m_fd >= 0 ? std::min(std::max<size_t>(1, m_options.inputBytes), stored.size) : 0);
    for (uint64_t done = 0; done < e.storedBytes;) {
        const auto n = size_t(std::min<uint64_t>(e.storedBytes - done, m_fd >= 0 ? chunk.size() : 4u << 20));
        const uint8_t* bytes = stored.data ? stored.data + done : chunk.data();
        if (!stored.data)
            stored.copy(done, chunk.data(), n);
        c = crc32(c, bytes, uInt(n));
        done += n;
    }
    check(uint32_t(c) == e.crc, "the section's checksum does not match");
    uint8_t head[18]; // ZSTD_FRAMEHEADERSIZE_MAX, which zstd.h declares for static linking only
    const size_t headBytes = std::min(sizeof head, stored.size);
    stored.copy(0, head, headBytes);
    const unsigned long long declared = ZSTD_getFrameContentSize(head, headBytes);
    check(declared == e.rawBytes, "the section's compressed size does not match its directory entry");
    return std::make_unique<SectionStream>(stored, e.rawBytes, m_options.inputBytes);
}

void SnapshotReader::counts(ByteReader& r)
{
    m_counts.resize(kCountFields);
    r.getArray(m_counts.data(), kCountFields);
    r.expectEnd();
    // Every table is indexed by uint32 ids whose all-ones value means "none".
    for (uint32_t i = 0; i < kCountFields; ++i) // arg words are 64-bit offsets; the rest, ids
        check(i == kArgWords || m_counts[i] < UINT32_MAX, "a table is larger than the store allows");
    check(m_counts[kStrings] >= 1, "the string pool lacks the empty string");
    check(m_counts[kHeights] == 0 || m_counts[kHeights] == m_counts[kSlices], "the height column has the wrong size");
    check(m_counts[kMemorySpaces] <= 65534, "too many memory spaces");
}

void SnapshotReader::strings(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kStrings];
    r.needItems(n, 1);
    std::vector<uint64_t> lengths(n);
    uint64_t total = 0;
    for (uint64_t i = 0; i < n; ++i) {
        lengths[i] = r.varint();
        check(lengths[i] <= r.left(), "a string runs past the section");
        total += lengths[i];
        check(total <= r.left(), "the strings run past the section");
    }
    check(lengths[0] == 0, "string 0 is not the empty string");
    // Interned straight from the reader's window: the pool is the strings' only copy.
    std::string scratch;
    for (uint64_t i = 1; i < n; ++i) {
        // The pool interns: a string stored twice would get an earlier id.
        if (s.m_strings.intern(r.bytes(size_t(lengths[i]), scratch)).v != i)
            bad("string " + std::to_string(i) + " is a duplicate");
    }
    r.expectEnd();
}

void SnapshotReader::types(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kTypes], strings = m_counts[kStrings];
    r.needItems(n, 3);
    for (uint64_t i = 0; i < n; ++i) {
        const auto name = idBelow<StringId>(r, strings, "type name");
        const auto category = idBelow<StringId>(r, strings, "type category");
        const auto source = idBelow<StringId>(r, strings, "type source");
        if (s.m_types.intern(name, category, source).v != i)
            bad("type " + std::to_string(i) + " is a duplicate");
    }
    r.expectEnd();
}

void SnapshotReader::args(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kArgSets], strings = m_counts[kStrings], declared = m_counts[kArgWords];
    r.needItems(n, 3);
    // The declared words are the sets' size in the table's first layout, 1 + 3 words a set of
    // c args, which the file keeps: a set of c args takes at least 1 + 2c bytes here.
    check(declared <= 3 * uint64_t(r.left()), "the argument sets declare too many words");
    // Each set is added as read: the table builds its compact layout and its shapes in this
    // one pass, and add() giving an earlier id is the invariant broken (a set stored twice).
    ArgTable& t = s.m_args;
    t.m_offsets.reserve(n);
    std::vector<Arg> set;
    uint64_t words = 0;
    for (uint64_t a = 0; a < n; ++a) {
        const uint64_t count = r.varint();
        check(count >= 1, "an argument set is empty");
        r.needItems(count, 2);
        words += 1 + 3 * count;
        check(words <= declared, "the argument sets hold more words than declared");
        set.resize(count);
        for (Arg& arg : set) {
            const auto kind = r.get<uint8_t>();
            check(kind <= uint8_t(ArgKind::String), "an argument has an unknown kind");
            const uint64_t key = r.varint();
            check(key < strings, "an argument key is out of range");
            const StringId k { uint32_t(key) };
            switch (ArgKind(kind)) {
            case ArgKind::Null: arg = Arg::makeNull(k); break;
            case ArgKind::String: {
                const uint64_t v = r.varint();
                check(v < strings || v == StringId::kInvalid, "an argument's string is out of range");
                arg = Arg::makeString(k, StringId(uint32_t(v)));
                break;
            }
            case ArgKind::Uint: arg = Arg::makeUint(k, r.varint()); break;
            case ArgKind::Double: {
                const auto bits = r.get<uint64_t>(); // bit for bit, as written
                double d = 0;
                std::memcpy(&d, &bits, sizeof d);
                arg = Arg::makeDouble(k, d);
                break;
            }
            case ArgKind::Int: arg = Arg::makeInt(k, r.zigzag()); break;
            case ArgKind::Bool:
                arg = Arg::makeInt(k, r.zigzag());
                arg.kind = ArgKind::Bool; // its bits as written, not folded to 0 or 1
                break;
            }
        }
        // Keys past the table's 28 bits get their far code as for any add() (which throws
        // length_error past its limit, and the caller turns that into a refusal).
        if (t.add(set.data(), set.size()).v != a)
            bad("argument set " + std::to_string(a) + " is a duplicate");
    }
    check(words == declared, "the argument sets hold fewer words than declared");
    r.expectEnd();
    t.shrink(); // a restored store is finished: add() rebuilds the dedup index if it is needed
}

void SnapshotReader::processes(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kProcesses], strings = m_counts[kStrings];
    r.needItems(n, 7);
    s.m_processes.resize(n);
    for (ProcessInfo& p : s.m_processes) {
        p.pid = idValue(r, strings);
        p.name = idBelow<StringId>(r, strings, "process name");
        p.labels = idBelow<StringId>(r, strings, "process labels");
        p.sortIndex = i32(r.zigzag(), "a sort index");
        p.hasSortIndex = flag(r);
    }
    r.expectEnd();
}

void SnapshotReader::tracks(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kTracks], strings = m_counts[kStrings];
    r.needItems(n, 19);
    s.m_tracks.resize(n);
    s.m_trackRowStart.resize(n);
    uint32_t row = 0;
    for (uint32_t t = 0; t < n; ++t) {
        TrackInfo& i = s.m_tracks[t];
        const auto kind = r.get<uint8_t>(), role = r.get<uint8_t>();
        check(kind <= uint8_t(TrackKind::GlobalInstants) && role <= uint8_t(TrackRole::Annotation),
            "a track has an unknown kind or role");
        i.kind = TrackKind(kind);
        i.role = TrackRole(role);
        i.process = idBelow<ProcessId>(r, m_counts[kProcesses], "process");
        i.tid = idValue(r, strings);
        i.name = idBelow<StringId>(r, strings, "track name");
        i.sortIndex = i32(r.zigzag(), "a sort index");
        // A lane's thread comes before it, so walking parents always ends.
        i.parent = idBelow<TrackId>(r, t, "parent track");
        check(i.kind != TrackKind::Overflow || i.parent.valid(), "an overflow lane has no thread");
        const uint64_t lane = r.varint();
        check(lane <= UINT16_MAX, "a lane number is out of range");
        i.lane = uint16_t(lane);
        i.counter = idBelow<CounterId>(r, m_counts[kCounters], "counter");
        check(i.kind != TrackKind::Counter || i.counter.valid(), "a counter track has no counter");
        i.levelBegin = u32(r.varint(), "a level index");
        i.levelCount = u32(r.varint(), "a level count");
        check(uint64_t(i.levelBegin) + i.levelCount <= m_counts[kLevels], "a track's levels are out of range");
        i.slices = rows(r, m_counts[kSlices], "a track's slice");
        i.instants = rows(r, m_counts[kInstants], "a track's instant");
        i.heightMeaning = idBelow<StringId>(r, strings, "height meaning");
        i.heightFull = idBelow<StringId>(r, strings, "height scale");
        // Tracks own consecutive blocks of rows, so sliceTrack() finds every row's track.
        check(i.slices.begin == row, "the tracks' slice rows are not consecutive");
        row = i.slices.end;
        s.m_trackRowStart[t] = i.slices.begin;
    }
    check(row == m_counts[kSlices], "some slice rows belong to no track");
    r.expectEnd();
}

void SnapshotReader::levels(EventStore& s, ByteReader& r)
{
    const uint64_t n = m_counts[kLevels];
    r.needItems(n, 2);
    s.m_levels.resize(n);
    for (RowRange& lv : s.m_levels)
        lv = rows(r, m_counts[kSlices], "a level's");
    r.expectEnd();
    // A track's levels split its rows in depth order: every row is in exactly one level.
    for (const TrackInfo& t : s.m_tracks) {
        uint32_t at = t.slices.begin;
        for (uint32_t d = 0; d < t.levelCount; ++d) {
            const RowRange lv = s.m_levels[t.levelBegin + d];
            check(lv.begin == at, "a track's levels do not follow each other");
            at = lv.end;
        }
        check(at == t.slices.end, "a track's levels do not cover its rows");
    }
}

void SnapshotReader::attachments(ByteReader& r)
{
    const uint64_t n = r.varint();
    check(n <= kMaxAttachments, "too many attachments");
    for (uint64_t i = 0; i < n; ++i) {
        std::string name = r.string();
        check(!name.empty() && name.size() <= kMaxAttachmentName, "an attachment's name is empty or too long");
        std::string value = r.string();
        check(m_attachments.emplace(std::move(name), std::move(value)).second, "an attachment is named twice");
    }
    r.expectEnd();
}

void SnapshotReader::decodeSection(EventStore& s, uint32_t id)
{
    const std::unique_ptr<SectionStream> stream = section(id);
    ByteReader r(*stream, m_options.windowBytes);
    switch (SectionId(id)) {
    case SectionId::Counts: counts(r); break;
    case SectionId::Strings: strings(s, r); break;
    case SectionId::Types: types(s, r); break;
    case SectionId::Args: args(s, r); break;
    case SectionId::Processes: processes(s, r); break;
    case SectionId::Tracks: tracks(s, r); break;
    case SectionId::Levels: levels(s, r); break;
    case SectionId::Instants: instants(s, r); break;
    case SectionId::Counters: counters(s, r); break;
    case SectionId::Flows: flows(s, r); break;
    case SectionId::Memory: memory(s, r); break;
    case SectionId::Attachments: attachments(r); break;
    case SectionId::Extent:
    case SectionId::Diagnostics:
    case SectionId::Skipped:
    case SectionId::Metadata: wholeTrace(s, id, r); break;
    default: sliceColumns(s, id, r); break;
    }
    // Each decoder ends with it; here too, so no section is trusted before its frame ended.
    r.expectEnd();
}

void SnapshotReader::decode(EventStore& s)
{
    using S = SectionId;
    // The small tables every check needs first; then three groups that write disjoint parts
    // of the store, on up to Options::threads threads: the slice columns the levels are
    // checked with; the string, type and arg tables; the rest.
    const std::vector<std::vector<S>> groups { { S::Counts, S::Processes, S::Tracks, S::Levels },
        { S::SliceTs, S::SliceDur, S::SliceParent, S::SliceDepth }, { S::Strings, S::Types, S::Args },
        { S::SliceType, S::SliceArgs, S::SliceHeight, S::Instants, S::Counters, S::Flows, S::Extent, S::Diagnostics,
            S::Skipped, S::Metadata, S::Memory, S::Attachments } };
    struct Failure {
        uint64_t at = UINT64_MAX;
        std::string what;
    };
    std::vector<Failure> failures(groups.size());
    auto run = [&](size_t g) {
        for (const S id : groups[g]) {
            if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
                failures[g] = { 0, kCancelled };
                return;
            }
            try {
                decodeSection(s, uint32_t(id));
                if (m_options.progress)
                    m_options.progress(double(++m_sectionsDone) / kSectionCount);
            } catch (const FormatError& e) {
                failures[g] = { m_dir[uint32_t(id) - 1].offset, e.what() };
                return;
            } catch (const std::bad_alloc&) {
                failures[g] = { m_dir[uint32_t(id) - 1].offset, "out of memory reading the section" };
                return;
            } catch (const std::exception& e) { // a table's own limit (length_error)
                failures[g] = { m_dir[uint32_t(id) - 1].offset, e.what() };
                return;
            }
        }
    };
    // The error names the first bad section in the file, whichever thread found it.
    auto firstFailure = [&] {
        const Failure* first = nullptr;
        for (const Failure& f : failures)
            if (f.at != UINT64_MAX && (!first || f.at < first->at))
                first = &f;
        if (first) {
            m_at = first->at;
            throw FormatError(first->what);
        }
    };
    run(0);
    firstFailure();
    Parallel::forEach(groups.size() - 1, std::max(1u, m_options.threads), [&](size_t i, unsigned) { run(i + 1); });
    firstFailure();
    // Cross-table references, now that every table is in.
    m_at = m_dir[uint32_t(SectionId::Counters) - 1].offset;
    for (uint32_t c = 0; c < s.m_counters.size(); ++c)
        check(s.m_tracks[s.m_counters[c].track.v].counter == CounterId(c), "a counter and its track disagree");
}

SnapshotReadResult SnapshotReader::read(
    const uint8_t* data, size_t size, const std::string& name, const Options& options)
{
    return read(data, size, -1, name, options);
}

SnapshotReadResult SnapshotReader::read(
    const uint8_t* data, size_t size, int fd, const std::string& name, const Options& options)
{
    SnapshotReadResult out;
    SnapshotReader reader(data, size, options);
    reader.m_fd = fd;
    try {
        reader.header(out);
        if (options.expectedFingerprint && out.fingerprint != *options.expectedFingerprint) {
            out.stale = true;
            out.fingerprint.clear();
            out.error = name + ": stale: made from another version of the source (header at byte 0)";
            return out;
        }
        auto store = std::make_shared<EventStore>();
        reader.decode(*store);
        out.store = std::move(store);
        out.attachments = std::move(reader.m_attachments);
    } catch (const FormatError& e) {
        if (options.cancel && options.cancel->load() && std::strcmp(e.what(), kCancelled) == 0) {
            out.cancelled = true;
            out.error = name + ": load cancelled";
            return out;
        }
        out.errorOffset = reader.m_at;
        std::string where = "header";
        for (const DirectoryEntry& d : reader.m_dir)
            if (d.offset == reader.m_at && reader.m_at)
                where = std::string(sectionName(SectionId(d.id))) + " section";
        if (where == "header" && reader.m_at)
            where = "directory";
        out.error = name + ": " + e.what() + " (" + where + " at byte " + std::to_string(reader.m_at) + ")";
        out.fingerprint.clear();
    } catch (const std::bad_alloc&) { // outside the sections: the header's buffers
        out.errorOffset = reader.m_at;
        out.error = name + ": out of memory reading the snapshot (at byte " + std::to_string(reader.m_at) + ")";
        out.fingerprint.clear();
    }
    return out;
}

SnapshotReadResult SnapshotReader::read(const std::string& path, const Options& options)
{
    SnapshotReadResult out;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        out.error = path + ": " + std::strerror(errno);
        return out;
    }
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        out.error = path + ": not a regular file";
        return out;
    }
    const auto size = size_t(st.st_size);
    // Read, not mapped (see StoredBytes): the header and directory here, at most their
    // largest size; the sections as they decode, on the decoding threads.
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    std::vector<uint8_t> head(std::min(size, kMaxHeadBytes));
    StoredBytes file;
    file.fd = fd;
    file.size = size;
    try {
        file.copy(0, head.data(), head.size());
    } catch (const FormatError& e) {
        out.error = path + ": " + e.what() + " (header at byte 0)";
        ::close(fd);
        return out;
    }
    out = read(head.data(), size, fd, path, options);
    ::close(fd);
    return out;
}

} // namespace strata::store
