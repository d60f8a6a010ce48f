#include "perfettoclocks.h"

#include "perfettoschema.h"

#include <store/timemath.h>

#include <algorithm>
#include <limits>

namespace strata::importers::perfetto {

namespace {
bool mulNs(uint64_t value, int64_t multiplier, int64_t* out)
{
    if (value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        return false;
    const auto v = static_cast<int64_t>(value);
    if (multiplier != 0 && v > std::numeric_limits<int64_t>::max() / multiplier)
        return false;
    *out = v * multiplier;
    return true;
}
} // namespace

uint64_t ClockConverter::key(uint32_t sequence, uint32_t clockId)
{
    if (clockId >= clock::kFirstSequenceClock && clockId <= clock::kLastSequenceClock)
        return (static_cast<uint64_t>(sequence) << 32) | clockId;
    return clockId;
}

bool ClockConverter::addSnapshot(
    uint32_t sequence, const proto::Field& snapshot, std::string* error, uint64_t* errorOffset)
{
    struct Entry {
        uint32_t id = 0;
        uint64_t ts = 0;
        bool hasTs = false;
        bool incremental = false;
        int64_t multiplier = 1;
    };
    std::vector<Entry> entries;
    uint32_t primary = 0;
    proto::Reader r = snapshot.message();
    proto::Field f;
    while (r.next(&f)) {
        if (f.id == clock::kPrimaryTraceClock && f.isVarint()) {
            primary = f.asUint32();
        } else if (f.id == clock::kClocks && f.isBytes()) {
            Entry e;
            proto::Reader c = f.message();
            proto::Field g;
            while (c.next(&g)) {
                if (g.id == clock::kClockId && g.isVarint())
                    e.id = g.asUint32();
                else if (g.id == clock::kTimestamp && g.isVarint()) {
                    e.ts = g.asUint64();
                    e.hasTs = true;
                } else if (g.id == clock::kIsIncremental && g.isVarint())
                    e.incremental = g.asBool();
                else if (g.id == clock::kUnitMultiplierNs && g.isVarint())
                    e.multiplier = std::max<int64_t>(1, static_cast<int64_t>(g.asUint64()));
            }
            if (c.failed()) {
                *error = "clock snapshot: " + c.error();
                *errorOffset = c.errorOffset();
                return false;
            }
            if (e.hasTs)
                entries.push_back(e);
        }
    }
    if (r.failed()) {
        *error = "clock snapshot: " + r.error();
        *errorOffset = r.errorOffset();
        return false;
    }
    ++m_snapshots;
    if (primary != 0 && !m_traceClockFixed)
        m_traceClock = primary;
    m_traceClockFixed = true;
    int64_t traceNs = 0;
    bool hasTrace = false;
    for (const Entry& e : entries) {
        if (e.id == m_traceClock && mulNs(e.ts, e.multiplier, &traceNs)) {
            hasTrace = true;
            break;
        }
    }
    for (const Entry& e : entries) {
        Clock& c = m_clocks[key(sequence, e.id)];
        c.multiplier = e.multiplier;
        c.incremental = e.incremental;
        c.last = e.ts;
        int64_t ns = 0;
        if (hasTrace && e.id != m_traceClock && mulNs(e.ts, e.multiplier, &ns)) {
            const std::pair<int64_t, int64_t> point(ns, traceNs);
            c.sync.insert(std::upper_bound(c.sync.begin(), c.sync.end(), point), point);
        }
    }
    return true;
}

ClockConverter::Result ClockConverter::toTrace(uint32_t sequence, uint32_t clockId, uint64_t ts, int64_t* out)
{
    const uint32_t id = clockId == 0 ? clock::kBoottime : clockId;
    auto it = m_clocks.find(key(sequence, id));
    if (id == m_traceClock && (it == m_clocks.end() || (!it->second.incremental && it->second.multiplier == 1))) {
        if (ts > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            return Result::Invalid;
        *out = static_cast<int64_t>(ts);
        return Result::Ok;
    }
    if (it == m_clocks.end()) {
        if (ts > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            return Result::Invalid;
        *out = static_cast<int64_t>(ts);
        return Result::Unsynced;
    }
    Clock& c = it->second;
    uint64_t value = ts;
    if (c.incremental) {
        if (__builtin_add_overflow(c.last, ts, &value))
            return Result::Invalid;
        c.last = value;
    }
    int64_t ns = 0;
    if (!mulNs(value, c.multiplier, &ns))
        return Result::Invalid;
    if (id == m_traceClock) {
        *out = ns;
        return Result::Ok;
    }
    if (c.sync.empty()) {
        *out = ns;
        return Result::Unsynced;
    }
    // The latest sync point at or before this time, else the first one.
    auto pos = std::upper_bound(
        c.sync.begin(), c.sync.end(), ns, [](int64_t v, const std::pair<int64_t, int64_t>& s) { return v < s.first; });
    const auto& s = pos == c.sync.begin() ? *pos : *(pos - 1);
    // Both are >= 0, so the difference fits; the sum may not.
    const auto t = store::TimeMath::add(s.second, ns - s.first);
    if (!t)
        return Result::Invalid;
    *out = *t;
    return Result::Ok;
}

} // namespace strata::importers::perfetto
