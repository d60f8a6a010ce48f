#include "snapshotwriter.h"

#include "bytewriter.h"
#include "snapshotformat.h"
#include "snapshotsink.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace strata::store {

using namespace snapshot;

namespace {

// Ids are stored as v + 1, so the invalid id (all ones) becomes 0 and stays one byte.
template <typename I> uint32_t idPlus(I id)
{
    return uint32_t(id.v + 1u);
}

void idValue(ByteWriter& w, const IdValue& v)
{
    w.put<uint8_t>(v.isString ? 1 : 0);
    w.zigzag(v.num);
    w.varint(idPlus(v.str));
}

uint32_t crc(const uint8_t* p, size_t n)
{
    uLong c = crc32(0L, Z_NULL, 0);
    while (n) {
        const auto chunk = uInt(std::min<size_t>(n, 1u << 30));
        c = crc32(c, p, chunk);
        p += chunk;
        n -= chunk;
    }
    return uint32_t(c);
}

struct CCtxFree {
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};

std::vector<uint8_t> compress(ZSTD_CCtx* ctx, const std::vector<uint8_t>& raw, const SnapshotWriter::Options& o)
{
    ZSTD_CCtx_reset(ctx, ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, o.level);
    // Workers only pay off above a few MiB; below they are thread start-up cost.
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_nbWorkers, raw.size() > (4u << 20) ? o.threads : 0);
    ZSTD_CCtx_setPledgedSrcSize(ctx, raw.size());
    std::vector<uint8_t> out(ZSTD_compressBound(raw.size()));
    const size_t n = ZSTD_compress2(ctx, out.data(), out.size(), raw.data(), raw.size());
    if (ZSTD_isError(n))
        throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

} // namespace

void SnapshotWriter::counts(const EventStore& s, ByteWriter& w)
{
    uint64_t c[kCountFields] = {};
    c[kStrings] = s.m_strings.size();
    c[kTypes] = s.m_types.size();
    c[kArgSets] = s.m_args.setCount();
    c[kProcesses] = s.m_processes.size();
    c[kTracks] = s.m_tracks.size();
    c[kLevels] = s.m_levels.size();
    c[kSlices] = s.m_ts.size();
    c[kHeights] = s.m_height.size();
    c[kInstants] = s.m_instTs.size();
    c[kCounters] = s.m_counters.size();
    c[kCounterSamples] = s.m_ctrTs.size();
    c[kFlows] = s.m_flows.size();
    c[kMemorySpaces] = s.m_memory.spaceCount();
    c[kMemoryRegions] = s.m_memory.regions().size();
    c[kMemoryAccesses] = s.m_memory.size();
    // The sets' words in the argument table's first layout (1 + 3 a set of c args), which
    // the format keeps whatever the table's layout now: the reader checks the sets against it.
    for (uint32_t a = 0; a < s.m_args.setCount(); ++a)
        c[kArgWords] += 1 + 3 * s.m_args.size(ArgSetId(a));
    w.putArray(c, kCountFields);
}

void SnapshotWriter::tables(const EventStore& s, uint32_t id, ByteWriter& w)
{
    switch (SectionId(id)) {
    case SectionId::Strings: // lengths first, then the bytes: names compress better side by side
        for (uint32_t i = 0; i < s.m_strings.size(); ++i)
            w.varint(s.m_strings.view(StringId(i)).size());
        for (uint32_t i = 0; i < s.m_strings.size(); ++i) {
            const std::string_view v = s.m_strings.view(StringId(i));
            w.putArray(v.data(), v.size());
        }
        break;
    case SectionId::Types:
        for (uint32_t i = 0; i < s.m_types.size(); ++i) {
            const EventType& t = s.m_types.get(TypeId(i));
            w.varint(idPlus(t.name));
            w.varint(idPlus(t.category));
            w.varint(idPlus(t.source));
        }
        break;
    case SectionId::Args:
        for (uint32_t a = 0; a < s.m_args.setCount(); ++a) {
            const size_t n = s.m_args.size(ArgSetId(a));
            w.varint(n);
            for (size_t i = 0; i < n; ++i) {
                const Arg arg = s.m_args.at(ArgSetId(a), i);
                w.put<uint8_t>(uint8_t(arg.kind));
                w.varint(arg.key.v);
                switch (arg.kind) {
                case ArgKind::Null: break;
                case ArgKind::String: w.varint(arg.s); break;
                case ArgKind::Uint: w.varint(arg.u); break;
                case ArgKind::Double: w.put(arg.d); break;
                case ArgKind::Int:
                case ArgKind::Bool: w.zigzag(arg.i); break;
                }
            }
        }
        break;
    case SectionId::Processes:
        for (const ProcessInfo& p : s.m_processes) {
            idValue(w, p.pid);
            w.varint(idPlus(p.name));
            w.varint(idPlus(p.labels));
            w.zigzag(p.sortIndex);
            w.put<uint8_t>(p.hasSortIndex ? 1 : 0);
        }
        break;
    case SectionId::Tracks:
        for (const TrackInfo& t : s.m_tracks) {
            w.put<uint8_t>(uint8_t(t.kind));
            w.put<uint8_t>(uint8_t(t.role));
            w.varint(idPlus(t.process));
            idValue(w, t.tid);
            w.varint(idPlus(t.name));
            w.zigzag(t.sortIndex);
            w.varint(idPlus(t.parent));
            w.varint(t.lane);
            w.varint(idPlus(t.counter));
            w.varint(t.levelBegin);
            w.varint(t.levelCount);
            w.varint(t.slices.begin);
            w.varint(t.slices.end);
            w.varint(t.instants.begin);
            w.varint(t.instants.end);
            w.varint(idPlus(t.heightMeaning));
            w.varint(idPlus(t.heightFull));
        }
        break;
    case SectionId::Levels:
        for (const RowRange& r : s.m_levels) {
            w.varint(r.begin);
            w.varint(r.end);
        }
        break;
    default: break;
    }
}

void SnapshotWriter::slices(const EventStore& s, uint32_t id, ByteWriter& w)
{
    const size_t n = s.m_ts.size();
    switch (SectionId(id)) {
    case SectionId::SliceTs: w.deltas(s.m_ts.data(), n, [](TimeNs t) { return t; }); break;
    case SectionId::SliceDur:
        for (size_t i = 0; i < n; ++i)
            w.zigzag(s.m_dur[i]);
        break;
    case SectionId::SliceType: w.varints(s.m_type.data(), n, [](TypeId t) { return t.v; }); break;
    case SectionId::SliceArgs: w.deltas(s.m_argSet.data(), n, [](ArgSetId a) { return idPlus(a); }); break;
    case SectionId::SliceParent: w.deltas(s.m_parent.data(), n, [](SliceRow r) { return idPlus(r); }); break;
    case SectionId::SliceDepth: {
        // Each row's depth less its level's, so a well-formed store writes only zeros; rows
        // outside every level (none in a finalized store) keep their depth.
        std::vector<uint16_t> expected(n, 0);
        for (const TrackInfo& t : s.m_tracks)
            for (uint32_t d = 0; d < t.levelCount; ++d) {
                const RowRange r = s.m_levels[t.levelBegin + d];
                for (uint32_t row = r.begin; row < r.end; ++row)
                    expected[row] = uint16_t(d);
            }
        for (size_t i = 0; i < n; ++i)
            w.zigzag(int64_t(s.m_depth[i]) - expected[i]);
        break;
    }
    case SectionId::SliceHeight: w.putArray(s.m_height.data(), s.m_height.size()); break;
    default: break;
    }
}

void SnapshotWriter::others(const EventStore& s, uint32_t id, ByteWriter& w)
{
    switch (SectionId(id)) {
    case SectionId::Instants: {
        const size_t n = s.m_instTs.size();
        w.deltas(s.m_instTs.data(), n, [](TimeNs t) { return t; });
        w.varints(s.m_instType.data(), n, [](TypeId t) { return t.v; });
        w.deltas(s.m_instArgs.data(), n, [](ArgSetId a) { return idPlus(a); });
        break;
    }
    case SectionId::Counters:
        for (const CounterSeries& c : s.m_counters) {
            w.varint(idPlus(c.process));
            w.varint(idPlus(c.name));
            w.varint(idPlus(c.track));
            w.varint(c.samples.begin);
            w.varint(c.samples.end);
            w.put(c.minValue);
            w.put(c.maxValue);
        }
        w.deltas(s.m_ctrTs.data(), s.m_ctrTs.size(), [](TimeNs t) { return t; });
        w.shuffled(s.m_ctrValue.data(), s.m_ctrValue.size());
        break;
    case SectionId::Flows:
        w.deltas(s.m_flows.data(), s.m_flows.size(), [](const FlowEdge& e) { return e.from.v; });
        for (const FlowEdge& e : s.m_flows) {
            w.zigzag(int64_t(e.to.v) - int64_t(e.from.v));
            w.varint(idPlus(e.name));
            w.varint(idPlus(e.category));
        }
        w.deltas(s.m_flowsByTo.data(), s.m_flowsByTo.size(), [](uint32_t f) { return f; });
        break;
    case SectionId::Extent:
        w.zigzag(s.m_extent.start);
        w.zigzag(s.m_extent.end);
        break;
    case SectionId::Diagnostics:
        w.varint(s.m_diagnostics.counts().size());
        for (const auto& [kind, n] : s.m_diagnostics.counts()) {
            w.string(kind);
            w.varint(n);
        }
        w.varint(s.m_diagnostics.messages().size());
        for (const std::string& m : s.m_diagnostics.messages())
            w.string(m);
        break;
    case SectionId::Skipped:
        w.string(s.m_skipped.source());
        w.string(s.m_skipped.unit());
        w.string(s.m_skipped.shown());
        w.varint(s.m_skipped.total());
        w.varint(s.m_skipped.kinds().size());
        for (const SkippedContent::Kind& k : s.m_skipped.kinds()) {
            w.string(k.key);
            w.string(k.one);
            w.string(k.many);
            w.varint(k.count);
            w.put<uint8_t>(k.skipped ? 1 : 0);
        }
        break;
    case SectionId::Metadata:
        w.varint(s.m_metadata.size());
        for (const auto& [k, v] : s.m_metadata) {
            w.string(k);
            w.string(v);
        }
        break;
    case SectionId::Memory: memory(s.m_memory, w); break;
    default: break;
    }
}

void SnapshotWriter::memory(const MemoryAccessTable& m, ByteWriter& w)
{
    for (uint32_t i = 0; i < m.spaceCount(); ++i) {
        const MemorySpace& sp = m.space(MemorySpaceId(i));
        w.varint(idPlus(sp.name));
        w.put<uint8_t>(uint8_t(sp.kind));
        w.varint(sp.base);
        w.varint(sp.size);
        w.varint(sp.banks);
        w.varint(sp.lanes);
    }
    for (const MemoryRegion& r : m.regions()) {
        w.varint(idPlus(r.space));
        w.varint(r.address);
        w.varint(r.size);
        w.varint(idPlus(r.label));
        w.varint(idPlus(r.category));
        w.zigzag(r.alloc);
        w.zigzag(r.free);
    }
    // Rows are sorted by (space, start, address): starts and addresses as deltas.
    const auto n = uint32_t(m.size());
    for (uint32_t i = 0; i < n; ++i)
        w.zigzag(int64_t(uint64_t(m.start(i)) - uint64_t(i ? m.start(i - 1) : 0)));
    for (uint32_t i = 0; i < n; ++i)
        w.zigzag(int64_t(uint64_t(m.end(i)) - uint64_t(m.start(i))));
    for (uint32_t i = 0; i < n; ++i)
        w.zigzag(int64_t(m.address(i) - (i ? m.address(i - 1) : 0))); // wraps, and wraps back when read
    for (uint32_t i = 0; i < n; ++i)
        w.varint(m.bytes(i));
    for (uint32_t i = 0; i < n; ++i)
        w.zigzag(int64_t(idPlus(m.slice(i))) - int64_t(i ? idPlus(m.slice(i - 1)) : 0));
    for (uint32_t i = 0; i < n; ++i)
        w.varint(m.spaceOf(i).v);
    for (uint32_t i = 0; i < n; ++i)
        w.put<uint8_t>(m.lane(i));
    for (uint32_t i = 0; i < n; ++i)
        w.put<uint8_t>(m.isWrite(i) ? 1 : 0);
}

void SnapshotWriter::section(const EventStore& s, uint32_t id, ByteWriter& w)
{
    if (SectionId(id) == SectionId::Counts)
        counts(s, w);
    else if (id <= uint32_t(SectionId::Levels))
        tables(s, id, w);
    else if (id <= uint32_t(SectionId::SliceHeight))
        slices(s, id, w);
    else
        others(s, id, w);
}

void SnapshotWriter::attachments(const Options& options, ByteWriter& w)
{
    if (options.attachments.size() > kMaxAttachments)
        throw std::runtime_error("more than 64 attachments");
    w.varint(options.attachments.size());
    for (const auto& [name, value] : options.attachments) {
        if (name.empty() || name.size() > kMaxAttachmentName)
            throw std::runtime_error("an attachment's name is empty or over 64 bytes");
        w.string(name);
        w.string(value);
    }
}

void SnapshotWriter::writeAll(
    const EventStore& s, std::string_view fingerprint, const Options& options, SnapshotSink& sink, Stats* stats)
{
    if (fingerprint.size() > kMaxFingerprintBytes)
        throw std::runtime_error("the source fingerprint is over 64 KiB");
    // A job's rank left for the merger (ArgTable::keepRepeats) may repeat a set, which the
    // reader refuses: such a store is no profile to keep.
    if (!s.m_args.deduplicating())
        throw std::runtime_error("the argument sets are not deduplicated (a job's rank before its merge)");
    FileHeader h {};
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.version = kVersion;
    h.byteOrder = kByteOrderMark;
    h.layoutId = layoutId();
    h.sectionCount = kSectionCount;
    h.fingerprintBytes = uint32_t(fingerprint.size());
    std::vector<DirectoryEntry> dir(kSectionCount);
    // Space for the header and directory; written last, once offsets and CRCs are known.
    const uint64_t headBytes = sizeof h + fingerprint.size() + dir.size() * sizeof(DirectoryEntry);
    sink.append(std::vector<uint8_t>(headBytes, 0).data(), headBytes);

    std::unique_ptr<ZSTD_CCtx, CCtxFree> ctx(ZSTD_createCCtx());
    if (!ctx)
        throw std::bad_alloc();
    for (uint32_t i = 0; i < kSectionCount; ++i) {
        ByteWriter w;
        if (SectionId(i + 1) == SectionId::Attachments)
            attachments(options, w);
        else
            section(s, i + 1, w);
        const std::vector<uint8_t> stored = compress(ctx.get(), w.bytes(), options);
        DirectoryEntry& e = dir[i];
        e.id = i + 1;
        e.codec = uint32_t(Codec::Zstd);
        e.offset = sink.size();
        e.storedBytes = stored.size();
        e.rawBytes = w.bytes().size();
        e.crc = crc(stored.data(), stored.size());
        sink.append(stored.data(), stored.size());
        if (stats) {
            stats->rawBytes += e.rawBytes;
            stats->sectionBytes.emplace_back(sectionName(SectionId(e.id)), e.storedBytes);
        }
    }
    h.fileBytes = sink.size();
    uLong c = crc32(0L, Z_NULL, 0);
    c = crc32(c, reinterpret_cast<const Bytef*>(&h), sizeof h);
    if (!fingerprint.empty()) // crc32(c, nullptr, 0) would restart the checksum
        c = crc32(c, reinterpret_cast<const Bytef*>(fingerprint.data()), uInt(fingerprint.size()));
    c = crc32(c, reinterpret_cast<const Bytef*>(dir.data()), uInt(dir.size() * sizeof(DirectoryEntry)));
    h.headerCrc = uint32_t(c);
    sink.patch(0, &h, sizeof h);
    sink.patch(sizeof h, fingerprint.data(), fingerprint.size());
    sink.patch(sizeof h + fingerprint.size(), dir.data(), dir.size() * sizeof(DirectoryEntry));
    if (stats)
        stats->fileBytes = sink.size();
}

std::vector<uint8_t> SnapshotWriter::encode(
    const EventStore& store, std::string_view fingerprint, const Options& options)
{
    std::vector<uint8_t> bytes;
    SnapshotSink sink(&bytes);
    writeAll(store, fingerprint, options, sink, nullptr);
    return bytes;
}

bool SnapshotWriter::write(const EventStore& store, const std::string& path, std::string_view fingerprint,
    std::string* error, const Options& options, Stats* stats)
{
    // The temporary file lives in the target's folder, so the rename cannot cross file systems.
    std::string tmp = path + ".tmp.XXXXXX";
    const int fd = ::mkstemp(&tmp[0]);
    if (fd < 0) {
        if (error)
            *error = path + ": cannot create a temporary file beside it: " + std::strerror(errno);
        return false;
    }
    int open = fd; // -1 once closed, so a failure after the close never closes a reused number
    try {
        // mkstemp makes the file private; a snapshot is as readable as any file the user saves.
        if (::fchmod(fd, 0644) != 0)
            throw std::runtime_error(std::string("chmod failed: ") + std::strerror(errno));
        SnapshotSink sink(fd);
        writeAll(store, fingerprint, options, sink, stats);
        if (::fsync(fd) != 0)
            throw std::runtime_error(std::string("fsync failed: ") + std::strerror(errno));
        open = -1;
        if (::close(fd) != 0)
            throw std::runtime_error(std::string("close failed: ") + std::strerror(errno));
        if (::rename(tmp.c_str(), path.c_str()) != 0)
            throw std::runtime_error(std::string("rename failed: ") + std::strerror(errno));
        // The rename itself reaches the disk with the folder's entry; best effort, the file
        // is complete either way.
        const size_t slash = path.rfind('/');
        const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
        const int dirFd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
        if (dirFd >= 0) {
            ::fsync(dirFd);
            ::close(dirFd);
        }
    } catch (const std::exception& e) {
        if (open >= 0)
            ::close(open);
        ::unlink(tmp.c_str());
        if (error)
            *error = path + ": " + e.what();
        return false;
    }
    return true;
}

} // namespace strata::store
