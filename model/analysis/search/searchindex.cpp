#include "searchindex.h"

#include "textmatcher.h"

#include <store/parallel.h>

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <utility>

namespace strata::analysis {

namespace {

constexpr uint32_t kPollRows = 1u << 16;

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// Distinct values of one EventType field in first-seen TypeId order, and a slot per TypeId.
template <typename Field>
void distinct(
    const store::TypeTable& types, Field field, std::vector<store::StringId>& values, std::vector<uint32_t>& slots)
{
    std::unordered_map<uint32_t, uint32_t> slotOf;
    slotOf.reserve(types.size());
    slots.resize(types.size());
    for (uint32_t t = 0; t < types.size(); ++t) {
        const store::StringId id = field(types.get(store::TypeId(t)));
        auto [it, fresh] = slotOf.emplace(id.v, uint32_t(values.size()));
        if (fresh)
            values.push_back(id);
        slots[t] = it->second;
    }
}

} // namespace

// The rare limit: rows held by the types of each count up to kMaxRareLimit, then the largest
// count whose prefix stays within 1/8 of the rows.
uint32_t SearchIndex::rareLimitOf(const std::vector<uint32_t>& counts, size_t rows)
{
    std::vector<uint64_t> rowsAtCount(kMaxRareLimit + 1, 0);
    for (uint32_t c : counts)
        if (c <= kMaxRareLimit)
            rowsAtCount[c] += c;
    uint64_t held = 0;
    uint32_t limit = 0;
    for (uint32_t c = 1; c <= kMaxRareLimit; ++c) {
        if (held + rowsAtCount[c] > rows / 8)
            break;
        held += rowsAtCount[c];
        limit = c;
    }
    return limit;
}

// The instants' lists, as the slices' on one thread (instants are few).
void SearchIndex::buildInstants(const store::EventStore& s)
{
    const size_t nTypes = s.types().size();
    m_typeInstants.assign(nTypes, 0);
    for (uint32_t r = 0; r < s.instantCount(); ++r)
        ++m_typeInstants[s.instantType(store::InstantRow(r)).v];
    m_instantLimit = rareLimitOf(m_typeInstants, s.instantCount());
    m_instantOffsets.assign(nTypes + 1, 0);
    for (size_t t = 0; t < nTypes; ++t)
        m_instantOffsets[t + 1] = m_instantOffsets[t] + (m_typeInstants[t] <= m_instantLimit ? m_typeInstants[t] : 0);
    m_instantRows.resize(m_instantOffsets[nTypes]);
    std::vector<uint32_t> cursor(m_instantOffsets.begin(), m_instantOffsets.end() - 1);
    for (uint32_t r = 0; r < s.instantCount(); ++r) {
        const uint32_t t = s.instantType(store::InstantRow(r)).v;
        if (m_typeInstants[t] <= m_instantLimit)
            m_instantRows[cursor[t]++] = store::InstantRow(r);
    }
}

// The blocks (durations, type buckets) that start in rows [rowBegin, rowEnd), each read to its end (which may
// lie in the next part's rows), so parts write disjoint blocks.
void SearchIndex::buildBlocks(const store::EventStore& s, uint32_t rowBegin, uint32_t rowEnd)
{
    const size_t nRows = s.sliceCount();
    for (size_t b = (size_t(rowBegin) + kDurationBlock - 1) >> kDurationBlockShift; (b << kDurationBlockShift) < rowEnd;
         ++b) {
        const size_t first = b << kDurationBlockShift, last = std::min(nRows, first + kDurationBlock);
        store::TimeNs lo = store::kTimeMax, hi = store::kTimeMin;
        uint64_t* buckets = m_blockTypes.data() + b * kBucketWords;
        for (size_t r = first; r < last; ++r) {
            const store::TimeNs d = s.sliceDur(store::SliceRow(uint32_t(r)));
            lo = std::min(lo, d);
            hi = std::max(hi, d);
            const uint32_t bucket = s.sliceType(store::SliceRow(uint32_t(r))).v % kTypeBuckets;
            buckets[bucket >> 6] |= uint64_t(1) << (bucket & 63);
        }
        m_blockMinDur[b] = lo;
        m_blockMaxDur[b] = hi;
    }
}

void SearchIndex::buildSlots(const store::EventStore& s)
{
    distinct(
        s.types(), [](const store::EventType& e) { return e.name; }, m_names, m_typeName);
    distinct(
        s.types(), [](const store::EventType& e) { return e.category; }, m_categories, m_typeCategory);
    m_nameStart.reserve(m_names.size() + 1);
    m_nameStart.push_back(0);
    for (store::StringId id : m_names) {
        m_nameBytes += s.str(id);
        m_nameStart.push_back(m_nameBytes.size());
    }
    m_nameBytes.shrink_to_fit();
    m_foldedNames = TextMatcher::folded(m_nameBytes);
}

bool SearchIndex::build(const store::EventStore& s, const std::atomic<bool>* cancel, unsigned threads)
{
    *this = SearchIndex();
    const size_t nTypes = s.types().size();
    const size_t nRows = s.sliceCount();
    const unsigned parts = unsigned(std::max<size_t>(
        1, std::min<size_t>(store::Parallel::threads(threads, store::Parallel::kLightThreads), nRows >> 17)));
    auto partBegin = [&](unsigned p) { return uint32_t(nRows * p / parts); };

    // Slices per type, each part counting its share of the rows; the slots meanwhile on the
    // caller's thread after its share.
    std::vector<std::vector<uint32_t>> partCounts(parts, std::vector<uint32_t>(nTypes, 0));
    const size_t blocks = (nRows + kDurationBlock - 1) >> kDurationBlockShift;
    m_blockMinDur.assign(blocks, 0);
    m_blockMaxDur.assign(blocks, 0);
    m_blockTypes.assign(blocks * kBucketWords, 0);
    std::atomic<bool> stop { false };
    store::Parallel::parts(parts, [&](unsigned p) {
        std::vector<uint32_t>& counts = partCounts[p];
        uint32_t poll = 0;
        for (uint32_t r = partBegin(p), end = partBegin(p + 1); r < end; ++r) {
            if (++poll == kPollRows) {
                poll = 0;
                if (cancelled(cancel)) {
                    stop = true;
                    return;
                }
            }
            ++counts[s.sliceType(store::SliceRow(r)).v];
        }
        buildBlocks(s, partBegin(p), partBegin(p + 1));
        if (p == 0) {
            buildSlots(s);
            buildInstants(s);
        }
    });
    if (stop || cancelled(cancel)) {
        *this = SearchIndex();
        return false;
    }
    m_typeSlices.assign(nTypes, 0);
    for (unsigned p = 0; p < parts; ++p)
        for (size_t t = 0; t < nTypes; ++t)
            m_typeSlices[t] += partCounts[p][t];

    m_rareLimit = rareLimitOf(m_typeSlices, nRows);

    // CSR offsets, then each part writes its rows from its own cursor per type: the parts
    // are in row order, so every type's list comes out ascending.
    m_offsets.assign(nTypes + 1, 0);
    for (size_t t = 0; t < nTypes; ++t)
        m_offsets[t + 1] = m_offsets[t] + (m_typeSlices[t] <= m_rareLimit ? m_typeSlices[t] : 0);
    m_rows.resize(m_offsets[nTypes]);
    // Each part's counts become its write position per type: the type's offset plus what the
    // earlier parts write.
    for (size_t t = 0; t < nTypes; ++t) {
        uint32_t at = m_offsets[t];
        for (unsigned p = 0; p < parts; ++p)
            at += std::exchange(partCounts[p][t], at);
    }
    if (m_rows.empty()) {
        m_sliceTotal = nRows;
        m_built = true;
        return true;
    }
    store::Parallel::parts(parts, [&](unsigned p) {
        std::vector<uint32_t>& cursor = partCounts[p];
        uint32_t poll = 0;
        for (uint32_t r = partBegin(p), end = partBegin(p + 1); r < end; ++r) {
            if (++poll == kPollRows) {
                poll = 0;
                if (cancelled(cancel)) {
                    stop = true;
                    return;
                }
            }
            const uint32_t t = s.sliceType(store::SliceRow(r)).v;
            if (m_typeSlices[t] <= m_rareLimit)
                m_rows[cursor[t]++] = store::SliceRow(r);
        }
    });
    if (stop || cancelled(cancel)) {
        *this = SearchIndex();
        return false;
    }
    m_sliceTotal = nRows;
    m_built = true;
    return true;
}

void SearchIndex::markContaining(std::string_view needle, bool caseSensitive, std::vector<uint8_t>& nameOk) const
{
    const std::string_view text = caseSensitive ? m_nameBytes : m_foldedNames;
    if (needle.empty()) {
        std::fill(nameOk.begin(), nameOk.end(), uint8_t(1));
        return;
    }
    // Boyer-Moore-Horspool skips ahead by up to the needle's length: a long needle (a whole
    // rare name) reads a fraction of the text, where a first-character scan stops at every
    // digit of names like "123_fused(...)".
    const std::boyer_moore_horspool_searcher<std::string_view::const_iterator> searcher(needle.begin(), needle.end());
    auto find = [&](size_t from) {
        const auto hit = searcher(text.begin() + std::ptrdiff_t(from), text.end()).first;
        return hit == text.end() ? std::string_view::npos : size_t(hit - text.begin());
    };
    for (size_t at = find(0); at != std::string_view::npos;) {
        // The name the hit starts in: the last one starting at or before it.
        const size_t i = size_t(std::upper_bound(m_nameStart.begin(), m_nameStart.end(), at) - m_nameStart.begin()) - 1;
        if (at + needle.size() <= m_nameStart[i + 1]) {
            nameOk[i] = 1;
            at = m_nameStart[i + 1] < text.size() ? find(m_nameStart[i + 1])
                                                  : std::string_view::npos; // rest of name: no look
        } else {
            at = find(at + 1); // spans into the next name: not a match
        }
    }
}

size_t SearchIndex::residentBytes() const
{
    return (m_names.capacity() + m_categories.capacity()) * sizeof(store::StringId) + m_nameBytes.capacity()
        + m_foldedNames.capacity() + m_nameStart.capacity() * sizeof(size_t)
        + (m_typeName.capacity() + m_typeCategory.capacity() + m_typeSlices.capacity() + m_offsets.capacity())
        * sizeof(uint32_t)
        + m_rows.capacity() * sizeof(store::SliceRow)
        + (m_typeInstants.capacity() + m_instantOffsets.capacity()) * sizeof(uint32_t)
        + m_instantRows.capacity() * sizeof(store::InstantRow)
        + (m_blockMinDur.capacity() + m_blockMaxDur.capacity()) * sizeof(store::TimeNs)
        + m_blockTypes.capacity() * sizeof(uint64_t);
}

} // namespace strata::analysis
