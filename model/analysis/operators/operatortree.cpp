#include "operatortree.h"

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortotals.h>

#include <algorithm>
#include <chrono>
#include <unordered_map>

namespace strata::analysis {

using namespace strata::store;

namespace {

// One node's running totals.
struct Acc : OperatorTotals {
    uint32_t key = 0;
    int parent = -1;
    int depth = 0;
    store::SliceRow longest;
    uint64_t lastPlace = ~uint64_t(0);
    std::vector<uint64_t> places;
    uint32_t lastCategory = store::StringId::kInvalid;
    std::vector<uint32_t> categories;
};

// Nodes made on first use: top-level ones found by key, deeper ones by (parent, key).
class Nodes {
public:
    explicit Nodes(size_t keys)
        : m_top(keys, -1)
    {
    }
    int top(uint32_t key)
    {
        int& i = m_top[key];
        if (i < 0)
            i = make(key, -1, 0);
        return i;
    }
    int child(int parent, uint32_t key)
    {
        const uint64_t k = (uint64_t(uint32_t(parent)) << 32) | key;
        auto [it, inserted] = m_children.try_emplace(k, 0);
        if (inserted)
            it->second = make(key, parent, accs[size_t(parent)].depth + 1);
        return it->second;
    }
    std::vector<Acc> accs;

private:
    int make(uint32_t key, int parent, int depth)
    {
        Acc& a = accs.emplace_back();
        a.key = key;
        a.parent = parent;
        a.depth = depth;
        return int(accs.size() - 1);
    }
    std::vector<int> m_top;
    std::unordered_map<uint64_t, int> m_children;
};

// numpy's median: the middle value, or the mean of the two middle values.
double median(std::vector<store::TimeNs>& v)
{
    if (v.empty())
        return 0;
    const size_t n = v.size();
    const auto mid = v.begin() + std::ptrdiff_t(n / 2);
    std::nth_element(v.begin(), mid, v.end());
    const store::TimeNs hi = *mid;
    if (n % 2)
        return double(hi);
    const store::TimeNs lo = *std::max_element(v.begin(), mid);
    return (double(lo) + double(hi)) / 2.0;
}

} // namespace

std::vector<uint32_t> OperatorTree::pathKeys(int node) const
{
    std::vector<uint32_t> keys;
    for (int n = node; n >= 0; n = nodes[size_t(n)].parent)
        keys.push_back(nodes[size_t(n)].row.key);
    std::reverse(keys.begin(), keys.end());
    return keys;
}

std::string OperatorTree::pathText(int node, const char* separator) const
{
    std::string out;
    for (int n = node; n >= 0; n = nodes[size_t(n)].parent) {
        if (!out.empty())
            out.insert(0, separator);
        out.insert(0, nodes[size_t(n)].row.name);
    }
    return out;
}

std::shared_ptr<const OperatorTree> OperatorTreeBuilder::build(const store::EventStore& store,
    const OperatorCatalog& catalog, const std::vector<OperatorLevel>& levels, store::TimeRange window,
    OperatorScope scope, const std::atomic<bool>* cancel)
{
    const auto started = std::chrono::steady_clock::now();
    auto tree = std::make_shared<OperatorTree>();
    tree->levels = levels;
    tree->window = window;
    if (tree->levels.empty())
        tree->levels.push_back(OperatorLevel::Op);
    if (tree->levels.size() > 4)
        tree->levels.resize(4);
    const size_t depthCount = tree->levels.size();
    tree->table = OperatorAggregator::aggregate(store, catalog, tree->levels[0], window, scope, cancel);
    if (cancel && cancel->load())
        return nullptr;
    if (catalog.typeCount() < store.types().size())
        return tree; // a catalog of another store: the aggregator gave an empty table too

    // One pass over the slices the aggregator took (same tracks, same window rule), adding
    // each to one node per depth and taking its duration off its parent's nodes.
    Nodes nodes(catalog.keyCount());
    auto pathOf = [&](store::SliceRow row, int* out) {
        const store::TypeId type = store.sliceType(row);
        const store::ArgSetId args = store.sliceArgs(row);
        int n = nodes.top(catalog.key(tree->levels[0], row, type, args));
        out[0] = n;
        for (size_t d = 1; d < depthCount; ++d) {
            n = nodes.child(n, catalog.key(tree->levels[d], row, type, args));
            out[d] = n;
        }
    };
    int path[8] = {};
    int parentPath[8] = {};
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (!OperatorAggregator::inScope(store, catalog, track, scope))
            continue;
        if (cancel && cancel->load())
            return nullptr;
        // A slice's kind of work splits its time, as in OperatorAggregator.
        auto kindOf = [&](store::TypeId type) { return catalog.work(track, type); };
        const uint16_t engine = catalog.engineGroup(track);
        store::TimeNs parentsEnd = store::kTimeMin;
        for (uint32_t depth = 0; depth < store.levelCount(track); ++depth) {
            const store::RowRange lv = store.level(track, depth);
            const uint32_t b = store.firstStartAtOrAfter(lv, window.start);
            const uint32_t e = store.firstStartAtOrAfter({ b, lv.end }, window.end);
            // Children that start after the window still take their time off their parents.
            const uint32_t extra
                = depth > 0 && parentsEnd >= window.end ? store.firstStartAfter({ e, lv.end }, parentsEnd) : e;
            parentsEnd = e > b ? store.sliceEnd(store::SliceRow(e - 1)) : store::kTimeMin;
            const uint64_t place = (uint64_t(t) << 32) | depth;
            for (uint32_t i = b; i < extra; ++i) {
                const store::SliceRow row(i);
                const store::TimeNs dur = store.sliceDur(row);
                if (depth > 0) {
                    const store::SliceRow p = store.sliceParent(row);
                    const store::TimeNs pts = p.valid() ? store.sliceTs(p) : store::kTimeMin;
                    if (p.valid() && pts >= window.start && pts < window.end) {
                        pathOf(p, parentPath);
                        const store::WorkKind kind = kindOf(store.sliceType(p));
                        for (size_t d = 0; d < depthCount; ++d)
                            nodes.accs[size_t(parentPath[d])].subtractChild(dur, kind);
                    }
                }
                if (i >= e)
                    continue;
                pathOf(row, path);
                const store::TypeId type = store.sliceType(row);
                const store::ArgSetId args = store.sliceArgs(row);
                const store::WorkKind kind = kindOf(type);
                const OperatorCatalog::Metrics& m = catalog.metrics(args);
                const uint32_t category = store.types().get(type).category.v;
                for (size_t d = 0; d < depthCount; ++d) {
                    Acc& a = nodes.accs[size_t(path[d])];
                    if (dur > a.max || !a.longest.valid())
                        a.longest = row;
                    a.add(dur, engine, kind, m);
                    if (a.lastPlace != place) {
                        a.lastPlace = place;
                        a.places.push_back(place);
                    }
                    if (a.lastCategory != category) {
                        a.lastCategory = category;
                        if (std::find(a.categories.begin(), a.categories.end(), category) == a.categories.end())
                            a.categories.push_back(category);
                    }
                }
            }
        }
    }

    // Nodes that only lost time (parents of counted children, never counted themselves) are
    // not rows, as in the aggregator. Keep the rest, renumbered.
    std::vector<int> index(nodes.accs.size(), -1);
    tree->nodes.reserve(nodes.accs.size());
    for (size_t i = 0; i < nodes.accs.size(); ++i) {
        if (cancel && (i & 1023) == 0 && cancel->load())
            return nullptr;
        Acc& a = nodes.accs[i];
        if (a.count == 0)
            continue;
        index[i] = int(tree->nodes.size());
        OperatorTreeNode& n = tree->nodes.emplace_back();
        n.parent = a.parent >= 0 ? index[size_t(a.parent)] : -1; // parents are made before children
        n.depth = a.depth;
        n.longest = a.longest;
        std::sort(a.places.begin(), a.places.end());
        a.places.erase(std::unique(a.places.begin(), a.places.end()), a.places.end());
        n.places = std::move(a.places);
        for (uint32_t c : a.categories)
            if (c != store::StringId::kInvalid && !store.str(store::StringId(c)).empty())
                n.categories.emplace_back(store.str(store::StringId(c)));
        OperatorRow& r = n.row;
        r = a.row(a.key, catalog);
        r.medianNs = median(a.durations);
        std::vector<store::TimeNs>().swap(a.durations);
        r.percent = tree->table.busyNs > 0 ? 100.0 * double(a.self) / double(tree->table.busyNs) : 0.0;
        tree->hasBytes |= r.hasBytes;
        tree->hasFlops |= r.hasFlops;
        tree->hasMfu |= r.mfu >= 0;
        tree->hasHfu |= r.hfu >= 0;
        if (n.parent >= 0)
            tree->nodes[size_t(n.parent)].children.push_back(int(tree->nodes.size() - 1));
    }

    // The top level is the aggregator's table itself, in its order.
    std::unordered_map<uint32_t, int> topByKey;
    for (size_t i = 0; i < tree->nodes.size(); ++i)
        if (tree->nodes[i].parent < 0)
            topByKey.emplace(tree->nodes[i].row.key, int(i));
    for (const OperatorRow& r : tree->table.rows) {
        const auto it = topByKey.find(r.key);
        if (it == topByKey.end())
            continue;
        tree->nodes[size_t(it->second)].row = r;
        tree->roots.push_back(it->second);
    }
    auto order = [&](int a, int b) {
        const OperatorRow& ra = tree->nodes[size_t(a)].row;
        const OperatorRow& rb = tree->nodes[size_t(b)].row;
        return ra.totalNs != rb.totalNs ? ra.totalNs > rb.totalNs : ra.name < rb.name;
    };
    for (OperatorTreeNode& n : tree->nodes)
        std::sort(n.children.begin(), n.children.end(), order);
    tree->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return tree;
}

} // namespace strata::analysis
