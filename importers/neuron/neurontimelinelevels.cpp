#include "neurontimelinelevels.h"

#include "asciitext.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace strata::importers {

namespace {

enum class Level { Other, Framework, Hlo };

// A row's level by its label ("Framework Ops", "HLO Ops"), else by its slices' category
// (the plugin writes "framework" and "hlo"): the first slice whose category names a level.
Level rowLevel(store::StoreBuilder& b, uint32_t thread, const std::string& label)
{
    if (label.find("hlo") != std::string::npos)
        return Level::Hlo;
    if (label.find("framework") != std::string::npos)
        return Level::Framework;
    std::unordered_set<uint32_t> seen; // categories read, so a long row costs a lookup a slice
    const size_t n = b.threadSliceCount(thread);
    for (uint32_t i = 0; i < n; ++i) {
        const store::StringId cat = b.types().get(b.slice({ thread, i }).type).category;
        if (!seen.insert(cat.v).second)
            continue;
        const std::string c = AsciiText::lower(b.strings().view(cat));
        if (c.find("hlo") != std::string::npos)
            return Level::Hlo;
        if (c.find("framework") != std::string::npos)
            return Level::Framework;
    }
    return Level::Other;
}

struct Row {
    uint32_t thread;
    std::string label; // lower case
};

// The framework row an HLO row's ops belong to: the section's only one, else the one named
// as the HLO row with "hlo" read "framework" (one pair of rows per core). Null when none.
const Row* pairOf(const Row& hlo, const std::vector<Row>& framework)
{
    if (framework.size() == 1)
        return &framework.front();
    std::string want = hlo.label;
    const size_t at = want.find("hlo");
    if (at == std::string::npos) // told by its slices' category, not by its name
        return nullptr;
    want.replace(at, 3, "framework");
    for (const Row& f : framework)
        if (f.label == want)
            return &f;
    return nullptr;
}

struct Span {
    store::TimeNs ts, end;
    store::StringId name;
};

// Gives the framework op's name to HLO slices as `framework_name`; one merged arg set per
// (arg set, name), as many HLO slices share both.
class Filler {
public:
    explicit Filler(store::StoreBuilder& b)
        : m_b(b)
        , m_key(b.intern("framework_name"))
    {
        for (const char* k : { "framework_name", "framework_op", "framework op", "tf_op" })
            if (const store::StringId id = b.strings().find(k); id.valid())
                m_keys.push_back(id);
    }

    // Whether the slice already names its framework op, as the operator catalog reads args:
    // a non-empty string under one of its framework keys.
    bool hasFramework(store::ArgSetId args)
    {
        if (!args.valid())
            return false;
        const auto [it, added] = m_has.emplace(args.v, false);
        if (added)
            for (store::StringId k : m_keys) {
                store::Arg a;
                if (m_b.args().find(args, k, &a) && a.stringValue().valid()
                    && !m_b.strings().view(a.stringValue()).empty())
                    it->second = true;
            }
        return it->second;
    }

    void fill(store::SliceHandle s, store::StringId framework)
    {
        const store::ArgSetId args = m_b.slice(s).args;
        const uint64_t key = (uint64_t(args.v) << 32) | framework.v;
        auto it = m_merged.find(key);
        if (it == m_merged.end()) {
            std::vector<store::Arg> all = m_b.args().get(args);
            all.push_back(store::Arg::makeString(m_key, framework));
            it = m_merged.emplace(key, m_b.argSet(all.data(), all.size())).first;
        }
        m_b.setSliceArgs(s, it->second);
    }

private:
    store::StoreBuilder& m_b;
    store::StringId m_key;
    std::vector<store::StringId> m_keys;
    std::unordered_map<uint32_t, bool> m_has;
    std::unordered_map<uint64_t, store::ArgSetId> m_merged;
};

// Framework ops of a row by start, outer before inner (longer first at one start), so the
// sweep's stack holds the ops open at a time innermost on top.
std::vector<Span> spansOf(store::StoreBuilder& b, uint32_t thread)
{
    std::vector<Span> spans;
    const size_t n = b.threadSliceCount(thread);
    spans.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        const store::RawSlice& s = b.slice({ thread, i });
        if (s.dur != store::kOpenDuration) // a B never ended: its end is not known yet
            spans.push_back({ s.ts, s.ts + s.dur, b.types().get(s.type).name });
    }
    std::sort(spans.begin(), spans.end(),
        [](const Span& x, const Span& y) { return x.ts != y.ts ? x.ts < y.ts : x.end > y.end; });
    return spans;
}

// Each HLO slice of `hlo` without a framework op of its own gets the innermost framework op
// running at its midpoint (a midpoint, not full enclosure: µs rounding may let an HLO op
// overhang its framework op by a nanosecond). HLO slices visited by midpoint, framework ops
// pushed as they start and popped once ended: O((F + H) log) for the sorts, then linear.
void fillRow(
    store::StoreBuilder& b, uint32_t hlo, const std::vector<Span>& framework, Filler& filler, uint64_t& unfilled)
{
    std::vector<std::pair<store::TimeNs, uint32_t>> mids; // (midpoint, slice index)
    const size_t n = b.threadSliceCount(hlo);
    for (uint32_t i = 0; i < n; ++i) {
        const store::RawSlice& s = b.slice({ hlo, i });
        if (s.dur != store::kOpenDuration && !filler.hasFramework(s.args))
            mids.emplace_back(s.ts + s.dur / 2, i);
    }
    std::sort(mids.begin(), mids.end());
    std::vector<uint32_t> open; // indices into framework, each inside the one below it
    size_t next = 0;
    for (const auto& [mid, index] : mids) {
        for (; next < framework.size() && framework[next].ts <= mid; ++next) {
            while (!open.empty() && framework[open.back()].end <= framework[next].ts)
                open.pop_back();
            open.push_back(uint32_t(next));
        }
        while (!open.empty() && framework[open.back()].end <= mid)
            open.pop_back();
        if (open.empty())
            ++unfilled;
        else
            filler.fill({ hlo, index }, framework[open.back()].name);
    }
}

} // namespace

std::string NeuronTimelineLevels::rowLabel(store::StoreBuilder& b, uint32_t thread)
{
    const store::StringId n = b.threadName(thread);
    if (n.valid() && !b.strings().view(n).empty())
        return std::string(b.strings().view(n));
    const store::IdValue& tid = b.threadTid(thread);
    return tid.isString ? std::string(b.strings().view(tid.str)) : "Thread " + std::to_string(tid.num);
}

uint64_t NeuronTimelineLevels::apply(store::StoreBuilder& b, store::ProcessId section)
{
    std::vector<Row> framework, hlo;
    bool hloWork = false; // an HLO row with slices: only then is a framework row's time counted twice
    for (uint32_t t : b.processThreads(section)) {
        Row row { t, AsciiText::lower(rowLabel(b, t)) };
        const Level level = rowLevel(b, t, row.label);
        // Framework rows are decided below; every other row is one of the device's engines.
        if (level != Level::Framework)
            b.setThreadRole(t, store::TrackRole::Device);
        if (level == Level::Framework)
            framework.push_back(std::move(row));
        else if (level == Level::Hlo) {
            hloWork = hloWork || b.threadSliceCount(t) > 0;
            hlo.push_back(std::move(row));
        }
    }
    // Annotation, not Host: the framework ops label device work (the HLO ops under them) and
    // span the gaps between those ops, so they are drawn with the device but are never busy
    // time. A section without HLO work keeps its framework rows as its only measure of it.
    for (const Row& f : framework)
        b.setThreadRole(f.thread, hloWork ? store::TrackRole::Annotation : store::TrackRole::Device);

    uint64_t unfilled = 0;
    Filler filler(b);
    std::unordered_map<uint32_t, std::vector<Span>> spans; // by framework row, sorted once
    for (const Row& h : hlo) {
        const Row* f = pairOf(h, framework);
        if (!f) {
            const size_t n = b.threadSliceCount(h.thread);
            for (uint32_t i = 0; i < n; ++i) {
                const store::RawSlice& s = b.slice({ h.thread, i });
                unfilled += s.dur != store::kOpenDuration && !filler.hasFramework(s.args);
            }
            continue;
        }
        auto it = spans.find(f->thread);
        if (it == spans.end())
            it = spans.emplace(f->thread, spansOf(b, f->thread)).first;
        fillRow(b, h.thread, it->second, filler, unfilled);
    }
    return unfilled;
}

} // namespace strata::importers
