#include "searchrows.h"

#include <store/parallel.h>
#include <store/timemath.h>

namespace strata::analysis::searchrows {

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
    const bool skipBlocks = durTest && t.blockMinDur && t.blockMaxDur;
    // Blocks of rows (those of the index's duration blocks, so one summary covers each) in
    // steps without branches on the data: the rows whose type passes, of those the ones whose
    // args pass, then of those the ones whose duration passes (the same rows as the tests of
    // one row at a time). Args before duration: the arg column is 4 bytes a row, the duration
    // 8, and only the rows that pass need their duration for the total.
    constexpr uint32_t kBlock = SearchIndex::kDurationBlock;
    store::SliceRow bufA[kBlock], bufB[kBlock];
    size_t seen = 0;
    uint32_t poll = 0;
    for (const store::RowRange& r : ranges) {
        const size_t lo = std::max(from, seen), hi = std::min(to, seen + r.size());
        if (lo < hi) {
            const uint32_t begin = r.begin + uint32_t(lo - seen), end = r.begin + uint32_t(hi - seen);
            for (uint32_t b = begin; b < end;) {
                const uint32_t blockEnd = (b | (kBlock - 1)) + 1; // may wrap to 0 at the top
                const uint32_t e = blockEnd > b && blockEnd < end ? blockEnd : end;
                poll += e - b;
                if (poll >= kPollRows) {
                    poll = 0;
                    if (cancelled(cancel)) {
                        o.cancelled = true;
                        return;
                    }
                }
                const uint32_t block = b >> SearchIndex::kDurationBlockShift;
                if (skipBlocks && (t.blockMaxDur[block] < t.minDur || t.blockMinDur[block] > t.maxDur)) {
                    b = e;
                    continue;
                }
                if (t.blockTypes) {
                    const uint64_t* held = t.blockTypes + size_t(block) * SearchIndex::kBucketWords;
                    uint64_t any = 0;
                    for (uint32_t w = 0; w < SearchIndex::kBucketWords; ++w)
                        any |= held[w] & t.bucketMask[w];
                    if (!any) {
                        b = e;
                        continue;
                    }
                }
                store::SliceRow* in = bufA;
                store::SliceRow* out = bufB;
                uint32_t n = 0;
                if (t.allTypes) {
                    for (uint32_t row = b; row < e; ++row)
                        in[n++] = store::SliceRow(row);
                } else {
                    for (uint32_t row = b; row < e; ++row) {
                        const uint32_t type = s.sliceType(store::SliceRow(row)).v;
                        in[n] = store::SliceRow(row);
                        n += uint32_t(typeBits[type >> 6] >> (type & 63)) & 1u;
                    }
                }
                if (!t.conds.empty()) {
                    constexpr uint32_t kAhead = 16;
                    for (uint32_t i = 0; i < n && i < kAhead; ++i)
                        argTest.prefetch(s.sliceArgs(in[i]));
                    uint32_t m = 0;
                    for (uint32_t i = 0; i < n; ++i) {
                        if (i + kAhead < n)
                            argTest.prefetch(s.sliceArgs(in[i + kAhead]));
                        out[m] = in[i];
                        m += argTest(s.sliceArgs(in[i])) ? 1u : 0u;
                    }
                    std::swap(in, out);
                    n = m;
                }
                uint32_t m = 0;
                for (uint32_t i = 0; i < n; ++i) {
                    const store::TimeNs dur = s.sliceDur(in[i]);
                    const bool ok = !durTest || (dur >= t.minDur && dur <= t.maxDur);
                    out[m] = in[i];
                    m += ok;
                    o.total = store::TimeMath::saturatingAdd(o.total, ok ? dur : 0);
                }
                o.rows.insert(o.rows.end(), out, out + m);
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

} // namespace strata::analysis::searchrows
