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

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

std::vector<uint8_t> SearchEngine::matchTypes(const store::EventStore& s, const SearchQuery& q, unsigned threads)
{
    const store::TypeTable& types = s.types();
    std::vector<uint8_t> ok(types.size(), 1);
    if (q.name.empty() && q.category.empty())
        return ok;

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
        // Distinct names, in first-seen order; slot per name id.
        std::unordered_map<uint32_t, uint32_t> slotOf;
        std::vector<uint32_t> names;
        std::vector<uint32_t> typeSlot(types.size());
        slotOf.reserve(types.size());
        for (uint32_t t = 0; t < types.size(); ++t) {
            const uint32_t id = types.get(store::TypeId(t)).name.v;
            auto [it, fresh] = slotOf.emplace(id, uint32_t(names.size()));
            if (fresh)
                names.push_back(id);
            typeSlot[t] = it->second;
        }
        std::vector<uint8_t> nameOk(names.size(), 0);
        const unsigned parts
            = names.size() >= kMinNamesForThreads && re ? std::max(1u, store::Parallel::threads(threads, 2)) : 1u;
        store::Parallel::parts(parts, [&](unsigned part) {
            const size_t begin = names.size() * part / parts, end = names.size() * (part + 1) / parts;
            for (size_t i = begin; i < end; ++i) {
                const std::string_view name = s.str(store::StringId(names[i]));
                bool m = false;
                switch (q.nameMode) {
                case NameMode::Substring: m = text.contains(name); break;
                case NameMode::Exact: m = text.equals(name); break;
                case NameMode::Regex: m = std::regex_search(name.begin(), name.end(), *re); break;
                }
                nameOk[i] = m;
            }
        });
        for (uint32_t t = 0; t < types.size(); ++t)
            ok[t] = nameOk[typeSlot[t]];
    }

    // Category: each distinct category id once.
    if (!q.category.empty()) {
        const TextMatcher cat(q.category, q.caseSensitive);
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
};

// One thread's share of the slice scan.
struct SlicePart {
    std::vector<store::SliceRow> rows;
    store::TimeNs total = 0;
    bool cancelled = false;
};

// Scans rows [from, to) of the concatenated ranges: type byte, then duration, then args.
void scanSlicePart(const RowTest& t, const std::vector<store::RowRange>& ranges, size_t from, size_t to,
    const std::atomic<bool>* cancel, SlicePart& o)
{
    const store::EventStore& s = t.s;
    ArgEvaluator argEval(s, t.conds, t.q.caseSensitive);
    size_t seen = 0;
    uint32_t poll = 0;
    for (const store::RowRange& r : ranges) {
        const size_t lo = std::max(from, seen), hi = std::min(to, seen + r.size());
        if (lo < hi) {
            const uint32_t begin = r.begin + uint32_t(lo - seen), end = r.begin + uint32_t(hi - seen);
            for (uint32_t row = begin; row < end; ++row) {
                if (++poll == kPollRows) {
                    poll = 0;
                    if (cancelled(cancel)) {
                        o.cancelled = true;
                        return;
                    }
                }
                const store::SliceRow sr(row);
                if (!t.typeOk[s.sliceType(sr).v])
                    continue;
                const store::TimeNs dur = s.sliceDur(sr);
                if (dur < t.minDur || dur > t.maxDur)
                    continue;
                if (!argEval.test(s.sliceArgs(sr)))
                    continue;
                o.rows.push_back(sr);
                o.total = store::TimeMath::saturatingAdd(o.total, dur);
            }
        }
        seen += r.size();
        if (seen >= to)
            break;
    }
}

// Stage 3 over the slices, on up to maxParts threads: appends the passing rows (ascending, as
// the parts are in row order) and their total to `result`. False, appending nothing, when
// cancelled.
bool scanSlices(const RowTest& t, const std::vector<store::RowRange>& ranges, unsigned maxParts,
    const std::atomic<bool>* cancel, SearchResult& result)
{
    size_t totalRows = 0;
    for (const store::RowRange& r : ranges)
        totalRows += r.size();
    const unsigned parts = unsigned(std::max<size_t>(1, std::min<size_t>(maxParts, totalRows / kMinRowsPerThread)));
    std::vector<SlicePart> out(parts);
    store::Parallel::parts(parts, [&](unsigned part) {
        scanSlicePart(t, ranges, totalRows * part / parts, totalRows * (part + 1) / parts, cancel, out[part]);
    });
    size_t found = 0;
    for (const SlicePart& p : out) {
        if (p.cancelled)
            return false;
        found += p.rows.size();
    }
    result.slices.reserve(found);
    for (SlicePart& p : out) {
        result.slices.insert(result.slices.end(), p.rows.begin(), p.rows.end());
        result.totalNs = store::TimeMath::saturatingAdd(result.totalNs, p.total);
        std::vector<store::SliceRow>().swap(p.rows);
    }
    return true;
}

// Stage 3 over the instants (dur 0; few, so one thread): appends the passing rows to `out`,
// ascending. False when cancelled.
bool scanInstants(const RowTest& t, const std::vector<uint8_t>& trackOk, const std::atomic<bool>* cancel,
    std::vector<store::InstantRow>& out)
{
    const store::EventStore& s = t.s;
    ArgEvaluator argEval(s, t.conds, t.q.caseSensitive);
    for (uint32_t tr = 0; tr < s.trackCount(); ++tr) {
        if (!trackOk[tr])
            continue;
        const store::TrackId track(tr);
        const store::RowRange rows
            = t.q.range ? s.instantsInRange(track, t.q.range->start, t.q.range->end) : s.track(track).instants;
        for (uint32_t row = rows.begin; row < rows.end; ++row) {
            const store::InstantRow ir(row);
            if (t.typeOk[s.instantType(ir).v] && argEval.test(s.instantArgs(ir)))
                out.push_back(ir);
        }
        if (cancelled(cancel))
            return false;
    }
    std::sort(out.begin(), out.end());
    return true;
}

} // namespace

SearchResult SearchEngine::run(
    const store::EventStore& s, const SearchQuery& q, const std::atomic<bool>* cancel, unsigned threads)
{
    SearchResult result;
    if (!q.validate(&result.error))
        return result;
    const unsigned maxParts = store::Parallel::threads(threads, 2);

    // 1. Types.
    const std::vector<uint8_t> typeOk = matchTypes(s, q, maxParts);
    result.typesMatched = static_cast<uint32_t>(std::count(typeOk.begin(), typeOk.end(), uint8_t(1)));
    if (cancelled(cancel)) {
        result.cancelled = true;
        return result;
    }
    if (result.typesMatched == 0)
        return result;

    // 2. Tracks. 3. Rows: the slices, then the instants.
    const std::vector<uint8_t> trackOk = matchTracks(s, q);
    const RowTest test { s, q, typeOk, ArgEvaluator::prepare(q), q.minDur ? *q.minDur : store::kTimeMin,
        q.maxDur ? *q.maxDur : store::kTimeMax };
    if (!scanSlices(test, sliceRanges(s, q, trackOk), maxParts, cancel, result)) {
        result.cancelled = true;
        return result;
    }
    if (q.instants && 0 >= test.minDur && 0 <= test.maxDur && !scanInstants(test, trackOk, cancel, result.instants)) {
        result = SearchResult();
        result.cancelled = true;
        return result;
    }
    result.count = result.slices.size() + result.instants.size();
    return result;
}

} // namespace strata::analysis
