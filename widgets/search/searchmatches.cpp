#include "searchmatches.h"

#include <analysis/search/searchengine.h>

#include <algorithm>
#include <queue>

namespace strata::widgets {

using store::TimeNs;

std::shared_ptr<const SearchMatches> SearchMatches::run(std::shared_ptr<const store::EventStore> store,
    const analysis::SearchQuery& query, const std::atomic<bool>* cancel, const analysis::SearchIndex* index)
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
    auto slices = std::make_shared<std::vector<store::SliceRow>>(std::move(r.slices));
    auto instants = std::make_shared<std::vector<store::InstantRow>>(std::move(r.instants));
    const uint32_t ns = uint32_t(slices->size());
    auto tsOf
        = [&](uint32_t v) { return v < ns ? store->sliceTs((*slices)[v]) : store->instantTs((*instants)[v - ns]); };
    // Runs of non-decreasing start time: [begin, end) in the combined index space.
    std::vector<std::pair<uint32_t, uint32_t>> runs;
    const uint32_t total = ns + uint32_t(instants->size());
    for (uint32_t v = 0; v < total; ++v) {
        if (runs.empty() || v == ns || tsOf(v) < tsOf(v - 1))
            runs.push_back({ v, v + 1 });
        else
            runs.back().second = v + 1;
    }
    struct Head {
        TimeNs ts;
        uint32_t v;
        uint32_t run;
    };
    auto later = [](const Head& a, const Head& b) { return a.ts != b.ts ? a.ts > b.ts : a.v > b.v; };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heap(later);
    for (uint32_t i = 0; i < runs.size(); ++i)
        heap.push({ tsOf(runs[i].first), runs[i].first, i });
    out->m_order.reserve(total);
    while (!heap.empty()) {
        if ((out->m_order.size() & 0xFFFF) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
            out->m_cancelled = true;
            out->m_order.clear();
            return out;
        }
        const Head h = heap.top();
        heap.pop();
        out->m_order.push_back(h.v);
        if (h.v + 1 < runs[h.run].second)
            heap.push({ tsOf(h.v + 1), h.v + 1, h.run });
    }
    out->m_slices = std::move(slices);
    out->m_instants = std::move(instants);
    return out;
}

model::EventRef SearchMatches::at(size_t i) const
{
    if (i >= m_order.size())
        return {};
    const uint32_t v = m_order[i];
    const size_t ns = m_slices->size();
    return v < ns ? model::EventRef::slice((*m_slices)[v]) : model::EventRef::instant((*m_instants)[v - ns]);
}

TimeNs SearchMatches::startOf(size_t i) const
{
    const uint32_t v = m_order[i];
    const size_t ns = m_slices->size();
    return v < ns ? m_store->sliceTs((*m_slices)[v]) : m_store->instantTs((*m_instants)[v - ns]);
}

size_t SearchMatches::lowerBound(TimeNs t) const
{
    size_t lo = 0, hi = m_order.size();
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (startOf(mid) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

long SearchMatches::indexOf(model::EventRef e) const
{
    TimeNs ts = 0;
    if (e.kind == model::EventRef::Kind::Slice && e.row < m_store->sliceCount())
        ts = m_store->sliceTs(store::SliceRow(e.row));
    else if (e.kind == model::EventRef::Kind::Instant && e.row < m_store->instantCount())
        ts = m_store->instantTs(store::InstantRow(e.row));
    else
        return -1;
    for (size_t i = lowerBound(ts); i < m_order.size() && startOf(i) == ts; ++i)
        if (at(i) == e)
            return long(i);
    return -1;
}

} // namespace strata::widgets
