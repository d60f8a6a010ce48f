#pragma once
#include <cstdint>

namespace strata::importers::sophgo {

// PMU command ids are 16 or 20 bits wide and wrap; the compiler's command lists count on.
// An id that drops by more than half the id range continues the count (tpu-mlir's reader
// adds 65536 when ids fall from above 65000 to below 1000).
class SophgoIdUnwrapper {
public:
    explicit SophgoIdUnwrapper(uint32_t bits)
        : m_bits(bits)
    {
    }
    uint64_t operator()(uint32_t raw)
    {
        const uint64_t range = uint64_t(1) << m_bits;
        const uint64_t v = raw & (range - 1);
        if (m_any && v < m_prev && m_prev - v > range / 2)
            m_high += range;
        m_prev = v;
        m_any = true;
        return m_high + v;
    }

private:
    uint32_t m_bits;
    uint64_t m_high = 0;
    uint64_t m_prev = 0;
    bool m_any = false;
};

} // namespace strata::importers::sophgo
