#include "summaryminmaxtree.h"

#include <algorithm>
#include <limits>

namespace strata::analysis {

void SummaryMinMaxTree::assign(const std::vector<double>& leafMin, const std::vector<double>& leafMax)
{
    m_n = leafMin.size();
    m_min.assign(2 * m_n, 0);
    m_max.assign(2 * m_n, 0);
    std::copy(leafMin.begin(), leafMin.end(), m_min.begin() + static_cast<std::ptrdiff_t>(m_n));
    std::copy(leafMax.begin(), leafMax.end(), m_max.begin() + static_cast<std::ptrdiff_t>(m_n));
    for (size_t i = m_n; i-- > 1;) {
        m_min[i] = std::min(m_min[2 * i], m_min[2 * i + 1]);
        m_max[i] = std::max(m_max[2 * i], m_max[2 * i + 1]);
    }
}

std::pair<double, double> SummaryMinMaxTree::query(size_t first, size_t last) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (size_t l = first + m_n, r = last + m_n; l < r; l >>= 1, r >>= 1) {
        if (l & 1) {
            lo = std::min(lo, m_min[l]);
            hi = std::max(hi, m_max[l]);
            ++l;
        }
        if (r & 1) {
            --r;
            lo = std::min(lo, m_min[r]);
            hi = std::max(hi, m_max[r]);
        }
    }
    return { lo, hi };
}

} // namespace strata::analysis
