#include "operatoraggregator.h"

#include "operatortotals.h"

#include <store/parallel.h>
#include <store/timemath.h>

#include <algorithm>
#include <chrono>

namespace strata::analysis {

namespace {

constexpr uint32_t kChunkRows = 1u << 14; // small enough that a descheduled core holds little back
constexpr size_t kParallelRows = 1u << 17; // below this one core is faster than starting threads

// One row's running totals on one core.
struct Acc : OperatorTotals {
    uint32_t key = 0;
};

// One core's rows, made on first use: a table of 4 bytes per catalog key finds them, so a
// trace with a million distinct names does not cost a million accumulators per core.
struct Accs {
    static constexpr uint32_t kNone = 0xffffffffu;
    std::vector<uint32_t> slot; // key → index in rows
    std::vector<Acc> rows;
    explicit Accs(size_t keys)
        : slot(keys, kNone)
    {
    }
    Acc& at(uint32_t key)
    {
        uint32_t& i = slot[key];
        if (i == kNone) {
            i = static_cast<uint32_t>(rows.size());
            rows.emplace_back().key = key;
        }
        return rows[i];
    }
    const Acc* find(uint32_t key) const { return slot[key] == kNone ? nullptr : &rows[slot[key]]; }
};

// Rows [begin, end) of one track level. `subtractOnly`: children that start after the
// window; only their time is taken off their (selected) parents.
struct WorkItem {
    store::TrackId track;
    uint32_t depth;
    uint32_t begin, end;
    bool subtractOnly;
};

void push(std::vector<WorkItem>& items, store::TrackId t, uint32_t depth, uint32_t b, uint32_t e, bool subtractOnly)
{
    for (uint32_t c = b; c < e; c += kChunkRows)
        items.push_back({ t, depth, c, std::min(e, c + kChunkRows), subtractOnly });
}

void run(const store::EventStore& s, const OperatorCatalog& cat, OperatorLevel level, store::TimeRange w,
    const WorkItem& item, Accs& acc)
{
    // The split of execution, communication and data transfer: the slice's kind of work.
    auto kind = [&](store::TypeId type) { return cat.work(item.track, type); };
    const uint16_t engine = cat.engineGroup(item.track);
    for (uint32_t i = item.begin; i < item.end; ++i) {
        const store::SliceRow row(i);
        const store::TimeNs dur = s.sliceDur(row);
        if (item.depth > 0) {
            const store::SliceRow p = s.sliceParent(row);
            const store::TimeNs pts = p.valid() ? s.sliceTs(p) : store::kTimeMin;
            if (p.valid() && pts >= w.start && pts < w.end) {
                const store::TypeId pt = s.sliceType(p);
                acc.at(cat.key(level, p, pt, s.sliceArgs(p))).subtractChild(dur, kind(pt));
            }
        }
        if (item.subtractOnly)
            continue;
        const store::TypeId type = s.sliceType(row);
        const store::ArgSetId args = s.sliceArgs(row);
        acc.at(cat.key(level, row, type, args)).add(dur, engine, kind(type), cat.metrics(args));
    }
}

// The values of ranks k1 and k2 (k2 == k1 or k1 + 1) among the n values in [lo, hi] spread
// over `parts`. Large inputs take one radix-select pass (a 4096-bucket histogram of the
// value's top bits, small enough for L1), keep only the bucket(s) holding those ranks and
// repeat on them; several times cheaper than nth_element over millions of values.
std::pair<store::TimeNs, store::TimeNs> selectRanks(const std::vector<const std::vector<store::TimeNs>*>& parts,
    uint64_t n, store::TimeNs lo, store::TimeNs hi, uint64_t k1, uint64_t k2)
{
    std::vector<store::TimeNs> pick;
    if (n > 4096 && hi > lo) {
        const auto range = static_cast<uint64_t>(hi - lo);
        int shift = 0;
        while ((range >> shift) >= (1u << 12))
            ++shift;
        std::vector<uint32_t> hist(size_t(range >> shift) + 1, 0);
        for (const auto* p : parts)
            for (store::TimeNs v : *p)
                if (v >= lo && v <= hi)
                    ++hist[size_t(uint64_t(v - lo) >> shift)];
        size_t b1 = 0;
        uint64_t below = 0;
        while (below + hist[b1] <= k1)
            below += hist[b1++];
        size_t b2 = b1;
        uint64_t upTo = below + hist[b1];
        while (upTo <= k2)
            upTo += hist[++b2];
        if (shift == 0) // every bucket is one value
            return { lo + store::TimeNs(b1), lo + store::TimeNs(b2) };
        const store::TimeNs from = lo + store::TimeNs(uint64_t(b1) << shift);
        const store::TimeNs to = std::min(hi, lo + store::TimeNs(((uint64_t(b2) + 1) << shift) - 1));
        pick.reserve(upTo - below);
        for (const auto* p : parts)
            for (store::TimeNs v : *p)
                if (v >= from && v <= to)
                    pick.push_back(v);
        return selectRanks({ &pick }, pick.size(), from, to, k1 - below, k2 - below);
    }
    for (const auto* p : parts)
        for (store::TimeNs v : *p)
            if (v >= lo && v <= hi)
                pick.push_back(v);
    const auto i1 = pick.begin() + std::ptrdiff_t(k1);
    std::nth_element(pick.begin(), i1, pick.end());
    return { *i1, k2 == k1 ? *i1 : *std::min_element(i1 + 1, pick.end()) };
}

// numpy's median: the middle value, or the mean of the two middle values for an even n.
double exactMedian(
    const std::vector<const std::vector<store::TimeNs>*>& parts, uint64_t n, store::TimeNs lo, store::TimeNs hi)
{
    if (n == 0)
        return 0;
    const auto [a, b] = selectRanks(parts, n, lo, hi, (n - 1) / 2, n / 2);
    return (double(a) + double(b)) / 2.0;
}

} // namespace

OperatorScope OperatorAggregator::defaultScope(const OperatorCatalog& catalog)
{
    return catalog.hasDeviceTracks() ? OperatorScope::Device : OperatorScope::All;
}

bool OperatorAggregator::inScope(
    const store::EventStore& store, const OperatorCatalog& catalog, store::TrackId track, OperatorScope scope)
{
    const store::TrackKind kind = store.track(track).kind;
    if (kind != store::TrackKind::Thread && kind != store::TrackKind::Overflow)
        return false;
    switch (scope) {
    case OperatorScope::Device: return catalog.isDeviceTrack(track);
    case OperatorScope::Host: return !catalog.isDeviceTrack(track);
    case OperatorScope::All: return true;
    }
    return false;
}

OperatorTable OperatorAggregator::aggregate(
    const store::EventStore& store, const OperatorCatalog& catalog, OperatorLevel level, store::TimeRange window)
{
    return aggregate(store, catalog, level, window, defaultScope(catalog));
}

OperatorTable OperatorAggregator::aggregate(const store::EventStore& store, const OperatorCatalog& catalog,
    OperatorLevel level, store::TimeRange window, OperatorScope scope, const std::atomic<bool>* cancel,
    unsigned threads)
{
    const auto started = std::chrono::steady_clock::now();
    OperatorTable table;
    table.level = level;
    table.scope = scope;
    const store::TimeRange extent = store.extent();
    table.window = { std::max(window.start, extent.start), std::min(window.end, extent.end) };
    if (catalog.typeCount() < store.types().size())
        return table; // a catalog of another (or a cancelled) store

    // Binary searches per level; a level's ends are non-decreasing, so the last selected row
    // ends last and bounds the children that start after the window.
    std::vector<WorkItem> items;
    size_t rows = 0;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!inScope(store, catalog, track, scope))
            continue;
        store::TimeNs parentsEnd = store::kTimeMin;
        for (uint32_t d = 0; d < store.levelCount(track); ++d) {
            const store::RowRange lv = store.level(track, d);
            const uint32_t b = store.firstStartAtOrAfter(lv, window.start);
            const uint32_t e = store.firstStartAtOrAfter({ b, lv.end }, window.end);
            push(items, track, d, b, e, false);
            rows += e - b;
            if (d > 0 && parentsEnd >= window.end) {
                const uint32_t extra = store.firstStartAfter({ e, lv.end }, parentsEnd);
                push(items, track, d, e, extra, true);
                rows += extra - e;
            }
            parentsEnd = e > b ? store.sliceEnd(store::SliceRow(e - 1)) : store::kTimeMin;
        }
    }

    const size_t keys = catalog.keyCount();
    unsigned workers = rows < kParallelRows ? 1u : store::Parallel::threads(threads, store::Parallel::kMaxThreads);
    workers = std::min<unsigned>(workers, std::max<size_t>(1, items.size()));
    std::vector<Accs> accs(workers, Accs(keys));
    store::Parallel::forEach(items.size(), workers, [&](size_t i, unsigned w) {
        if (!(cancel && cancel->load()))
            run(store, catalog, level, window, items[i], accs[w]);
    });
    if (cancel && cancel->load())
        return table;

    Accs& acc = accs[0];
    for (unsigned w = 1; w < workers; ++w)
        for (const Acc& from : accs[w].rows)
            acc.at(from.key).merge(from);
    // Medians: rows biggest first, over all cores; each reads its durations from every core.
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < acc.rows.size(); ++i)
        if (acc.rows[i].count)
            order.push_back(i);
    std::sort(
        order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return acc.rows[a].count > acc.rows[b].count; });
    std::vector<double> medians(acc.rows.size(), 0.0);
    std::vector<std::vector<const std::vector<store::TimeNs>*>> partsOf(workers);
    store::Parallel::forEach(order.size(), workers, [&](size_t i, unsigned worker) {
        const Acc& a = acc.rows[order[i]];
        auto& parts = partsOf[worker];
        parts.clear();
        for (unsigned w = 0; w < workers; ++w)
            if (const Acc* mine = accs[w].find(a.key))
                parts.push_back(&mine->durations);
        medians[order[i]] = exactMedian(parts, a.count, a.min, a.max);
    });

    for (size_t i = 0; i < acc.rows.size(); ++i) {
        Acc& a = acc.rows[i];
        if (a.count == 0)
            continue;
        OperatorRow row = a.row(a.key, catalog);
        row.medianNs = medians[i];
        table.events += a.count;
        table.busyNs = store::TimeMath::saturatingAdd(table.busyNs, a.self);
        table.transferNs += a.transfer;
        table.communicationNs += a.communication;
        table.rows.push_back(std::move(row));
    }
    table.executionNs = table.busyNs - table.transferNs;
    for (OperatorRow& r : table.rows)
        r.percent = table.busyNs > 0 ? 100.0 * double(r.selfNs) / double(table.busyNs) : 0.0;
    std::sort(table.rows.begin(), table.rows.end(), [](const OperatorRow& a, const OperatorRow& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    table.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

} // namespace strata::analysis
