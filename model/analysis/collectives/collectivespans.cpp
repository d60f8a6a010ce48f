#include "collectivespans.h"

#include <algorithm>

namespace strata::analysis {

using store::TimeNs;
using store::TimeRange;

double CollectiveSpans::shareOf(const MatchedCollective& c)
{
    const TimeNs whole = c.skewNs + std::max<TimeNs>(0, c.minDurNs);
    return c.skewNs <= 0 || whole <= 0 ? 0.0 : double(c.skewNs) / double(whole);
}

CollectiveSpans::Severity CollectiveSpans::severityOf(double share)
{
    return share <= 0          ? Severity::None
        : share < kMediumShare ? Severity::Low
        : share < kHighShare   ? Severity::Medium
                               : Severity::High;
}

CollectiveSpans::CollectiveSpans(const CollectiveAnalysis& analysis)
{
    m_spans.reserve(analysis.collectives.size());
    for (size_t i = 0; i < analysis.collectives.size(); ++i) {
        const MatchedCollective& c = analysis.collectives[i];
        if (c.starts.empty())
            continue;
        Span s;
        s.firstStart = *std::min_element(c.starts.begin(), c.starts.end());
        s.lastStart = *std::max_element(c.starts.begin(), c.starts.end());
        s.end = c.ends.empty() ? s.lastStart : std::max(s.lastStart, *std::max_element(c.ends.begin(), c.ends.end()));
        s.share = shareOf(c);
        s.collective = uint32_t(i);
        m_spans.push_back(s);
    }
    // The analysis numbers collectives by first arrival already; sorting keeps the searches
    // right whatever the order it was given in.
    std::stable_sort(
        m_spans.begin(), m_spans.end(), [](const Span& a, const Span& b) { return a.firstStart < b.firstStart; });
    const size_t n = m_spans.size();
    m_firstStarts.resize(n);
    m_reachLast.resize(n);
    m_reachEnd.resize(n);
    for (size_t i = 0; i < n; ++i) {
        m_firstStarts[i] = m_spans[i].firstStart;
        const bool first = i == 0;
        m_reachLast[i] = !first && m_spans[m_reachLast[i - 1]].lastStart >= m_spans[i].lastStart ? m_reachLast[i - 1]
                                                                                                 : uint32_t(i);
        m_reachEnd[i] = !first && m_spans[m_reachEnd[i - 1]].end >= m_spans[i].end ? m_reachEnd[i - 1] : uint32_t(i);
    }
    if (n == 0)
        return;
    m_worst.emplace_back(n);
    for (size_t i = 0; i < n; ++i)
        m_worst[0][i] = uint32_t(i);
    for (size_t k = 1; (size_t(1) << k) <= n; ++k) {
        const size_t half = size_t(1) << (k - 1);
        std::vector<uint32_t> level(n - (size_t(1) << k) + 1);
        for (size_t i = 0; i < level.size(); ++i) {
            const uint32_t a = m_worst[k - 1][i], b = m_worst[k - 1][i + half];
            level[i] = worse(b, a) ? b : a;
        }
        m_worst.push_back(std::move(level));
    }
}

bool CollectiveSpans::worse(size_t i, size_t j) const
{
    const Span &a = m_spans[i], &b = m_spans[j];
    if (a.share != b.share)
        return a.share > b.share;
    const TimeNs skewA = a.lastStart - a.firstStart, skewB = b.lastStart - b.firstStart;
    if (skewA != skewB)
        return skewA > skewB;
    return i < j;
}

size_t CollectiveSpans::worst(size_t a, size_t b) const
{
    size_t k = 0;
    while ((size_t(2) << k) <= b - a)
        ++k;
    const uint32_t x = m_worst[k][a], y = m_worst[k][b - (size_t(1) << k)];
    return worse(y, x) ? y : x;
}

size_t CollectiveSpans::firstAtOrAfter(TimeNs t) const
{
    return size_t(std::lower_bound(m_firstStarts.begin(), m_firstStarts.end(), t) - m_firstStarts.begin());
}

std::vector<CollectiveSpans::Pixel> CollectiveSpans::pixels(TimeRange range, int width) const
{
    std::vector<Pixel> out(size_t(std::max(0, width)));
    if (width <= 0 || range.empty() || m_spans.empty())
        return out;
    const long double step = (long double)range.duration() / width;
    TimeNs lo = range.start;
    size_t a = firstAtOrAfter(lo);
    for (int x = 0; x < width; ++x) {
        const TimeNs edge = x + 1 == width ? range.end : range.start + TimeNs(step * (x + 1));
        const TimeNs hi = std::max(edge, lo + 1);
        size_t b = a;
        if (b < m_spans.size() && m_firstStarts[b] < hi)
            b = firstAtOrAfter(hi);
        Pixel& px = out[size_t(x)];
        // Bars starting in the pixel: a bar of nonzero skew meets the pixel it starts in.
        if (b > a)
            px.bar = severityOf(m_spans[worst(a, b)].share);
        // The bar reaching furthest from before the pixel, when it reaches into it.
        if (a > 0) {
            const Span& reach = m_spans[m_reachLast[a - 1]];
            if (reach.lastStart > lo)
                px.bar = std::max(px.bar, severityOf(reach.share));
        }
        if (b > 0) {
            const TimeNs end = m_spans[m_reachEnd[b - 1]].end;
            if (end > hi)
                px.line = Pixel::Line::Work;
            else if (end > lo)
                px.line = Pixel::Line::End;
        }
        lo = std::max(edge, lo);
        a = b;
    }
    return out;
}

CollectiveSpans::Hit CollectiveSpans::at(TimeRange window) const
{
    Hit h;
    if (m_spans.empty() || window.empty())
        return h;
    const size_t a = firstAtOrAfter(window.start), b = firstAtOrAfter(window.end);
    if (b > a) {
        h.span = int(worst(a, b));
        h.count = uint32_t(b - a);
    }
    if (a > 0) {
        const uint32_t reach = m_reachEnd[a - 1];
        if (m_spans[reach].end > window.start) {
            if (h.span < 0 || worse(reach, size_t(h.span)))
                h.span = int(reach);
            ++h.count;
        }
    }
    return h;
}

} // namespace strata::analysis
