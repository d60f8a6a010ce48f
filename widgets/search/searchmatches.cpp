#include "searchmatches.h"

#include <analysis/search/searchengine.h>

#include <algorithm>
#include <queue>

namespace strata::widgets {

using store::TimeNs;

std::shared_ptr<const SearchMatches> SearchMatches::run(std::shared_ptr<const store::EventStore> store,
    const analysis::SearchQuery& query, const std::atomic<bool>* cancel, const analysis::SearchIndex* index,
    size_t maxLazyRuns)
{
    auto out = std::make_shared<SearchMatches>();
    out->m_store = store;
    analysis::SearchResult r = analysis::SearchEngine::run(*store, query, cancel, 0, index);
    if (!r.ok()) {
        out->m_cancelled = r.cancelled;
        out->m_error = QString::fromStdString(r.error);
        return out;
    }
    out->m_totalNs = r.totalNs;
    out->m_types = r.typesMatched;
    out->m_slices = std::make_shared<std::vector<store::SliceRow>>(std::move(r.slices));
    out->m_instants = std::make_shared<std::vector<store::InstantRow>>(std::move(r.instants));
    const uint32_t ns = uint32_t(out->m_slices->size());
    const uint32_t total = ns + uint32_t(out->m_instants->size());
    out->m_count = total;
    // Runs in which the key ascends: a new one where the time steps back, and at the
    // instants. One sequential pass over the matches' start times.
    std::vector<Run>& runs = out->m_runs;
    TimeNs prev = 0;
    for (uint32_t v = 0; v < total; ++v) {
        const TimeNs ts = out->tsOf(v);
        if (runs.empty() || v == ns || ts < prev)
            runs.push_back({ v, v + 1 });
        else
            runs.back().end = v + 1;
        prev = ts;
        if ((v & 0xFFFFF) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
            out->m_cancelled = true;
            out->m_count = 0;
            return out;
        }
    }
    if (runs.size() <= maxLazyRuns)
        return out;

    struct Head {
        TimeNs ts;
        uint32_t v;
        uint32_t run;
    };
    auto later = [](const Head& a, const Head& b) { return a.ts != b.ts ? a.ts > b.ts : a.v > b.v; };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heap(later);
    for (uint32_t i = 0; i < runs.size(); ++i)
        heap.push({ out->tsOf(runs[i].begin), runs[i].begin, i });
    out->m_order.reserve(total);
    while (!heap.empty()) {
        if ((out->m_order.size() & 0xFFFF) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
            out->m_cancelled = true;
            out->m_order.clear();
            out->m_count = 0;
            return out;
        }
        const Head h = heap.top();
        heap.pop();
        out->m_order.push_back(h.v);
        if (h.v + 1 < runs[h.run].end)
            heap.push({ out->tsOf(h.v + 1), h.v + 1, h.run });
    }
    std::vector<Run>().swap(runs);
    return out;
}

TimeNs SearchMatches::tsOf(uint32_t v) const
{
    const size_t ns = m_slices->size();
    return v < ns ? m_store->sliceTs((*m_slices)[v]) : m_store->instantTs((*m_instants)[v - ns]);
}

size_t SearchMatches::rank(TimeNs t, uint32_t v) const
{
    size_t n = 0;
    for (const Run& r : m_runs) {
        // The first key of the run at or above (t, v): keys ascend within a run.
        uint32_t lo = r.begin, hi = r.end;
        while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            const TimeNs ts = tsOf(mid);
            if (ts < t || (ts == t && mid < v))
                lo = mid + 1;
            else
                hi = mid;
        }
        n += lo - r.begin;
    }
    return n;
}

uint32_t SearchMatches::select(size_t i) const
{
    // The earliest start time T with more than i matches starting at or before it...
    TimeNs lo = tsOf(m_runs.front().begin), hi = lo;
    for (const Run& r : m_runs) {
        lo = std::min(lo, tsOf(r.begin));
        hi = std::max(hi, tsOf(r.end - 1));
    }
    while (lo < hi) {
        // < hi, so mid + 1 cannot overflow; the span is taken unsigned, as it may exceed
        // INT64_MAX between a negative and a positive start time.
        const TimeNs mid = TimeNs(uint64_t(lo) + (uint64_t(hi) - uint64_t(lo)) / 2);
        if (rank(mid + 1, 0) > i)
            hi = mid;
        else
            lo = mid + 1;
    }
    const TimeNs t = lo;
    // ...then among the matches starting at T (in each run a span of consecutive v), the
    // smallest v with more than i of all keys at or below (T, v).
    uint32_t vlo = 0, vhi = uint32_t(m_count - 1);
    while (vlo < vhi) {
        const uint32_t mid = vlo + (vhi - vlo) / 2;
        if (rank(t, mid + 1) > i)
            vhi = mid;
        else
            vlo = mid + 1;
    }
    return vlo;
}

model::EventRef SearchMatches::at(size_t i) const
{
    if (i >= m_count)
        return {};
    const uint32_t v = m_order.empty() ? select(i) : m_order[i];
    const size_t ns = m_slices->size();
    return v < ns ? model::EventRef::slice((*m_slices)[v]) : model::EventRef::instant((*m_instants)[v - ns]);
}

TimeNs SearchMatches::startOf(size_t i) const
{
    return tsOf(m_order.empty() ? select(i) : m_order[i]);
}

size_t SearchMatches::lowerBound(TimeNs t) const
{
    if (m_order.empty())
        return m_count ? rank(t, 0) : 0;
    size_t lo = 0, hi = m_order.size();
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (tsOf(m_order[mid]) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

long SearchMatches::indexOf(model::EventRef e) const
{
    // Its v, from the sorted row sets.
    if (m_count == 0)
        return -1;
    uint32_t v = 0;
    if (e.kind == model::EventRef::Kind::Slice) {
        const auto it = std::lower_bound(m_slices->begin(), m_slices->end(), store::SliceRow(e.row));
        if (it == m_slices->end() || it->v != e.row)
            return -1;
        v = uint32_t(it - m_slices->begin());
    } else if (e.kind == model::EventRef::Kind::Instant) {
        const auto it = std::lower_bound(m_instants->begin(), m_instants->end(), store::InstantRow(e.row));
        if (it == m_instants->end() || it->v != e.row)
            return -1;
        v = uint32_t(m_slices->size() + size_t(it - m_instants->begin()));
    } else {
        return -1;
    }
    const TimeNs ts = tsOf(v);
    if (m_order.empty())
        return long(rank(ts, v));
    for (size_t i = lowerBound(ts); i < m_order.size() && tsOf(m_order[i]) == ts; ++i)
        if (m_order[i] == v)
            return long(i);
    return -1;
}

} // namespace strata::widgets
