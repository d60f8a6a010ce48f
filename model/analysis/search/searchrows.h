#pragma once
// Stage 3 of SearchEngine::run(), the passes over rows: the scan, whole ranges, the rows
// gathered from a SearchIndex, the instants, and the arg sets evaluated up front. Internal
// to the search engine (searchengine.cpp and searchrows.cpp).
#include "argevaluator.h"
#include "searchindex.h"
#include "searchquery.h"
#include "searchresult.h"

#include <store/eventstore.h>

#include <algorithm>
#include <atomic>
#include <vector>

namespace strata::analysis::searchrows {

constexpr uint32_t kPollRows = 1u << 16;
constexpr size_t kMinRowsPerThread = 1u << 17;
constexpr size_t kMinSetsPerThread = 1u << 15;
// Gathered rows are read at random (duration, args): worth it only when they are at most
// 1/kGatherRatio of the rows a scan would read in order.
constexpr size_t kGatherRatio = 1024;

inline bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
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
    // The index's duration blocks (SearchIndex::blockMinDuration()), or null: a block whose
    // durations all lie outside [minDur, maxDur] is skipped unread.
    const store::TimeNs* blockMinDur = nullptr;
    const store::TimeNs* blockMaxDur = nullptr;
    // The index's type buckets per block (SearchIndex::blockTypeBuckets()) and those of the
    // accepted types, or null: a block that holds no accepted bucket is skipped unread.
    const uint64_t* blockTypes = nullptr;
    uint64_t bucketMask[SearchIndex::kBucketWords] = {};
};

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

size_t rowCount(const std::vector<store::RowRange>& ranges);

// Every arg set against the conditions, once, on up to maxParts threads in table order.
std::vector<uint64_t> evaluateArgSets(const RowTest& t, unsigned maxParts);

// Stage 3 over the slices, on up to maxParts threads: appends the passing rows (ascending, as
// the parts are in row order) and their total to `result`. False, appending nothing, when
// cancelled.
bool scanSlices(const RowTest& t, const std::vector<store::RowRange>& ranges, unsigned maxParts,
    const std::atomic<bool>* cancel, SearchResult& result);

// Stage 3 when every row of the ranges passes (any type, any duration, no args): the rows
// are the ranges themselves, written by one thread while the other sums the durations in
// the parts scanSlices() would use.
bool appendRanges(const store::EventStore& s, const std::vector<store::RowRange>& ranges, unsigned maxParts,
    const std::atomic<bool>* cancel, SearchResult& result);

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
    const std::vector<store::SliceRow>& rows, unsigned maxParts, const std::atomic<bool>* cancel, SearchResult& result);

// The instant rows of the accepted tracks (whole, or those in the range), ascending.
std::vector<store::RowRange> instantRanges(
    const store::EventStore& s, const SearchQuery& q, const std::vector<uint8_t>& trackOk);

// Stage 3 over the instants from the index's lists: the gathered rows (ascending, types
// accepted) inside the ranges whose args pass; what scanInstants() finds, in its order.
bool filterGatheredInstants(const RowTest& t, const std::vector<store::RowRange>& ranges,
    const std::vector<store::InstantRow>& rows, const std::atomic<bool>* cancel, std::vector<store::InstantRow>& out);

// Stage 3 over the instants (dur 0; few, so one thread): appends the passing rows to `out`,
// ascending. False when cancelled.
bool scanInstants(const RowTest& t, const std::vector<uint8_t>& trackOk, const std::atomic<bool>* cancel,
    std::vector<store::InstantRow>& out);

} // namespace strata::analysis::searchrows
