#pragma once
#include <store/argtable.h>
#include <store/stringpool.h>

#include <string_view>
#include <utility>
#include <vector>

namespace strata::analysis {

// Which slice args count as data moved ("bytes", "size", "Bytes", "transfer_bytes", ...),
// FLOPs, and model / hardware FLOPs utilisation: the one table the summaries and the
// operator catalog both read, so their bytes, bandwidth and FLOPs agree. A key matches by
// its whole name or by its last dotted component (nested objects arrive flattened:
// "dma.bytes"), case-insensitively. A value counts when it is a number or a string that is
// one ("6422528", as some producers write them), never a boolean or null (value()); per slice
// and metric the first matching arg wins, so a slice carrying both "bytes" and "size" is not
// counted twice.
class MetricKeys {
public:
    enum Metric : uint8_t { Bytes = 0, Flops, Mfu, Hfu, kMetricCount };

    // The metric a key name stands for, or -1.
    static int classify(std::string_view key);
    static const char* metricName(Metric m);

    // Keys seen in a store and what they stand for (kept sorted; a handful per store).
    void add(store::StringId key, Metric m);
    int metricOf(store::StringId key) const;
    bool empty() const { return m_keys.empty(); }
    const std::vector<std::pair<uint32_t, uint8_t>>& entries() const { return m_keys; }
    size_t residentBytes() const { return m_keys.capacity() * sizeof(m_keys[0]); }

    // The number a metric arg holds (see above); false when it holds none.
    static bool value(const store::StringPool& pool, const store::Arg& a, double* out);

    // Values of one arg set; returns the mask (1 << Metric) of the metrics found.
    uint8_t read(
        const store::ArgTable& args, const store::StringPool& pool, store::ArgSetId set, double out[kMetricCount]) const
    {
        return readWith(
            args, pool, set, [this](store::StringId k) { return metricOf(k); }, out);
    }

    template <typename MetricOf>
    static uint8_t readWith(const store::ArgTable& args, const store::StringPool& pool, store::ArgSetId set,
        MetricOf&& metricOf, double out[kMetricCount])
    {
        uint8_t mask = 0;
        const size_t n = args.size(set);
        for (size_t i = 0; i < n; ++i) {
            const store::Arg a = args.at(set, i);
            if (a.kind == store::ArgKind::Bool || a.kind == store::ArgKind::Null)
                continue;
            const int m = metricOf(a.key);
            if (m < 0 || (mask & (1u << m)))
                continue;
            double v = 0;
            if (!value(pool, a, &v))
                continue;
            out[m] = v;
            mask = static_cast<uint8_t>(mask | (1u << m));
        }
        return mask;
    }

private:
    std::vector<std::pair<uint32_t, uint8_t>> m_keys; // (StringId, Metric), sorted by id
};

} // namespace strata::analysis
