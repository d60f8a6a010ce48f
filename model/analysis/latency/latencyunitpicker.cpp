#include "latencyunitpicker.h"

#include <analysis/operators/nameparser.h>
#include <store/timemath.h>

#include <algorithm>
#include <cctype>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace strata::analysis {

namespace {

struct Group {
    std::string name;
    uint64_t count = 0;
    store::TimeNs total = 0;
    uint64_t nested = 0; // instances strictly inside another group's instance
    bool numbered = false;
    bool holdsRepeated = false; // an instance of a repeated group lies inside one of ours
};

bool isStepLike(const Group& g)
{
    return g.numbered || LatencyUnitPicker::stepLike(g.name);
}

struct Instance {
    store::TimeNs start, end;
    uint32_t group;
};

// Groups by name without "#<digits>", caching the group of each TypeId.
class Grouper {
public:
    explicit Grouper(const store::EventStore& store)
        : m_store(store)
        , m_typeGroup(store.types().size(), UINT32_MAX)
    {
    }
    uint32_t group(store::SliceRow r)
    {
        const store::TypeId t = m_store.sliceType(r);
        uint32_t& g = m_typeGroup[t.v];
        if (g != UINT32_MAX)
            return g;
        const std::string_view raw = m_store.str(m_store.types().get(t).name);
        std::string name = NameParser::stripStepNumber(raw);
        auto [it, added] = m_byName.emplace(name, uint32_t(groups.size()));
        if (added)
            groups.push_back(Group { std::move(name) });
        groups[it->second].numbered = groups[it->second].numbered || it->first.size() != raw.size();
        g = it->second;
        return g;
    }
    std::vector<Group> groups;

private:
    const store::EventStore& m_store;
    std::vector<uint32_t> m_typeGroup;
    std::unordered_map<std::string, uint32_t> m_byName;
};

// Step 1: depth-0 slices of host threads, lone wrappers replaced by their children.
std::vector<store::SliceRow> topLevel(const store::EventStore& store, const OperatorCatalog& catalog, Grouper& grouper)
{
    std::vector<store::SliceRow> tops;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        if (store.track(track).kind != store::TrackKind::Thread || catalog.isDeviceTrack(track))
            continue;
        const store::RowRange lv = store.level(track, 0);
        for (uint32_t r = lv.begin; r < lv.end; ++r)
            tops.push_back(store::SliceRow(r));
    }
    std::vector<uint32_t> seen;
    std::vector<store::SliceRow> next;
    for (int round = 0; round < LatencyUnitPicker::kMaxUnwrap; ++round) {
        seen.assign(grouper.groups.size(), 0);
        for (store::SliceRow r : tops) {
            const uint32_t g = grouper.group(r);
            if (g >= seen.size())
                seen.resize(g + 1, 0);
            ++seen[g];
        }
        next.clear();
        bool unwrapped = false;
        for (store::SliceRow r : tops) {
            const store::RowRange kids = store.children(r);
            const uint32_t g = grouper.group(r);
            if (seen[g] == 1 && !kids.empty() && !isStepLike(grouper.groups[g])) {
                for (uint32_t k = kids.begin; k < kids.end; ++k)
                    next.push_back(store::SliceRow(k));
                unwrapped = true;
            } else {
                next.push_back(r);
            }
        }
        tops.swap(next);
        if (!unwrapped)
            break;
    }
    return tops;
}

// Step 3: sweeps the instances by start, keeping the two furthest-reaching instances of
// different groups seen so far; an instance is strictly inside another when one of them
// reaches past its end, or to its end from an earlier start.
// Only instances of groups that `canHold` may be the outer one.
void markNesting(std::vector<Instance>& all, std::vector<Group>& groups, const std::vector<uint8_t>& canHold)
{
    std::sort(all.begin(), all.end(),
        [](const Instance& a, const Instance& b) { return a.start != b.start ? a.start < b.start : a.end > b.end; });
    const Instance none { 0, store::kTimeMin, UINT32_MAX };
    Instance best = none, second = none; // best.group != second.group
    auto reachesFurther
        = [](const Instance& a, const Instance& b) { return a.end != b.end ? a.end > b.end : a.start < b.start; };
    for (const Instance& a : all) {
        const Instance& outer = best.group != a.group ? best : second;
        if (outer.group != UINT32_MAX && (outer.end > a.end || (outer.end == a.end && outer.start < a.start))) {
            ++groups[a.group].nested;
            if (groups[a.group].count >= 2)
                groups[outer.group].holdsRepeated = true;
        }
        if (!canHold[a.group])
            continue;
        if (a.group == best.group) {
            if (reachesFurther(a, best))
                best = a;
        } else if (best.group == UINT32_MAX || reachesFurther(a, best)) {
            second = best;
            best = a;
        } else if (second.group == UINT32_MAX || reachesFurther(a, second)) {
            second = a;
        }
    }
}

} // namespace

bool LatencyUnitPicker::stepLike(std::string_view name)
{
    std::string lower(name);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* word : { "step", "iteration", "inference", "subnet" })
        if (lower.find(word) != std::string::npos)
            return true;
    // "forward" only as a word of its own: "model.forward", not "ForwardWheelEvent".
    const auto letter
        = [&](size_t i) { return i < lower.size() && std::isalpha(static_cast<unsigned char>(lower[i])); };
    for (size_t at = lower.find("forward"); at != std::string::npos; at = lower.find("forward", at + 1))
        if ((at == 0 || !letter(at - 1)) && !letter(at + 7))
            return true;
    return false;
}

std::string LatencyUnitPicker::pick(const store::EventStore& store, const OperatorCatalog& catalog)
{
    Grouper grouper(store);
    const std::vector<store::SliceRow> tops = topLevel(store, catalog, grouper);
    std::vector<Group>& groups = grouper.groups;
    std::vector<Instance> all;
    all.reserve(tops.size());
    for (store::SliceRow r : tops) {
        const uint32_t g = grouper.group(r);
        ++groups[g].count;
        groups[g].total = store::TimeMath::saturatingAdd(groups[g].total, store.sliceDur(r));
        all.push_back({ store.sliceTs(r), store.sliceEnd(r), g });
    }
    // Outer units: the repeated groups, and a lone step-like one (one iteration of a run).
    std::vector<uint8_t> canHold(groups.size(), 0);
    for (size_t g = 0; g < groups.size(); ++g)
        canHold[g] = groups[g].count >= 2 || (groups[g].count == 1 && isStepLike(groups[g]));
    markNesting(all, groups, canHold);
    const Group* best = nullptr;
    auto rank
        = [](const Group& g) { return std::make_tuple(g.nested * 2 <= g.count, isStepLike(g), g.total, g.count); };
    for (const Group& g : groups) {
        const bool eligible = g.count >= 2 || (g.count == 1 && g.holdsRepeated && isStepLike(g));
        if (!eligible || g.name.empty())
            continue;
        if (!best || rank(g) > rank(*best))
            best = &g;
    }
    return best ? best->name : std::string();
}

} // namespace strata::analysis
