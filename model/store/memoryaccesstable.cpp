#include "memoryaccesstable.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <type_traits>

namespace strata::store {

MemorySpaceId MemoryAccessTable::addSpace(const MemorySpace& space)
{
    // m_space keeps a space in 16 bits, and 0xffff stands for an access naming none.
    if (m_spaces.size() >= 0xffff)
        throw std::length_error("more than 65534 memory spaces");
    m_spaces.push_back(space);
    return MemorySpaceId(static_cast<uint32_t>(m_spaces.size() - 1));
}

void MemoryAccessTable::add(const MemoryAccess& a)
{
    requireIds(m_start.size() + 1, "memory accesses");
    m_start.push_back(a.start);
    m_end.push_back(std::max(a.start, a.end));
    m_address.push_back(a.address);
    m_size.push_back(a.size);
    m_slice.push_back(a.slice);
    // An id past 16 bits (invalid, never declared) is 0xffff: no space, not another one.
    m_space.push_back(a.space.v < 0xffff ? static_cast<uint16_t>(a.space.v) : uint16_t(0xffff));
    m_lane.push_back(a.lane);
    m_bank.push_back(bankOf(a.space, a.address));
    m_write.push_back(a.write ? 1 : 0);
}

uint8_t MemoryAccessTable::bankOf(MemorySpaceId s, uint64_t address) const
{
    if (!s.valid() || s.v >= m_spaces.size())
        return kNoBank;
    const MemorySpace& sp = m_spaces[s.v];
    if (sp.banks == 0 || sp.size == 0 || address < sp.base || address >= sp.base + sp.size)
        return kNoBank;
    const uint64_t bankBytes = std::max<uint64_t>(1, sp.size / sp.banks);
    return static_cast<uint8_t>(std::min<uint64_t>((address - sp.base) / bankBytes, kNoBank - 1));
}

void MemoryAccessTable::finish()
{
    const size_t n = m_start.size();
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        if (m_space[a] != m_space[b])
            return m_space[a] < m_space[b];
        if (m_start[a] != m_start[b])
            return m_start[a] < m_start[b];
        if (m_address[a] != m_address[b])
            return m_address[a] < m_address[b];
        return a < b;
    });
    auto permute = [&](auto& column) {
        std::decay_t<decltype(column)> out(n);
        for (size_t i = 0; i < n; ++i)
            out[i] = column[order[i]];
        column.swap(out);
        column.shrink_to_fit();
    };
    permute(m_start);
    permute(m_end);
    permute(m_address);
    permute(m_size);
    permute(m_slice);
    permute(m_space);
    permute(m_lane);
    permute(m_bank);
    permute(m_write);

    m_spaceRows.assign(m_spaces.size(), RowRange {});
    m_maxDuration.assign(m_spaces.size(), 0);
    m_accessed.assign(m_spaces.size(), { 0, 0 });
    std::vector<bool> seen(m_spaces.size(), false);
    for (uint32_t i = 0; i < n; ++i) {
        const uint16_t s = m_space[i];
        if (s >= m_spaces.size())
            continue; // an access naming no declared space is kept but belongs to no chart
        if (!seen[s]) {
            m_spaceRows[s] = { i, i };
            m_accessed[s] = { m_address[i], m_address[i] + m_size[i] };
            seen[s] = true;
        }
        m_spaceRows[s].end = i + 1;
        m_maxDuration[s] = std::max(m_maxDuration[s], m_end[i] - m_start[i]);
        m_accessed[s].first = std::min(m_accessed[s].first, m_address[i]);
        m_accessed[s].second = std::max(m_accessed[s].second, m_address[i] + m_size[i]);
    }

    m_bySlice.clear();
    for (uint32_t i = 0; i < n; ++i) {
        if (m_slice[i].valid())
            m_bySlice.push_back(i);
    }
    std::stable_sort(
        m_bySlice.begin(), m_bySlice.end(), [&](uint32_t a, uint32_t b) { return m_slice[a] < m_slice[b]; });
    m_bySlice.shrink_to_fit();

    std::stable_sort(m_regions.begin(), m_regions.end(), [](const MemoryRegion& a, const MemoryRegion& b) {
        return a.space != b.space ? a.space < b.space : a.address < b.address;
    });
}

std::pair<uint64_t, uint64_t> MemoryAccessTable::accessedRange(MemorySpaceId s) const
{
    return s.v < m_accessed.size() ? m_accessed[s.v] : std::pair<uint64_t, uint64_t> { 0, 0 };
}

RowRange MemoryAccessTable::candidates(MemorySpaceId s, TimeNs t0, TimeNs t1) const
{
    const RowRange all = rowsOf(s);
    if (all.empty() || t1 < t0)
        return { all.begin, all.begin };
    const TimeNs longest = m_maxDuration[s.v];
    const TimeNs from = t0 < kTimeMin + longest ? kTimeMin : t0 - longest;
    auto first = std::lower_bound(m_start.begin() + all.begin, m_start.begin() + all.end, from);
    auto last = std::upper_bound(first, m_start.begin() + all.end, t1);
    return { static_cast<uint32_t>(first - m_start.begin()), static_cast<uint32_t>(last - m_start.begin()) };
}

std::vector<uint32_t> MemoryAccessTable::accessesOf(SliceRow slice) const
{
    auto range = std::equal_range(m_bySlice.begin(), m_bySlice.end(), slice, [this](const auto& a, const auto& b) {
        if constexpr (std::is_same_v<std::decay_t<decltype(a)>, SliceRow>)
            return a < m_slice[b];
        else
            return m_slice[a] < b;
    });
    return std::vector<uint32_t>(range.first, range.second);
}

size_t MemoryAccessTable::residentBytes() const
{
    auto cap = [](const auto& v) { return v.capacity() * sizeof(typename std::decay_t<decltype(v)>::value_type); };
    return cap(m_spaces) + cap(m_regions) + cap(m_start) + cap(m_end) + cap(m_address) + cap(m_size) + cap(m_slice)
        + cap(m_space) + cap(m_lane) + cap(m_bank) + cap(m_write) + cap(m_spaceRows) + cap(m_maxDuration)
        + cap(m_accessed) + cap(m_bySlice);
}

} // namespace strata::store
