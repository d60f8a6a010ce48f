#pragma once
#include <cstddef>
#include <utility>
#include <vector>

namespace strata::analysis {

// Minimum and maximum over any run of leaves in O(log n): a bottom-up segment tree.
// Invariant: node i (1 <= i < n) holds the min/max of nodes 2i and 2i+1; leaves are the
// nodes n..2n-1. 32 bytes per leaf.
class SummaryMinMaxTree {
public:
    void assign(const std::vector<double>& leafMin, const std::vector<double>& leafMax);
    size_t size() const { return m_n; }
    // The leaves assign() was given (a snapshot keeps those; the inner nodes are rebuilt).
    std::vector<double> leafMin() const
    {
        return std::vector<double>(m_min.begin() + std::ptrdiff_t(m_n), m_min.end());
    }
    std::vector<double> leafMax() const
    {
        return std::vector<double>(m_max.begin() + std::ptrdiff_t(m_n), m_max.end());
    }
    // Min and max over leaves [first, last); requires first < last <= size().
    std::pair<double, double> query(size_t first, size_t last) const;
    size_t residentBytes() const { return (m_min.capacity() + m_max.capacity()) * sizeof(double); }

private:
    size_t m_n = 0;
    std::vector<double> m_min, m_max;
};

} // namespace strata::analysis
