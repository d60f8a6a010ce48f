#include "memoryaddressaxis.h"

#include <common/qstr.h>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using store::MemoryAccessTable;
using store::MemoryKind;

std::vector<MemoryAddressAxis::Band> MemoryAddressAxis::collectBands(
    const store::EventStore& s, store::MemorySpaceId space)
{
    const MemoryAccessTable& m = s.memoryAccesses();
    const store::MemorySpace& sp = m.space(space);
    std::vector<Band> out;
    if (sp.kind == MemoryKind::Local && sp.size > 0) {
        Band b;
        b.begin = sp.base;
        b.end = sp.base + sp.size;
        b.region = true;
        b.accessed = !m.rowsOf(space).empty();
        b.accesses = m.rowsOf(space).size();
        out.push_back(b);
        return out;
    }
    // Regions first (merged where they overlap), then what was accessed outside them.
    struct Interval {
        uint64_t begin, end;
        QString label;
        bool region;
        bool accessed = false;
        uint64_t accesses = 0;
    };
    std::vector<Interval> regions;
    for (const store::MemoryRegion& r : m.regions()) {
        if (r.space != space || r.size == 0)
            continue;
        const std::string_view label = s.str(r.label);
        regions.push_back({ r.address, r.address + r.size, qstr(label), true });
    }
    std::sort(regions.begin(), regions.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    std::vector<Interval> merged;
    for (const Interval& r : regions) {
        if (!merged.empty() && r.begin < merged.back().end) { // overlapping allocations; adjacent ones stay apart
            merged.back().end = std::max(merged.back().end, r.end);
            if (!merged.back().label.contains(r.label))
                merged.back().label += QStringLiteral(", ") + r.label;
        } else {
            merged.push_back(r);
        }
    }
    std::vector<Interval> outside;
    const store::RowRange rows = m.rowsOf(space);
    for (uint32_t i = rows.begin; i < rows.end; ++i) {
        const uint64_t a = m.address(i), e = a + std::max<uint64_t>(1, m.bytes(i));
        auto it = std::upper_bound(
            merged.begin(), merged.end(), a, [](uint64_t v, const Interval& r) { return v < r.begin; });
        if (it != merged.begin() && std::prev(it)->begin <= a && e <= std::prev(it)->end) {
            std::prev(it)->accessed = true;
            ++std::prev(it)->accesses;
            continue;
        }
        outside.push_back({ a, e, QString(), false, true, 1 });
    }
    std::sort(outside.begin(), outside.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    std::vector<Interval> loose;
    for (const Interval& r : outside) {
        // Accessed ranges close together form one band: 64 KiB apart is "the same buffer".
        if (!loose.empty() && r.begin <= loose.back().end + 65536) {
            loose.back().end = std::max(loose.back().end, r.end);
            ++loose.back().accesses;
        } else
            loose.push_back(r);
    }
    for (const Interval& r : loose)
        merged.push_back({ r.begin, r.end, QStringLiteral("unallocated"), false, true, r.accesses });
    std::sort(merged.begin(), merged.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    // A loose band may overlap a region it was not inside of: join them.
    for (const Interval& r : merged) {
        if (!out.empty() && r.begin < out.back().end) {
            out.back().end = std::max(out.back().end, r.end);
            out.back().region |= r.region;
            out.back().accessed |= r.accessed;
            out.back().accesses += r.accesses;
            continue;
        }
        Band b;
        b.begin = r.begin;
        b.end = r.end;
        b.label = r.label;
        b.region = r.region;
        b.accessed = r.accessed;
        b.accesses = r.accesses;
        out.push_back(b);
    }
    return out;
}

void MemoryAddressAxis::setBands(std::vector<Band> bands, bool linear)
{
    m_bands = std::move(bands);
    m_linear = linear;
}

void MemoryAddressAxis::layout(double height)
{
    const size_t n = m_bands.size();
    if (n == 0)
        return;
    const double avail = std::max(double(n), height - kGap * double(n - 1));
    const double minPx = std::min(kMinBand, avail / double(n));
    // Proportional to accesses (to bytes when nothing was accessed); bands that would be
    // thinner than minPx get minPx and the rest is shared again (a few rounds settle it).
    std::vector<double> px(n, 0);
    std::vector<bool> fixed(n, false);
    const bool anyAccessed = std::any_of(m_bands.begin(), m_bands.end(), [](const Band& b) { return b.accessed; });
    for (size_t i = 0; i < n; ++i)
        fixed[i] = anyAccessed && !m_bands[i].accessed && n > 1;
    for (int round = 0; round < 4; ++round) {
        auto weight = [&](const Band& b) { return anyAccessed ? double(b.accesses) : double(b.end - b.begin); };
        double free = avail, bytes = 0;
        for (size_t i = 0; i < n; ++i) {
            if (fixed[i])
                free -= minPx;
            else
                bytes += weight(m_bands[i]);
        }
        bool changed = false;
        for (size_t i = 0; i < n; ++i) {
            if (fixed[i]) {
                px[i] = minPx;
                continue;
            }
            px[i] = bytes > 0 ? free * weight(m_bands[i]) / bytes : free / double(n);
            if (px[i] < minPx) {
                fixed[i] = true;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    double y = 0;
    for (size_t i = 0; i < n; ++i) {
        m_bands[i].y0 = y;
        m_bands[i].y1 = y + std::max(minPx, px[i]);
        y = m_bands[i].y1 + kGap;
    }
}

size_t MemoryAddressAxis::bandAt(uint64_t address) const
{
    auto it = std::upper_bound(
        m_bands.begin(), m_bands.end(), address, [](uint64_t a, const Band& b) { return a < b.begin; });
    if (it == m_bands.begin())
        return 0;
    const size_t i = size_t(it - m_bands.begin()) - 1;
    if (address < m_bands[i].end || i + 1 == m_bands.size())
        return i;
    return i + 1; // in the gap after band i: the next band's top
}

double MemoryAddressAxis::yOf(uint64_t address) const
{
    if (m_bands.empty())
        return 0;
    const Band& b = m_bands[bandAt(address)];
    if (address <= b.begin)
        return b.y0;
    if (address >= b.end)
        return b.y1;
    return b.y0 + (b.y1 - b.y0) * double(address - b.begin) / double(b.end - b.begin);
}

std::pair<double, double> MemoryAddressAxis::span(uint64_t address, uint64_t size) const
{
    const double top = yOf(address);
    const double bottom = std::max(top + 1, yOf(address + std::max<uint64_t>(1, size)));
    return { top, bottom };
}

uint64_t MemoryAddressAxis::addressAt(double y, bool* inside) const
{
    if (inside)
        *inside = false;
    for (const Band& b : m_bands) {
        if (y < b.y0 || y >= b.y1)
            continue;
        if (inside)
            *inside = true;
        const double f = (y - b.y0) / std::max(1e-9, b.y1 - b.y0);
        return b.begin + uint64_t(std::floor(f * double(b.end - b.begin)));
    }
    return 0;
}

} // namespace strata::widgets
