#include "launchindex.h"

#include <store/devicerules.h>
#include <store/joblayout.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace strata::analysis {

namespace {

enum TypeClass : uint8_t { Other, Launched, Launch, CpuOp };

// The integer value of an id arg (correlation ids and External ids are written as numbers,
// sometimes as numeric strings).
bool idValue(const store::EventStore& s, const store::Arg& a, int64_t* out)
{
    double d = 0;
    if (a.number(&d)) {
        *out = static_cast<int64_t>(d);
        return true;
    }
    const std::string_view v = s.str(a.stringValue());
    if (v.empty() || v.size() > 19)
        return false;
    int64_t n = 0;
    for (char c : v) {
        if (c < '0' || c > '9')
            return false;
        n = n * 10 + (c - '0');
    }
    *out = n;
    return true;
}

struct Ids {
    bool hasCorrelation = false, hasExternal = false;
    int64_t correlation = 0, external = 0;
};

Ids idsOf(const store::EventStore& s, store::SliceRow row, const std::vector<uint8_t>& keyRole)
{
    Ids ids;
    const store::ArgSetId set = s.sliceArgs(row);
    const size_t n = s.args().size(set);
    for (size_t i = 0; i < n; ++i) {
        const store::Arg a = s.args().at(set, i);
        const uint8_t role = a.key.v < keyRole.size() ? keyRole[a.key.v] : 0;
        if (role == 1 && !ids.hasCorrelation)
            ids.hasCorrelation = idValue(s, a, &ids.correlation);
        else if (role == 2 && !ids.hasExternal)
            ids.hasExternal = idValue(s, a, &ids.external);
    }
    return ids;
}

// Where correlation and External ids are unique: each file numbers its own, so in a job's
// merged store (store::JobLayout) each rank is a scope of its own, and a kernel of rank 3 is
// never tied to rank 0's launch of the same id. A store that is not a job is one scope.
// Slice rows are grouped by track in track order and a rank's tracks are one block, so a
// rank's rows are one run: scopes are runs of rows, met in order by a walk up the rows.
class IdScopes {
public:
    explicit IdScopes(const store::EventStore& s)
    {
        const store::JobLayout layout = store::JobLayout::of(s);
        for (const store::JobRank& r : layout.ranks()) {
            uint32_t first = UINT32_MAX;
            for (uint32_t t = r.trackBegin; t < r.trackBegin + r.trackCount; ++t)
                if (!s.track(store::TrackId(t)).slices.empty())
                    first = std::min(first, s.track(store::TrackId(t)).slices.begin);
            if (first != UINT32_MAX)
                m_starts.push_back(first);
        }
    }
    size_t count() const { return std::max<size_t>(1, m_starts.size()); }
    // The scope of `row`; rows must come in increasing order between two rewind() calls.
    size_t of(uint32_t row)
    {
        while (m_at + 1 < m_starts.size() && m_starts[m_at + 1] <= row)
            ++m_at;
        return m_at;
    }
    void rewind() { m_at = 0; }

private:
    std::vector<uint32_t> m_starts; // per rank with slices, in rank order: its first row
    size_t m_at = 0;
};

} // namespace

bool LaunchIndex::isLaunchCall(std::string_view c)
{
    for (const char* k : { "cuda_runtime", "Runtime", "cuda_driver", "mtia_runtime", "hip_runtime" })
        if (c == k)
            return true;
    return false;
}

bool LaunchIndex::isCpuOp(std::string_view category, std::string_view name)
{
    return (category == "cpu_op" || category == "Operator") && name.rfind("ProfilerStep#", 0) != 0;
}

LaunchIndex::LaunchIndex(const store::EventStore& s, const std::atomic<bool>* cancel)
{
    const size_t types = s.types().size();
    std::vector<uint8_t> cls(types, Other);
    bool anyLaunched = false;
    for (uint32_t t = 0; t < types; ++t) {
        const store::EventType& ty = s.types().get(store::TypeId(t));
        const std::string_view cat = s.str(ty.category);
        if (store::DeviceRules::launchedByHost(cat)) {
            cls[t] = Launched;
            anyLaunched = true;
        } else if (isLaunchCall(cat))
            cls[t] = Launch;
        else if (isCpuOp(cat, s.str(ty.name)))
            cls[t] = CpuOp;
    }
    if (!anyLaunched)
        return;
    const store::StringPool& pool = s.strings();
    std::vector<uint8_t> keyRole(pool.size(), 0);
    auto role = [&](const char* key, uint8_t r) {
        const store::StringId id = pool.find(key);
        if (id.valid() && id.v < keyRole.size())
            keyRole[id.v] = r;
    };
    role("correlation", 1);
    role("correlation id", 1);
    role("External id", 2);
    role("external id", 2);

    IdScopes scopes(s);
    std::vector<std::unordered_map<int64_t, uint32_t>> launchByCorrelation(scopes.count()),
        opByExternal(scopes.count());
    std::vector<uint32_t> launched;
    const uint32_t rows = static_cast<uint32_t>(s.sliceCount());
    for (uint32_t r = 0; r < rows; ++r) {
        if ((r & 0xffff) == 0 && cancel && cancel->load())
            return;
        const uint8_t c = cls[s.sliceType(store::SliceRow(r)).v];
        if (c == Other)
            continue;
        if (c == Launched) {
            launched.push_back(r);
            continue;
        }
        const Ids ids = idsOf(s, store::SliceRow(r), keyRole);
        if (c == Launch && ids.hasCorrelation)
            launchByCorrelation[scopes.of(r)].emplace(ids.correlation, r);
        else if (c == CpuOp && ids.hasExternal)
            opByExternal[scopes.of(r)].emplace(ids.external, r); // the first op with the id: unique per op
    }

    auto opsAround = [&](uint32_t from, bool includeSelf, Link* link) {
        // Walk up from `from`: every CPU op on the way; the last one met is the outermost.
        for (store::SliceRow p = includeSelf ? store::SliceRow(from) : s.sliceParent(store::SliceRow(from)); p.valid();
             p = s.sliceParent(p)) {
            if (cls[s.sliceType(p).v] != CpuOp)
                continue;
            if (link->innerOp == kNone)
                link->innerOp = p.v;
            link->outerOp = p.v;
        }
    };
    m_links.reserve(launched.size());
    scopes.rewind();
    for (uint32_t r : launched) {
        const store::SliceRow row(r);
        const Ids ids = idsOf(s, row, keyRole);
        const size_t scope = scopes.of(r);
        Link link;
        link.device = r;
        if (ids.hasCorrelation) {
            const auto it = launchByCorrelation[scope].find(ids.correlation);
            if (it != launchByCorrelation[scope].end())
                link.launch = it->second;
        }
        if (link.launch == kNone)
            for (store::FlowId f : s.flowsIn(row)) {
                const store::SliceRow from = s.flow(f).from;
                if (from.valid() && cls[s.sliceType(from).v] == Launch) {
                    link.launch = from.v;
                    break;
                }
            }
        if (link.launch != kNone)
            opsAround(link.launch, false, &link);
        else if (ids.hasExternal) {
            const auto it = opByExternal[scope].find(ids.external);
            if (it != opByExternal[scope].end())
                opsAround(it->second, true, &link);
        }
        if (link.launch == kNone && link.innerOp == kNone) {
            ++m_unlinked;
            continue;
        }
        m_links.push_back(link);
    }
    // `launched` is in row order, so m_links is sorted by device row.
}

const LaunchIndex::Link* LaunchIndex::find(store::SliceRow device) const
{
    const auto it = std::lower_bound(
        m_links.begin(), m_links.end(), device.v, [](const Link& l, uint32_t row) { return l.device < row; });
    return it != m_links.end() && it->device == device.v ? &*it : nullptr;
}

std::vector<store::SliceRow> LaunchIndex::opStack(const store::EventStore& s, const Link& link) const
{
    std::vector<store::SliceRow> out;
    if (link.innerOp == kNone)
        return out;
    for (store::SliceRow p(link.innerOp); p.valid(); p = s.sliceParent(p)) {
        const store::EventType& ty = s.types().get(s.sliceType(p));
        if (isCpuOp(s.str(ty.category), s.str(ty.name)))
            out.push_back(p);
        if (p.v == link.outerOp)
            break;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<store::SliceRow> LaunchIndex::launchedBy(
    const store::EventStore& s, store::SliceRow row, size_t limit, size_t* total) const
{
    std::vector<store::SliceRow> out;
    size_t count = 0;
    const store::TrackId track = s.sliceTrack(row);
    const store::TimeNs t0 = s.sliceTs(row), t1 = s.sliceEnd(row);
    const uint32_t depth = s.sliceDepth(row);
    auto inside = [&](uint32_t r) {
        if (r == kNone)
            return false;
        const store::SliceRow x(r);
        if (x == row)
            return true;
        return s.sliceDepth(x) > depth && s.sliceTs(x) >= t0 && s.sliceEnd(x) <= t1 && s.sliceTrack(x) == track;
    };
    for (const Link& l : m_links) {
        if (!(l.launch != kNone ? inside(l.launch) : inside(l.innerOp)))
            continue;
        if (out.size() < limit)
            out.push_back(store::SliceRow(l.device));
        ++count;
    }
    if (total)
        *total = count;
    return out;
}

} // namespace strata::analysis
