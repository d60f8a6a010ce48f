#include "searchengine.h"
#include "argevaluator.h"
#include "textmatcher.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>
#include <memory>
#include <regex>
#include <unordered_map>

namespace strata::analysis {

namespace {

constexpr uint32_t kPollRows = 1u << 16;
constexpr size_t kMinRowsPerThread = 1u << 17;
constexpr size_t kMinNamesForThreads = 4096;
constexpr size_t kMinSetsPerThread = 1u << 15;
// Gathered rows are read at random (duration, args): worth it only when they are at most
// 1/kGatherRatio of the rows a scan would read in order.
constexpr size_t kGatherRatio = 1024;

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

std::vector<uint8_t> SearchEngine::matchTypes(
    const store::EventStore& s, const SearchQuery& q, unsigned threads, const SearchIndex* index)
{
    const store::TypeTable& types = s.types();
    std::vector<uint8_t> ok(types.size(), 1);
    if (q.name.empty() && q.category.empty())
        return ok;
    if (index && !index->fits(s))
        index = nullptr;

    // Name: each distinct name id once.
    if (!q.name.empty()) {
        std::unique_ptr<std::regex> re;
        if (q.nameMode == NameMode::Regex) {
            try {
                auto flags = std::regex::ECMAScript | std::regex::optimize;
                if (!q.caseSensitive)
                    flags |= std::regex::icase;
                re = std::make_unique<std::regex>(q.name, flags);
            } catch (const std::regex_error&) {
                return {};
            }
        }
        const TextMatcher text(q.name, q.caseSensitive);
        // Distinct names, in first-seen order; slot per type. From the index when there is
        // one, else hashed here.
        std::vector<store::StringId> ownNames;
        std::vector<uint32_t> ownSlots;
        if (!index) {
            std::unordered_map<uint32_t, uint32_t> slotOf;
            ownSlots.resize(types.size());
            slotOf.reserve(types.size());
            for (uint32_t t = 0; t < types.size(); ++t) {
                const store::StringId id = types.get(store::TypeId(t)).name;
                auto [it, fresh] = slotOf.emplace(id.v, uint32_t(ownNames.size()));
                if (fresh)
                    ownNames.push_back(id);
                ownSlots[t] = it->second;
            }
        }
        const std::vector<store::StringId>& names = index ? index->names() : ownNames;
        const std::vector<uint32_t>& typeSlot = index ? index->typeNameSlots() : ownSlots;
        std::vector<uint8_t> nameOk(names.size(), 0);
        if (index && q.nameMode == NameMode::Substring) {
            index->markContaining(text.needle(), q.caseSensitive, nameOk);
        } else {
            const unsigned parts
                = names.size() >= kMinNamesForThreads && re ? std::max(1u, store::Parallel::threads(threads, 2)) : 1u;
            store::Parallel::parts(parts, [&](unsigned part) {
                const size_t begin = names.size() * part / parts, end = names.size() * (part + 1) / parts;
                for (size_t i = begin; i < end; ++i) {
                    const std::string_view name = index ? index->nameText(i) : s.str(names[i]);
                    bool m = false;
                    switch (q.nameMode) {
                    case NameMode::Substring: m = text.contains(name); break;
                    case NameMode::Exact: m = text.equals(name); break;
                    case NameMode::Regex: m = std::regex_search(name.begin(), name.end(), *re); break;
                    }
                    nameOk[i] = m;
                }
            });
        }
        for (uint32_t t = 0; t < types.size(); ++t)
            ok[t] = nameOk[typeSlot[t]];
    }

    // Category: each distinct category id once.
    if (!q.category.empty()) {
        const TextMatcher cat(q.category, q.caseSensitive);
        if (index) {
            const std::vector<store::StringId>& cats = index->categories();
            std::vector<uint8_t> catOk(cats.size());
            for (size_t i = 0; i < cats.size(); ++i)
                catOk[i] = cat.equalsListItem(s.str(cats[i]));
            const std::vector<uint32_t>& slot = index->typeCategorySlots();
            for (uint32_t t = 0; t < types.size(); ++t)
                ok[t] = ok[t] && catOk[slot[t]];
            return ok;
        }
        std::unordered_map<uint32_t, bool> catOk;
        for (uint32_t t = 0; t < types.size(); ++t) {
            if (!ok[t])
                continue;
            const store::StringId c = types.get(store::TypeId(t)).category;
            auto it = catOk.find(c.v);
            if (it == catOk.end())
                it = catOk.emplace(c.v, cat.equalsListItem(s.str(c))).first;
            ok[t] = it->second;
        }
    }
    return ok;
}

namespace {

// Stage 2: a byte per track, 1 when its label or its process's label contains q.track. Each
// process label is tested once.
std::vector<uint8_t> matchTracks(const store::EventStore& s, const SearchQuery& q)
{
    std::vector<uint8_t> trackOk(s.trackCount(), 1);
    if (q.track.empty())
        return trackOk;
    const TextMatcher track(q.track, q.caseSensitive);
    std::unordered_map<uint32_t, bool> processOk;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::TrackInfo& info = s.track(store::TrackId(t));
        auto it = processOk.find(info.process.v);
        if (it == processOk.end())
            it = processOk.emplace(info.process.v, track.contains(s.processLabel(info.process))).first;
        trackOk[t] = it->second || track.contains(s.trackLabel(store::TrackId(t)));
    }
    return trackOk;
}

// The slice rows stage 3 scans: whole accepted tracks, or with a time range the rows of each
// level that overlap it. Ascending, adjacent ranges merged.
std::vector<store::RowRange> sliceRanges(
    const store::EventStore& s, const SearchQuery& q, const std::vector<uint8_t>& trackOk)
{
    std::vector<store::RowRange> ranges;
    auto addRange = [&](store::RowRange r) {
        if (r.empty())
            return;
        if (!ranges.empty() && ranges.back().end == r.begin)
            ranges.back().end = r.end;
        else
            ranges.push_back(r);
    };
    if (!q.slices)
        return ranges;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        if (!trackOk[t])
            continue;
        const store::TrackId track(t);
        if (!q.range) {
            addRange(s.track(track).slices);
            continue;
        }
        for (uint32_t d = 0; d < s.levelCount(track); ++d)
            addRange(s.slicesInRange(track, d, q.range->start, q.range->end));
    }
    return ranges;
}

// What a row of an accepted track must pass, prepared once per run and read by every thread.
struct RowTest {
    const store::EventStore& s;
    const SearchQuery& q;
    const std::vector<uint8_t>& typeOk;
    std::vector<ArgEvaluator::Condition> conds;
    store::TimeNs minDur, maxDur;
    std::vector<uint64_t> argBits; // a bit per ArgSetId when evaluated up front, else empty
    std::vector<uint64_t> typeBits; // typeOk as bits: 1/8 of the bytes, stays in L1 longer
    bool allTypes = false; // every type passes: the type column is not read
};

std::vector<uint64_t> toBits(const std::vector<uint8_t>& bytes)
{
    std::vector<uint64_t> bits((bytes.size() + 63) / 64, 0);
    for (size_t i = 0; i < bytes.size(); ++i)
        bits[i >> 6] |= uint64_t(bytes[i] != 0) << (i & 63);
    return bits;
}

// One thread's arg test: the run's bit per set when there is one, else a lazy evaluator.
class ArgTest {
public:
    explicit ArgTest(const RowTest& t)
        : m_eval(t.s, t.conds, t.q.caseSensitive)
        , m_bits(t.argBits.empty() ? nullptr : t.argBits.data())
    {
    }
    bool operator()(store::ArgSetId set)
    {
        if (!m_bits)
            return m_eval.test(set);
        return set.valid() && (m_bits[set.v >> 6] >> (set.v & 63) & 1);
    }
    // A cache hint for a set tested soon: the bits of a big store's sets are read at random.
    void prefetch(store::ArgSetId set) const
    {
        if (m_bits && set.valid())
            __builtin_prefetch(m_bits + (set.v >> 6));
    }

private:
    ArgEvaluator m_eval;
    const uint64_t* m_bits;
};

// Every arg set against the conditions, once, on up to maxParts threads in table order.
std::vector<uint64_t> evaluateArgSets(const RowTest& t, unsigned maxParts)
{
    const size_t sets = t.s.args().setCount();
    std::vector<uint64_t> bits((sets + 63) / 64, 0);
    const size_t words = bits.size();
    const unsigned parts = unsigned(std::max<size_t>(1, std::min<size_t>(maxParts, sets / kMinSetsPerThread)));
    store::Parallel::parts(parts, [&](unsigned part) {
        ArgEvaluator eval(t.s, t.conds, t.q.caseSensitive);
        const size_t begin = words * part / parts * 64, end = std::min(sets, words * (part + 1) / parts * 64);
        if (begin < end)
            eval.evaluateAll(uint32_t(begin), uint32_t(end), bits.data());
    });
    return bits;
}

// One thread's share of the slice scan.
struct SlicePart {
    std::vector<store::SliceRow> rows;
    store::TimeNs total = 0;
    bool cancelled = false;
};

// Scans rows [from, to) of the concatenated ranges: type byte, then duration, then args.
// `reserve` rows are reserved up front (at least to - from): address space only, the pages
// are touched as rows are written, and the vector never grows by copying.
void scanSlicePart(const RowTest& t, const std::vector<store::RowRange>& ranges, size_t from, size_t to, size_t reserve,
    const std::atomic<bool>* cancel, SlicePart& o)
{
    const store::EventStore& s = t.s;
    ArgTest argTest(t);
    o.rows.reserve(reserve);
    const uint64_t* typeBits = t.typeBits.data();
    const bool durTest = t.minDur != store::kTimeMin || t.maxDur != store::kTimeMax;
    // Blocks of rows in two steps without branches on the data: the rows whose type passes,
    // then of those the ones whose duration and args pass (same order, same tests as one
    // row at a time).
    constexpr uint32_t kBlock = 1024;
    store::SliceRow cand[kBlock], pass[kBlock];
    size_t seen = 0;
    uint32_t poll = 0;
    for (const store::RowRange& r : ranges) {
        const size_t lo = std::max(from, seen), hi = std::min(to, seen + r.size());
        if (lo < hi) {
            const uint32_t begin = r.begin + uint32_t(lo - seen), end = r.begin + uint32_t(hi - seen);
            for (uint32_t b = begin; b < end;) {
                const uint32_t e = end - b > kBlock ? b + kBlock : end;
                poll += e - b;
                if (poll >= kPollRows) {
                    poll = 0;
                    if (cancelled(cancel)) {
                        o.cancelled = true;
                        return;
                    }
                }
                uint32_t n = 0;
                if (t.allTypes) {
                    for (uint32_t row = b; row < e; ++row)
                        cand[n++] = store::SliceRow(row);
                } else {
                    for (uint32_t row = b; row < e; ++row) {
                        const uint32_t type = s.sliceType(store::SliceRow(row)).v;
                        cand[n] = store::SliceRow(row);
                        n += uint32_t(typeBits[type >> 6] >> (type & 63)) & 1u;
                    }
                }
                uint32_t m = 0;
                constexpr uint32_t kAhead = 16;
                if (!t.conds.empty())
                    for (uint32_t i = 0; i < n && i < kAhead; ++i)
                        argTest.prefetch(s.sliceArgs(cand[i]));
                for (uint32_t i = 0; i < n; ++i) {
                    if (!t.conds.empty() && i + kAhead < n)
                        argTest.prefetch(s.sliceArgs(cand[i + kAhead]));
                    const store::TimeNs dur = s.sliceDur(cand[i]);
                    bool ok = !durTest || (dur >= t.minDur && dur <= t.maxDur);
                    if (!t.conds.empty())
                        ok = ok && argTest(s.sliceArgs(cand[i]));
                    pass[m] = cand[i];
                    m += ok;
                    o.total = store::TimeMath::saturatingAdd(o.total, ok ? dur : 0);
                }
                o.rows.insert(o.rows.end(), pass, pass + m);
                b = e;
            }
        }
        seen += r.size();
        if (seen >= to)
            break;
    }
}

size_t rowCount(const std::vector<store::RowRange>& ranges)
{
    size_t n = 0;
    for (const store::RowRange& r : ranges)
        n += r.size();
    return n;
}

// How many parts the scan of `rows` rows uses; the totals are summed per part in this split.
unsigned scanParts(size_t rows, unsigned maxParts)
{
    return unsigned(std::max<size_t>(1, std::min<size_t>(maxParts, rows / kMinRowsPerThread)));
}

// Stage 3 over the slices, on up to maxParts threads: appends the passing rows (ascending, as
// the parts are in row order) and their total to `result`. False, appending nothing, when
// cancelled.
bool scanSlices(const RowTest& t, const std::vector<store::RowRange>& ranges, unsigned maxParts,
    const std::atomic<bool>* cancel, SearchResult& result)
{
    const size_t totalRows = rowCount(ranges);
    const unsigned parts = scanParts(totalRows, maxParts);
    std::vector<SlicePart> out(parts);
    // Part 0 reserves room for every row, so the later parts' rows are appended to it in
    // place: one copy of their rows, none of part 0's.
    store::Parallel::parts(parts, [&](unsigned part) {
        const size_t from = totalRows * part / parts, to = totalRows * (part + 1) / parts;
        scanSlicePart(t, ranges, from, to, part == 0 ? totalRows : to - from, cancel, out[part]);
    });
    size_t found = 0;
    for (const SlicePart& p : out) {
        if (p.cancelled)
            return false;
        found += p.rows.size();
    }
    // Kept in part 0's vector when at least half its reservation is used; else copied to an
    // exact one (a few rows of a big scan must not hold the whole reservation).
    const bool keep = found * 2 >= out[0].rows.capacity();
    if (!keep)
        result.slices.reserve(found);
    for (unsigned p = 0; p < parts; ++p) {
        SlicePart& part = out[p];
        if (p == 0 && keep)
            result.slices = std::move(part.rows);
        else
            result.slices.insert(result.slices.end(), part.rows.begin(), part.rows.end());
        result.totalNs = store::TimeMath::saturatingAdd(result.totalNs, part.total);
        std::vector<store::SliceRow>().swap(part.rows);
    }
    return true;
}

// Stage 3 when every row of the ranges passes (any type, any duration, no args): the rows
// are the ranges themselves, written by one thread while the other sums the durations in
// the parts scanSlices() would use.
bool appendRanges(const store::EventStore& s, const std::vector<store::RowRange>& ranges, unsigned maxParts,
    const std::atomic<bool>* cancel, SearchResult& result)
{
    const size_t totalRows = rowCount(ranges);
    const unsigned parts = scanParts(totalRows, maxParts);
    std::vector<store::TimeNs> totals(parts, 0);
    std::atomic<bool> stop { false };
    auto sum = [&](unsigned part) {
        const size_t from = totalRows * part / parts, to = totalRows * (part + 1) / parts;
        size_t seen = 0;
        store::TimeNs total = 0;
        for (const store::RowRange& r : ranges) {
            const size_t lo = std::max(from, seen), hi = std::min(to, seen + r.size());
            for (uint32_t row = r.begin + uint32_t(lo - seen), end = r.begin + uint32_t(hi - seen);
                 lo < hi && row < end; ++row)
                total = store::TimeMath::saturatingAdd(total, s.sliceDur(store::SliceRow(row)));
            seen += r.size();
            if (seen >= to || cancelled(cancel))
                break;
        }
        totals[part] = total;
    };
    auto fill = [&] {
        result.slices.reserve(totalRows);
        for (const store::RowRange& r : ranges) {
            for (uint32_t row = r.begin; row < r.end; ++row)
                result.slices.push_back(store::SliceRow(row));
            if (cancelled(cancel)) {
                stop = true;
                return;
            }
        }
    };
    if (maxParts < 2) {
        fill();
        for (unsigned p = 0; p < parts; ++p)
            sum(p);
    } else {
        store::Parallel::parts(2, [&](unsigned worker) {
            if (worker == 0)
                fill();
            else
                for (unsigned p = 0; p < parts; ++p)
                    sum(p);
        });
    }
    if (stop || cancelled(cancel)) {
        std::vector<store::SliceRow>().swap(result.slices);
        return false;
    }
    for (store::TimeNs t : totals)
        result.totalNs = store::TimeMath::saturatingAdd(result.totalNs, t);
    return true;
}

// The rows of the accepted types from the index's lists (`lists`: the slices' or the
// instants'), ascending, when every accepted type is listed and they are few against the
// `scanned` rows a scan would read; false otherwise.
template <typename Row, typename Lists>
bool gatherRows(const std::vector<uint8_t>& typeOk, size_t scanned, Lists lists, std::vector<Row>& rows)
{
    size_t total = 0, nonEmpty = 0;
    for (uint32_t t = 0; t < typeOk.size(); ++t) {
        if (!typeOk[t])
            continue;
        const store::TypeId type(t);
        if (!lists.indexed(type))
            return false;
        total += lists.count(type);
        nonEmpty += lists.count(type) != 0;
    }
    if (total * kGatherRatio > scanned)
        return false;
    rows.reserve(total);
    for (uint32_t t = 0; t < typeOk.size(); ++t)
        if (typeOk[t])
            rows.insert(rows.end(), lists.begin(store::TypeId(t)), lists.end(store::TypeId(t)));
    if (nonEmpty > 1)
        std::sort(rows.begin(), rows.end());
    return true;
}

struct SliceLists {
    const SearchIndex& index;
    bool indexed(store::TypeId t) const { return index.indexed(t); }
    uint32_t count(store::TypeId t) const { return index.sliceCount(t); }
    const store::SliceRow* begin(store::TypeId t) const { return index.rowsBegin(t); }
    const store::SliceRow* end(store::TypeId t) const { return index.rowsEnd(t); }
};

struct InstantLists {
    const SearchIndex& index;
    bool indexed(store::TypeId t) const { return index.instantsIndexed(t); }
    uint32_t count(store::TypeId t) const { return index.instantCount(t); }
    const store::InstantRow* begin(store::TypeId t) const { return index.instantsBegin(t); }
    const store::InstantRow* end(store::TypeId t) const { return index.instantsEnd(t); }
};

// Stage 3 over gathered rows (ascending, types already accepted): those inside the ranges
// that pass duration and args, with their total summed in the parts scanSlices() would use,
// so the total is the scan's to the last saturation. False when cancelled.
bool filterGathered(const RowTest& t, const std::vector<store::RowRange>& ranges,
    const std::vector<store::SliceRow>& rows, unsigned maxParts, const std::atomic<bool>* cancel, SearchResult& result)
{
    const store::EventStore& s = t.s;
    const size_t totalRows = rowCount(ranges);
    const unsigned parts = scanParts(totalRows, maxParts);
    std::vector<store::TimeNs> totals(parts, 0);
    ArgTest argTest(t);
    size_t ri = 0, seen = 0; // ranges[ri] starts at position `seen` of the concatenated ranges
    uint32_t poll = 0;
    for (const store::SliceRow row : rows) {
        if (++poll == kPollRows) {
            poll = 0;
            if (cancelled(cancel))
                return false;
        }
        while (ri < ranges.size() && ranges[ri].end <= row.v)
            seen += ranges[ri++].size();
        if (ri == ranges.size())
            break;
        if (row.v < ranges[ri].begin)
            continue;
        const store::TimeNs dur = s.sliceDur(row);
        if (dur < t.minDur || dur > t.maxDur || !argTest(s.sliceArgs(row)))
            continue;
        const size_t at = seen + (row.v - ranges[ri].begin);
        unsigned part = 0;
        while (part + 1 < parts && at >= totalRows * (part + 1) / parts)
            ++part;
        totals[part] = store::TimeMath::saturatingAdd(totals[part], dur);
        result.slices.push_back(row);
    }
    for (store::TimeNs v : totals)
        result.totalNs = store::TimeMath::saturatingAdd(result.totalNs, v);
    return true;
}

// The instant rows of the accepted tracks (whole, or those in the range), ascending.
std::vector<store::RowRange> instantRanges(
    const store::EventStore& s, const SearchQuery& q, const std::vector<uint8_t>& trackOk)
{
    std::vector<store::RowRange> ranges;
    for (uint32_t tr = 0; tr < s.trackCount(); ++tr) {
        if (!trackOk[tr])
            continue;
        const store::TrackId track(tr);
        const store::RowRange rows
            = q.range ? s.instantsInRange(track, q.range->start, q.range->end) : s.track(track).instants;
        if (!rows.empty())
            ranges.push_back(rows);
    }
    std::sort(ranges.begin(), ranges.end(), [](store::RowRange a, store::RowRange b) { return a.begin < b.begin; });
    return ranges;
}

// Stage 3 over the instants from the index's lists: the gathered rows (ascending, types
// accepted) inside the ranges whose args pass; what scanInstants() finds, in its order.
bool filterGatheredInstants(const RowTest& t, const std::vector<store::RowRange>& ranges,
    const std::vector<store::InstantRow>& rows, const std::atomic<bool>* cancel, std::vector<store::InstantRow>& out)
{
    const store::EventStore& s = t.s;
    ArgTest argTest(t);
    size_t ri = 0;
    for (const store::InstantRow row : rows) {
        while (ri < ranges.size() && ranges[ri].end <= row.v)
            ++ri;
        if (ri == ranges.size())
            break;
        if (row.v >= ranges[ri].begin && argTest(s.instantArgs(row)))
            out.push_back(row);
    }
    return !cancelled(cancel);
}

// Stage 3 over the instants (dur 0; few, so one thread): appends the passing rows to `out`,
// ascending. False when cancelled.
bool scanInstants(const RowTest& t, const std::vector<uint8_t>& trackOk, const std::atomic<bool>* cancel,
    std::vector<store::InstantRow>& out)
{
    const store::EventStore& s = t.s;
    ArgTest argTest(t);
    for (uint32_t tr = 0; tr < s.trackCount(); ++tr) {
        if (!trackOk[tr])
            continue;
        const store::TrackId track(tr);
        const store::RowRange rows
            = t.q.range ? s.instantsInRange(track, t.q.range->start, t.q.range->end) : s.track(track).instants;
        for (uint32_t row = rows.begin; row < rows.end; ++row) {
            const store::InstantRow ir(row);
            if (t.typeOk[s.instantType(ir).v] && argTest(s.instantArgs(ir)))
                out.push_back(ir);
        }
        if (cancelled(cancel))
            return false;
    }
    std::sort(out.begin(), out.end());
    return true;
}

} // namespace

SearchResult SearchEngine::run(const store::EventStore& s, const SearchQuery& q, const std::atomic<bool>* cancel,
    unsigned threads, const SearchIndex* index)
{
    SearchResult result;
    if (!q.validate(&result.error))
        return result;
    if (index && !index->fits(s))
        index = nullptr;
    const unsigned maxParts = store::Parallel::threads(threads, 2);

    // 1. Types.
    const std::vector<uint8_t> typeOk = matchTypes(s, q, maxParts, index);
    result.typesMatched = static_cast<uint32_t>(std::count(typeOk.begin(), typeOk.end(), uint8_t(1)));
    if (cancelled(cancel)) {
        result.cancelled = true;
        return result;
    }
    if (result.typesMatched == 0)
        return result;

    // 2. Tracks, and the slice rows of the accepted ones.
    const std::vector<uint8_t> trackOk = matchTracks(s, q);
    RowTest test { s, q, typeOk, ArgEvaluator::prepare(q), q.minDur ? *q.minDur : store::kTimeMin,
        q.maxDur ? *q.maxDur : store::kTimeMax, {}, toBits(typeOk) };
    const std::vector<store::RowRange> ranges = sliceRanges(s, q, trackOk);
    const size_t scanned = rowCount(ranges);
    const bool allTypes = result.typesMatched == typeOk.size();
    test.allTypes = allTypes;

    // 3. The plan: the index's rows of rare types, or a scan (or the ranges themselves when
    // no row can fail); arg sets evaluated up front when more rows than sets are tested.
    std::vector<store::SliceRow> gathered;
    const bool gather = index && !allTypes && scanned && gatherRows(typeOk, scanned, SliceLists { *index }, gathered);
    if (!test.conds.empty()) {
        size_t toTest = gather ? gathered.size() : scanned;
        if (index && !gather && !allTypes) {
            size_t accepted = 0;
            for (uint32_t t = 0; t < typeOk.size(); ++t)
                accepted += typeOk[t] ? index->sliceCount(store::TypeId(t)) : 0;
            toTest = std::min(toTest, accepted);
        }
        if (q.instants)
            toTest += s.instantCount();
        if (toTest > s.args().setCount())
            test.argBits = evaluateArgSets(test, maxParts);
        if (cancelled(cancel)) {
            result.cancelled = true;
            return result;
        }
    }
    const bool everyRow = allTypes && test.conds.empty() && !q.minDur && !q.maxDur;
    const bool done = gather ? filterGathered(test, ranges, gathered, maxParts, cancel, result)
        : everyRow           ? appendRanges(s, ranges, maxParts, cancel, result)
                             : scanSlices(test, ranges, maxParts, cancel, result);
    if (!done) {
        // As a cancelled scan: no rows, the type count kept.
        std::vector<store::SliceRow>().swap(result.slices);
        result.totalNs = 0;
        result.cancelled = true;
        return result;
    }
    bool instantsDone = true;
    if (q.instants && 0 >= test.minDur && 0 <= test.maxDur) {
        std::vector<store::InstantRow> instants;
        std::vector<store::RowRange> iranges;
        if (index && !allTypes)
            iranges = instantRanges(s, q, trackOk);
        if (index && !allTypes && gatherRows(typeOk, rowCount(iranges), InstantLists { *index }, instants))
            instantsDone = filterGatheredInstants(test, iranges, instants, cancel, result.instants);
        else
            instantsDone = scanInstants(test, trackOk, cancel, result.instants);
    }
    if (!instantsDone) {
        result = SearchResult();
        result.cancelled = true;
        return result;
    }
    result.count = result.slices.size() + result.instants.size();
    return result;
}

} // namespace strata::analysis
