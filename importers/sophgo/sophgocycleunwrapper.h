#pragma once
#include <cstdint>

namespace strata::importers::sophgo {

// PMU counters are 32-bit: values go up in record order and wrap at 2^32.
// A value far below the previous one (more than half the range) is a wrap, and 2^32 is
// added from then on; a small step back is a bad or out-of-order value, not a wrap, and is
// passed through (the caller clamps ends before starts).
class SophgoCycleUnwrapper {
public:
    uint64_t operator()(uint32_t v)
    {
        uint64_t u = m_high + v;
        if (m_any && u < m_prev && m_prev - u > (uint64_t(1) << 31)) {
            m_high += uint64_t(1) << 32;
            u += uint64_t(1) << 32;
            ++m_wraps;
        }
        if (!m_any || u > m_prev)
            m_prev = u;
        m_any = true;
        return u;
    }
    uint32_t wraps() const { return m_wraps; }

private:
    uint64_t m_high = 0;
    uint64_t m_prev = 0;
    bool m_any = false;
    uint32_t m_wraps = 0;
};

} // namespace strata::importers::sophgo
