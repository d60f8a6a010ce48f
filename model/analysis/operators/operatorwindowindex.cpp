#include "operatorwindowindex.h"

#include "operatoraggregator.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>

namespace strata::analysis {

static_assert(OperatorWindowIndex::kWindowRule == OperatorAggregator::kWindowRule,
    "the window index answers for the aggregator's slices");

namespace {

// A window total is a difference of block sums: they wrap (store/timemath.h), so the
// difference stays exact whenever the window's own total fits.
store::TimeNs signedAdd(store::TimeNs acc, int64_t sign, store::TimeNs v)
{
    return sign >= 0 ? store::TimeMath::wrappingAdd(acc, v) : store::TimeMath::wrappingSub(acc, v);
}

constexpr uint32_t kNone = 0xffffffffu;
constexpr uint32_t kItemBlocks = 64; // blocks per work item of the build

// Sums by key of one block while it is built; a slot table finds a key's sum, so a trace
// with many distinct keys costs 4 bytes per key per worker, not a sum per key.
struct BlockSums {
    std::vector<uint32_t> slot; // key → index in keys/counts/totals
    std::vector<uint32_t> keys, counts;
    std::vector<store::TimeNs> totals;

    explicit BlockSums(size_t keyCount)
        : slot(keyCount, kNone)
    {
    }
    void add(uint32_t key, store::TimeNs dur)
    {
        uint32_t& i = slot[key];
        if (i == kNone) {
            i = static_cast<uint32_t>(keys.size());
            keys.push_back(key);
            counts.push_back(0);
            totals.push_back(0);
        }
        ++counts[i];
        totals[i] = store::TimeMath::wrappingAdd(totals[i], dur);
    }
    void clear()
    {
        for (uint32_t k : keys)
            slot[k] = kNone;
        keys.clear();
        counts.clear();
        totals.clear();
    }
};

// What one work item (a run of blocks of one level) contributes, in block order.
struct Part {
    std::vector<uint32_t> ownEntries, childEntries; // per block
    std::vector<uint32_t> ownKey, ownCount, childKey;
    std::vector<store::TimeNs> ownTotal, childDur;
};

struct Item {
    uint32_t begin, end; // rows, block-aligned within their level
    uint32_t depth;
};

} // namespace

// Running sums of one query, by catalog key. Counts are signed: a mostly covered block is
// added whole and the rows outside the range are taken off again.
class OperatorWindowIndex::Accumulator {
public:
    struct Sum {
        uint32_t key;
        int64_t count;
        store::TimeNs total;
        store::TimeNs children; // duration of the direct children of the key's selected slices
    };
    explicit Accumulator(size_t keyCount)
        : m_slot(keyCount, kNone)
    {
    }
    Sum& at(uint32_t key)
    {
        uint32_t& i = m_slot[key];
        if (i == kNone) {
            i = static_cast<uint32_t>(m_sums.size());
            m_sums.push_back({ key, 0, 0, 0 });
        }
        return m_sums[i];
    }
    const std::vector<Sum>& sums() const { return m_sums; }

private:
    std::vector<uint32_t> m_slot;
    std::vector<Sum> m_sums;
};

std::string_view OperatorWindowIndex::keyName(const OperatorCatalog& catalog, uint32_t key)
{
    return key == OperatorCatalog::kNoKey ? std::string_view("(none)") : catalog.keyText(key);
}

OperatorWindowIndex::OperatorWindowIndex(const store::EventStore& store, const OperatorCatalog& catalog,
    OperatorLevel level, OperatorScope scope, const std::atomic<bool>* cancel, unsigned threads, uint32_t blockRows)
    : m_level(level)
    , m_scope(scope)
    , m_blockRows(std::max(1u, blockRows))
{
    if (catalog.cancelled() || catalog.typeCount() < store.types().size())
        return; // OperatorAggregator answers nothing for such a catalog either
    const uint32_t B = m_blockRows;
    std::vector<Item> items;
    uint32_t blocks = 0;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!OperatorAggregator::inScope(store, catalog, track, scope))
            continue;
        for (uint32_t d = 0; d < store.levelCount(track); ++d) {
            const store::RowRange lv = store.level(track, d);
            m_levels.push_back({ lv.begin, lv.end, blocks, d });
            blocks += (lv.size() + B - 1) / B;
            const uint64_t step = uint64_t(B) * kItemBlocks;
            for (uint64_t r = lv.begin; r < lv.end; r += step)
                items.push_back({ uint32_t(r), uint32_t(std::min<uint64_t>(lv.end, r + step)), d });
        }
    }

    std::vector<Part> parts(items.size());
    std::atomic<size_t> next { 0 };
    auto work = [&] {
        BlockSums own(catalog.keyCount()), child(catalog.keyCount());
        for (size_t n; (n = next.fetch_add(1)) < items.size();) {
            if (cancel && cancel->load())
                return;
            const Item& item = items[n];
            Part& part = parts[n];
            for (uint32_t b = item.begin; b < item.end; b += B) {
                const uint32_t e = std::min(item.end, b + B);
                for (uint32_t i = b; i < e; ++i) {
                    const store::SliceRow row(i);
                    const store::TimeNs dur = store.sliceDur(row);
                    own.add(catalog.key(level, row, store.sliceType(row), store.sliceArgs(row)), dur);
                    if (item.depth > 0) {
                        const store::SliceRow p = store.sliceParent(row);
                        child.add(catalog.key(level, p, store.sliceType(p), store.sliceArgs(p)), dur);
                    }
                }
                part.ownEntries.push_back(static_cast<uint32_t>(own.keys.size()));
                part.ownKey.insert(part.ownKey.end(), own.keys.begin(), own.keys.end());
                part.ownCount.insert(part.ownCount.end(), own.counts.begin(), own.counts.end());
                part.ownTotal.insert(part.ownTotal.end(), own.totals.begin(), own.totals.end());
                part.childEntries.push_back(static_cast<uint32_t>(child.keys.size()));
                part.childKey.insert(part.childKey.end(), child.keys.begin(), child.keys.end());
                part.childDur.insert(part.childDur.end(), child.totals.begin(), child.totals.end());
                own.clear();
                child.clear();
            }
        }
    };
    const unsigned workers = static_cast<unsigned>(std::min<size_t>(
        store::Parallel::threads(threads, store::Parallel::kMaxThreads), std::max<size_t>(1, items.size())));
    store::Parallel::parts(workers, [&](unsigned) { work(); });
    if (cancel && cancel->load()) {
        m_levels.clear();
        return;
    }

    size_t ownTotal = 0, childTotal = 0;
    for (const Part& p : parts) {
        ownTotal += p.ownKey.size();
        childTotal += p.childKey.size();
    }
    m_ownKey.reserve(ownTotal);
    m_ownCount.reserve(ownTotal);
    m_ownTotal.reserve(ownTotal);
    m_childKey.reserve(childTotal);
    m_childDur.reserve(childTotal);
    m_ownStart.reserve(blocks + 1);
    m_childStart.reserve(blocks + 1);
    m_ownStart.push_back(0);
    m_childStart.push_back(0);
    for (Part& p : parts) { // items are in block order
        for (uint32_t n : p.ownEntries)
            m_ownStart.push_back(m_ownStart.back() + n);
        for (uint32_t n : p.childEntries)
            m_childStart.push_back(m_childStart.back() + n);
        m_ownKey.insert(m_ownKey.end(), p.ownKey.begin(), p.ownKey.end());
        m_ownCount.insert(m_ownCount.end(), p.ownCount.begin(), p.ownCount.end());
        m_ownTotal.insert(m_ownTotal.end(), p.ownTotal.begin(), p.ownTotal.end());
        m_childKey.insert(m_childKey.end(), p.childKey.begin(), p.childKey.end());
        m_childDur.insert(m_childDur.end(), p.childDur.begin(), p.childDur.end());
        p = Part();
    }
    m_levels.shrink_to_fit();
    m_built = true;
}

void OperatorWindowIndex::addBlock(uint32_t block, Channel ch, int64_t sign, Accumulator& acc) const
{
    if (ch == Channel::Own) {
        for (uint32_t i = m_ownStart[block]; i < m_ownStart[block + 1]; ++i) {
            Accumulator::Sum& s = acc.at(m_ownKey[i]);
            s.count += sign * int64_t(m_ownCount[i]);
            s.total = signedAdd(s.total, sign, m_ownTotal[i]);
        }
    } else {
        for (uint32_t i = m_childStart[block]; i < m_childStart[block + 1]; ++i) {
            Accumulator::Sum& s = acc.at(m_childKey[i]);
            s.children = signedAdd(s.children, sign, m_childDur[i]);
        }
    }
}

void OperatorWindowIndex::scan(const store::EventStore& store, const OperatorCatalog& catalog, Channel ch,
    uint32_t begin, uint32_t end, int64_t sign, Accumulator& acc) const
{
    for (uint32_t i = begin; i < end; ++i) {
        const store::SliceRow row(i);
        const store::TimeNs dur = store.sliceDur(row);
        if (ch == Channel::Own) {
            Accumulator::Sum& s = acc.at(catalog.key(m_level, row, store.sliceType(row), store.sliceArgs(row)));
            s.count += sign;
            s.total = signedAdd(s.total, sign, dur);
        } else {
            const store::SliceRow p = store.sliceParent(row);
            Accumulator::Sum& s = acc.at(catalog.key(m_level, p, store.sliceType(p), store.sliceArgs(p)));
            s.children = signedAdd(s.children, sign, dur);
        }
    }
}

void OperatorWindowIndex::addRange(const store::EventStore& store, const OperatorCatalog& catalog, const Level& lv,
    Channel ch, uint32_t begin, uint32_t end, Accumulator& acc) const
{
    if (begin >= end)
        return;
    const uint32_t B = m_blockRows;
    const uint32_t first = (begin - lv.begin) / B, last = (end - 1 - lv.begin) / B;
    for (uint32_t j = first; j <= last; ++j) {
        const uint32_t bs = lv.begin + j * B, be = std::min(lv.end, bs + B);
        const uint32_t s = std::max(begin, bs), e = std::min(end, be);
        if (s == bs && e == be) {
            addBlock(lv.firstBlock + j, ch, 1, acc);
        } else if (2 * (e - s) > be - bs) {
            addBlock(lv.firstBlock + j, ch, 1, acc);
            scan(store, catalog, ch, bs, s, -1, acc);
            scan(store, catalog, ch, e, be, -1, acc);
        } else {
            scan(store, catalog, ch, s, e, 1, acc);
        }
    }
}

OperatorWindowIndex::Result OperatorWindowIndex::query(
    const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window, size_t limit) const
{
    Result result;
    if (!m_built)
        return result;
    Accumulator acc(catalog.keyCount());
    store::RowRange parents; // the rows of the previous level that start in the window
    for (const Level& lv : m_levels) {
        const store::RowRange rows { lv.begin, lv.end };
        const uint32_t b = store.firstStartAtOrAfter(rows, window.start);
        const uint32_t e = store.firstStartAtOrAfter({ b, lv.end }, window.end);
        addRange(store, catalog, lv, Channel::Own, b, e, acc);
        if (lv.depth > 0 && !parents.empty()) {
            const uint32_t lo = store.firstStartAtOrAfter(rows, store.sliceTs(store::SliceRow(parents.begin)));
            const uint32_t hi
                = store.firstStartAtOrAfter({ lo, lv.end }, store.sliceEnd(store::SliceRow(parents.end - 1)));
            addRange(store, catalog, lv, Channel::Child, lo, hi, acc);
        }
        parents = { b, e };
    }

    for (const Accumulator::Sum& s : acc.sums()) {
        if (s.count <= 0)
            continue; // a key only touched by blocks added and taken off again
        const Row row { s.key, uint64_t(s.count), s.total, s.total - s.children };
        result.events += row.count;
        result.busyNs = store::TimeMath::saturatingAdd(result.busyNs, row.selfNs);
        result.rows.push_back(row);
    }
    auto before = [&catalog](const Row& a, const Row& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : keyName(catalog, a.key) < keyName(catalog, b.key);
    };
    if (limit < result.rows.size()) {
        std::partial_sort(result.rows.begin(), result.rows.begin() + std::ptrdiff_t(limit), result.rows.end(), before);
        result.rows.resize(limit);
    } else {
        std::sort(result.rows.begin(), result.rows.end(), before);
    }
    return result;
}

size_t OperatorWindowIndex::residentBytes() const
{
    return m_levels.capacity() * sizeof(Level) + (m_ownStart.capacity() + m_childStart.capacity()) * 4
        + (m_ownKey.capacity() + m_ownCount.capacity() + m_childKey.capacity()) * 4
        + (m_ownTotal.capacity() + m_childDur.capacity()) * sizeof(store::TimeNs);
}

} // namespace strata::analysis
