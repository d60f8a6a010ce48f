#include "sourceindex.h"
#include "locationtable.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>
#include <iterator>
#include <numeric>

namespace strata::analysis {

namespace {

constexpr uint32_t kPollRows = 1u << 16;
constexpr size_t kMinRowsPerThread = 1u << 17;

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

struct RefKey {
    uint8_t origin;
    uint32_t text;
    int64_t line;
    uint32_t lineText;
    bool operator==(const RefKey& o) const
    {
        return origin == o.origin && text == o.text && line == o.line && lineText == o.lineText;
    }
};
struct RefKeyHash {
    size_t operator()(const RefKey& k) const
    {
        uint64_t h = (uint64_t(k.text) << 8 | k.origin) * 0x9e3779b97f4a7c15ull;
        h ^= (uint64_t(k.line) + (uint64_t(k.lineText) << 32)) * 0xc2b2ae3d27d4eb4full;
        return size_t(h ^ (h >> 29));
    }
};

} // namespace

// The state one build() hands from step to step.
struct SourceIndex::Build {
    Build(const store::EventStore& store, const std::atomic<bool>* cancelFlag)
        : s(store)
        , cancel(cancelFlag)
        , locator(store)
    {
    }
    // The first slice row of part p; part `parts` is the end.
    uint32_t partBegin(unsigned p) const { return uint32_t(s.sliceCount() * p / parts); }

    const store::EventStore& s;
    const std::atomic<bool>* cancel;
    const SourceLocator locator;
    LocationTable table;
    unsigned parts = 1; // the slice rows split in this many parts, one per thread
    std::vector<uint8_t> argOrigin; // per ArgSetId: the SourceOrigin of m_argLoc
    std::vector<uint32_t> sliceCount, instCount; // per location id
    std::vector<store::TimeNs> sliceDur; // per location id
};

void SourceIndex::clear()
{
    *this = SourceIndex();
}

bool SourceIndex::build(const store::EventStore& s, const std::atomic<bool>* cancel, unsigned threads)
{
    clear();
    Build b(s, cancel);
    locateTypes(b);
    if (cancelled(cancel)) {
        clear();
        return false;
    }
    b.parts = unsigned(std::max<size_t>(1,
        std::min<size_t>(
            store::Parallel::threads(threads, store::Parallel::kLightThreads), s.sliceCount() / kMinRowsPerThread)));
    if (b.locator.anyArgKeys()) {
        std::vector<std::vector<uint8_t>> needed;
        if (!markArgSets(b, needed) || !resolveArgSets(b, needed)) {
            clear();
            return false;
        }
    }
    if (!indexSlices(b)) {
        clear();
        return false;
    }
    indexInstants(b);
    collectFiles(b);
    return true;
}

// Step 1: a location per type, parsed once per distinct source string.
void SourceIndex::locateTypes(Build& b)
{
    const store::TypeTable& types = b.s.types();
    m_typeLoc.assign(types.size(), kNone);
    std::unordered_map<uint32_t, uint32_t> bySource;
    for (uint32_t t = 0; t < types.size(); ++t) {
        const store::StringId src = types.get(store::TypeId(t)).source;
        if (!src.valid())
            continue;
        auto it = bySource.find(src.v);
        if (it == bySource.end()) {
            const SourceLocation loc = b.locator.locate(store::TypeId(t));
            it = bySource.emplace(src.v, loc.valid() ? b.table.intern(loc) : kNone).first;
        }
        m_typeLoc[t] = it->second;
    }
}

// Step 2, first half: per part, a byte per ArgSetId, 1 when a slice of the part whose type
// has no location carries that set; instants mark part 0's. False when cancelled.
bool SourceIndex::markArgSets(const Build& b, std::vector<std::vector<uint8_t>>& needed) const
{
    const store::EventStore& s = b.s;
    const size_t sets = s.args().setCount();
    needed.assign(b.parts, {});
    std::vector<uint8_t> stop(b.parts, 0);
    store::Parallel::parts(b.parts, [&](unsigned p) {
        std::vector<uint8_t>& need = needed[p];
        need.assign(sets, 0);
        uint32_t poll = 0;
        for (uint32_t r = b.partBegin(p), end = b.partBegin(p + 1); r < end; ++r) {
            if (++poll == kPollRows) {
                poll = 0;
                if (cancelled(b.cancel)) {
                    stop[p] = 1;
                    return;
                }
            }
            const store::SliceRow row(r);
            if (m_typeLoc[s.sliceType(row).v] != kNone)
                continue;
            const store::ArgSetId a = s.sliceArgs(row);
            if (a.valid())
                need[a.v] = 1;
        }
    });
    if (std::find(stop.begin(), stop.end(), 1) != stop.end() || cancelled(b.cancel))
        return false;
    for (uint32_t i = 0; i < s.instantCount(); ++i) {
        const store::InstantRow row(i);
        const store::ArgSetId a = s.instantArgs(row);
        if (m_typeLoc[s.instantType(row).v] == kNone && a.valid())
            needed[0][a.v] = 1;
    }
    return true;
}

// Step 2, second half: the location of each marked set, by SourceLocator's priority (the
// first origin whose text resolves), each distinct text resolved once. False when cancelled.
bool SourceIndex::resolveArgSets(Build& b, const std::vector<std::vector<uint8_t>>& needed)
{
    const size_t sets = b.s.args().setCount();
    m_argLoc.assign(sets, kNone);
    b.argOrigin.assign(sets, 0);
    std::unordered_map<RefKey, uint32_t, RefKeyHash> byRef;
    for (uint32_t set = 0; set < sets; ++set) {
        bool need = false;
        for (unsigned p = 0; p < b.parts && !need; ++p)
            need = needed[p][set];
        if (!need)
            continue;
        if ((set & 0xffff) == 0 && cancelled(b.cancel))
            return false;
        SourceOrigin after = SourceOrigin::None;
        for (;;) {
            const SourceArgRef ref = b.locator.find(store::ArgSetId(set), after);
            if (!ref.valid())
                break;
            const RefKey key { uint8_t(ref.origin), ref.text.v, ref.line, ref.lineText.v };
            auto it = byRef.find(key);
            if (it == byRef.end()) {
                const SourceLocation loc = b.locator.resolve(ref);
                it = byRef.emplace(key, loc.valid() ? b.table.intern(loc) : kNone).first;
            }
            if (it->second != kNone) {
                m_argLoc[set] = it->second;
                b.argOrigin[set] = uint8_t(ref.origin);
                break;
            }
            after = ref.origin;
        }
    }
    return true;
}

// Step 3: the slices' CSR. Each part counts per location, the counts give the offsets (and
// each part its write cursor), then each part fills its rows: every list comes out sorted.
// False when cancelled.
bool SourceIndex::indexSlices(Build& b)
{
    const store::EventStore& s = b.s;
    const size_t nLoc = b.table.size();
    struct PartCounts {
        std::vector<uint32_t> count; // then: the part's write cursor per location
        std::vector<store::TimeNs> dur;
        uint64_t origins[7] = {};
        bool stopped = false;
    };
    std::vector<PartCounts> pc(b.parts);
    store::Parallel::parts(b.parts, [&](unsigned p) {
        PartCounts& c = pc[p];
        c.count.assign(nLoc, 0);
        c.dur.assign(nLoc, 0);
        if (nLoc == 0)
            return;
        uint32_t poll = 0;
        for (uint32_t r = b.partBegin(p), end = b.partBegin(p + 1); r < end; ++r) {
            if (++poll == kPollRows) {
                poll = 0;
                if (cancelled(b.cancel)) {
                    c.stopped = true;
                    return;
                }
            }
            const store::SliceRow row(r);
            const store::TypeId type = s.sliceType(row);
            const store::ArgSetId args = s.sliceArgs(row);
            const uint32_t l = locOf(type, args);
            if (l == kNone)
                continue;
            ++c.count[l];
            c.dur[l] = store::TimeMath::saturatingAdd(c.dur[l], s.sliceDur(row));
            ++c.origins[m_typeLoc[type.v] != kNone ? size_t(SourceOrigin::TypeSource) : b.argOrigin[args.v]];
        }
    });
    for (const PartCounts& c : pc)
        if (c.stopped)
            return false;
    b.sliceCount.assign(nLoc, 0);
    b.sliceDur.assign(nLoc, 0);
    m_sliceOffsets.assign(nLoc + 1, 0);
    for (size_t l = 0; l < nLoc; ++l) {
        uint32_t at = m_sliceOffsets[l];
        for (unsigned p = 0; p < b.parts; ++p) {
            const uint32_t n = pc[p].count[l];
            pc[p].count[l] = at; // cursor
            at += n;
            b.sliceCount[l] += n;
            b.sliceDur[l] = store::TimeMath::saturatingAdd(b.sliceDur[l], pc[p].dur[l]);
        }
        m_sliceOffsets[l + 1] = at;
    }
    for (const PartCounts& c : pc)
        for (size_t o = 0; o < 7; ++o)
            m_originCount[o] += c.origins[o];
    m_sliceRows.resize(m_sliceOffsets[nLoc]);
    store::Parallel::parts(b.parts, [&](unsigned p) {
        std::vector<uint32_t>& cursor = pc[p].count;
        if (nLoc == 0)
            return;
        for (uint32_t r = b.partBegin(p), end = b.partBegin(p + 1); r < end; ++r) {
            const store::SliceRow row(r);
            const uint32_t l = locOf(s.sliceType(row), s.sliceArgs(row));
            if (l != kNone)
                m_sliceRows[cursor[l]++] = row;
        }
    });
    return !cancelled(b.cancel);
}

// Step 3 for the instants: the same CSR, on one thread (there are few).
void SourceIndex::indexInstants(Build& b)
{
    const store::EventStore& s = b.s;
    const size_t nLoc = b.table.size();
    b.instCount.assign(nLoc, 0);
    m_instOffsets.assign(nLoc + 1, 0);
    if (nLoc == 0)
        return;
    for (uint32_t i = 0; i < s.instantCount(); ++i) {
        const store::InstantRow row(i);
        const store::TypeId type = s.instantType(row);
        const store::ArgSetId args = s.instantArgs(row);
        const uint32_t l = locOf(type, args);
        if (l == kNone)
            continue;
        ++b.instCount[l];
        ++m_originCount[m_typeLoc[type.v] != kNone ? size_t(SourceOrigin::TypeSource) : b.argOrigin[args.v]];
    }
    for (size_t l = 0; l < nLoc; ++l)
        m_instOffsets[l + 1] = m_instOffsets[l] + b.instCount[l];
    m_instRows.resize(m_instOffsets[nLoc]);
    std::vector<uint32_t> cursor(m_instOffsets.begin(), m_instOffsets.end() - 1);
    for (uint32_t i = 0; i < s.instantCount(); ++i) {
        const store::InstantRow row(i);
        const uint32_t l = locOf(s.instantType(row), s.instantArgs(row));
        if (l != kNone)
            m_instRows[cursor[l]++] = row;
    }
}

// Step 4: files sorted by path, each with its lines sorted by line, only lines with events;
// location ids are renumbered to the files' new order.
void SourceIndex::collectFiles(const Build& b)
{
    const LocationTable& table = b.table;
    const size_t nLoc = table.size();
    std::vector<uint32_t> order(table.m_files.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return table.m_files[x] < table.m_files[y]; });
    std::vector<int32_t> fileIndex(table.m_files.size(), -1);
    std::vector<std::vector<uint32_t>> locsOfFile(table.m_files.size());
    for (uint32_t l = 0; l < nLoc; ++l)
        if (b.sliceCount[l] + b.instCount[l] > 0)
            locsOfFile[table.m_locFile[l]].push_back(l);
    for (uint32_t f : order) {
        std::vector<uint32_t>& locs = locsOfFile[f];
        if (locs.empty())
            continue;
        std::sort(
            locs.begin(), locs.end(), [&](uint32_t x, uint32_t y) { return table.m_locLine[x] < table.m_locLine[y]; });
        fileIndex[f] = int32_t(m_files.size());
        SourceFile file;
        file.path = table.m_files[f];
        for (uint32_t l : locs) {
            SourceLine line;
            line.line = table.m_locLine[l];
            line.slices = b.sliceCount[l];
            line.instants = b.instCount[l];
            line.totalNs = b.sliceDur[l];
            file.slices += line.slices;
            file.instants += line.instants;
            file.totalNs = store::TimeMath::saturatingAdd(file.totalNs, line.totalNs);
            file.lines.push_back(line);
        }
        m_fileByPath.emplace(file.path, int(m_files.size()));
        m_files.push_back(std::move(file));
        m_lineLoc.push_back(std::move(locs));
    }
    m_locFile.resize(nLoc);
    m_locLine = table.m_locLine;
    for (uint32_t l = 0; l < nLoc; ++l)
        m_locFile[l] = uint32_t(fileIndex[table.m_locFile[l]]);
}

int SourceIndex::findFile(std::string_view path) const
{
    const std::string norm = SourceLocator::normalisePath(path);
    if (norm.empty())
        return -1;
    auto it = m_fileByPath.find(norm);
    if (it != m_fileByPath.end())
        return it->second;
    auto endsWith = [](std::string_view s, std::string_view tail) {
        return s.size() > tail.size() && s.substr(s.size() - tail.size()) == tail
            && s[s.size() - tail.size() - 1] == '/';
    };
    int found = -1;
    for (size_t f = 0; f < m_files.size(); ++f) {
        const std::string& p = m_files[f].path;
        if (endsWith(p, norm) || endsWith(norm, p)) {
            if (found >= 0)
                return -1; // ambiguous
            found = int(f);
        }
    }
    return found;
}

const SourceLine* SourceIndex::findLine(int file, uint32_t line) const
{
    if (file < 0 || size_t(file) >= m_files.size())
        return nullptr;
    const std::vector<SourceLine>& lines = m_files[size_t(file)].lines;
    auto it = std::lower_bound(
        lines.begin(), lines.end(), line, [](const SourceLine& l, uint32_t v) { return l.line < v; });
    return it != lines.end() && it->line == line ? &*it : nullptr;
}

template <typename Row> std::vector<Row> SourceIndex::merge(const std::vector<std::pair<const Row*, const Row*>>& spans)
{
    std::vector<Row> out;
    if (spans.empty())
        return out;
    if (spans.size() == 1)
        return std::vector<Row>(spans[0].first, spans[0].second);
    size_t total = 0;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (const auto& [b, e] : spans) {
        total += size_t(e - b);
        lo = std::min(lo, b->v);
        hi = std::max(hi, (e - 1)->v);
    }
    const size_t words = (size_t(hi - lo) + 64) / 64;
    if (words * 8 <= total * 4 * 4 + 4096) {
        // Dense (the usual case for busy lines): one bit per row of [lo, hi], then one
        // ascending scan. O(rows + (hi - lo) / 64), no intermediate lists; the bitmap is at
        // most four times the output's size.
        std::vector<uint64_t> bits(words, 0);
        for (const auto& [b, e] : spans)
            for (const Row* r = b; r != e; ++r) {
                const uint32_t i = r->v - lo;
                bits[i >> 6] |= uint64_t(1) << (i & 63);
            }
        out.reserve(total);
        for (size_t w = 0; w < words; ++w) {
            uint64_t x = bits[w];
            while (x) {
                out.push_back(Row(lo + uint32_t(w * 64) + uint32_t(__builtin_ctzll(x))));
                x &= x - 1;
            }
        }
        return out;
    }
    // Sparse: balanced pairwise merging, O(n log k). Each location's rows are disjoint from
    // the others' (one location per event); unique() only guards the contract.
    std::vector<std::vector<Row>> runs;
    runs.reserve(spans.size());
    for (const auto& [b, e] : spans)
        runs.emplace_back(b, e);
    while (runs.size() > 1) {
        std::vector<std::vector<Row>> next;
        next.reserve((runs.size() + 1) / 2);
        for (size_t i = 0; i + 1 < runs.size(); i += 2) {
            std::vector<Row> m;
            m.reserve(runs[i].size() + runs[i + 1].size());
            std::merge(runs[i].begin(), runs[i].end(), runs[i + 1].begin(), runs[i + 1].end(), std::back_inserter(m));
            std::vector<Row>().swap(runs[i]);
            std::vector<Row>().swap(runs[i + 1]);
            next.push_back(std::move(m));
        }
        if (runs.size() % 2)
            next.push_back(std::move(runs.back()));
        runs = std::move(next);
    }
    out = std::move(runs[0]);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

template <typename Row>
std::vector<Row> SourceIndex::rowsOfLines(int file, const std::vector<uint32_t>& lines,
    const std::vector<uint32_t>& offsets, const std::vector<Row>& rows) const
{
    std::vector<std::pair<const Row*, const Row*>> spans;
    if (file < 0 || size_t(file) >= m_files.size())
        return {};
    std::vector<uint32_t> sorted(lines);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    const std::vector<SourceLine>& fl = m_files[size_t(file)].lines;
    for (uint32_t line : sorted) {
        const SourceLine* l = findLine(file, line);
        if (!l)
            continue;
        const uint32_t loc = m_lineLoc[size_t(file)][size_t(l - fl.data())];
        if (offsets[loc] < offsets[loc + 1])
            spans.emplace_back(rows.data() + offsets[loc], rows.data() + offsets[loc + 1]);
    }
    return merge(spans);
}

std::vector<store::SliceRow> SourceIndex::rowsForLines(int file, const std::vector<uint32_t>& lines) const
{
    return rowsOfLines(file, lines, m_sliceOffsets, m_sliceRows);
}

std::vector<store::InstantRow> SourceIndex::instantsForLines(int file, const std::vector<uint32_t>& lines) const
{
    return rowsOfLines(file, lines, m_instOffsets, m_instRows);
}

SourceIndex::Location SourceIndex::locationOf(const store::EventStore& s, store::SliceRow row) const
{
    if (m_typeLoc.empty() || !row.valid() || row.v >= s.sliceCount())
        return {};
    const uint32_t l = locOf(s.sliceType(row), s.sliceArgs(row));
    if (l == kNone)
        return {};
    return Location { int32_t(m_locFile[l]), m_locLine[l] };
}

SourceIndex::Location SourceIndex::locationOf(const store::EventStore& s, store::InstantRow row) const
{
    if (m_typeLoc.empty() || !row.valid() || row.v >= s.instantCount())
        return {};
    const uint32_t l = locOf(s.instantType(row), s.instantArgs(row));
    if (l == kNone)
        return {};
    return Location { int32_t(m_locFile[l]), m_locLine[l] };
}

size_t SourceIndex::residentBytes() const
{
    size_t b = (m_typeLoc.capacity() + m_argLoc.capacity() + m_sliceOffsets.capacity() + m_instOffsets.capacity()
                   + m_locFile.capacity() + m_locLine.capacity())
            * 4
        + m_sliceRows.capacity() * sizeof(store::SliceRow) + m_instRows.capacity() * sizeof(store::InstantRow);
    for (size_t f = 0; f < m_files.size(); ++f)
        b += sizeof(SourceFile) + m_files[f].path.capacity() + m_files[f].lines.capacity() * sizeof(SourceLine)
            + m_lineLoc[f].capacity() * 4 + 64;
    return b;
}

} // namespace strata::analysis
