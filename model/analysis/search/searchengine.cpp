#include "searchengine.h"
#include "searchrows.h"
#include "textmatcher.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>
#include <memory>
#include <regex>
#include <unordered_map>

namespace strata::analysis {

namespace {

constexpr size_t kMinNamesForThreads = 4096;

} // namespace

using namespace searchrows;

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
            const unsigned parts = names.size() >= kMinNamesForThreads && re
                ? std::max(1u, store::Parallel::threads(threads, store::Parallel::kLightThreads))
                : 1u;
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

std::vector<uint64_t> toBits(const std::vector<uint8_t>& bytes)
{
    std::vector<uint64_t> bits((bytes.size() + 63) / 64, 0);
    for (size_t i = 0; i < bytes.size(); ++i)
        bits[i >> 6] |= uint64_t(bytes[i] != 0) << (i & 63);
    return bits;
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
    const unsigned maxParts = store::Parallel::threads(threads, store::Parallel::kLightThreads);

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
    if (index && !index->blockMaxDuration().empty()) {
        test.blockMinDur = index->blockMinDuration().data();
        test.blockMaxDur = index->blockMaxDuration().data();
        // The type buckets only when the accepted types leave some bucket out.
        for (uint32_t t = 0; t < typeOk.size() && !allTypes; ++t)
            if (typeOk[t])
                test.bucketMask[(t % SearchIndex::kTypeBuckets) >> 6] |= uint64_t(1) << (t % 64);
        bool full = true;
        for (uint64_t w : test.bucketMask)
            full = full && w == ~uint64_t(0);
        if (!allTypes && !full)
            test.blockTypes = index->blockTypeBuckets().data();
    }

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
