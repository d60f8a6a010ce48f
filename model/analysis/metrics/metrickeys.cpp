#include "metrickeys.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

namespace strata::analysis {

namespace {
// Spellings seen in Chrome traces written by PyTorch/Kineto, XLA, Neuron, RBLN and Sophgo
// tools, lower-cased; the Neuron profiler's own are transfer_bytes, model_/raw_/hardware_flops
// and the *_estimated_percent utilisations. Rates ("GB/s") and scaled units ("gflops") are
// deliberately absent: they cannot be summed.
const char* const kBytes[] = { "bytes", "size", "nbytes", "num_bytes", "size_bytes", "bytes_moved", "bytes_transferred",
    "transfer_size", "transfer_bytes", "total_bytes", "data_size", "byte_count", "dma_size" };
const char* const kFlops[]
    = { "flops", "flop", "flop_count", "num_flops", "total_flops", "model_flops", "raw_flops", "hardware_flops" };
const char* const kMfu[]
    = { "mfu", "mfu%", "mfu (%)", "mfu_percent", "mfu_pct", "mfu_estimated_percent", "model_flops_utilization" };
const char* const kHfu[]
    = { "hfu", "hfu%", "hfu (%)", "hfu_percent", "hfu_pct", "hfu_estimated_percent", "hardware_flops_utilization" };

template <size_t N> bool oneOf(const std::string& s, const char* const (&list)[N])
{
    return std::any_of(std::begin(list), std::end(list), [&](const char* w) { return s == w; });
}

int classifyLower(const std::string& s)
{
    if (oneOf(s, kBytes))
        return MetricKeys::Bytes;
    if (oneOf(s, kFlops))
        return MetricKeys::Flops;
    if (oneOf(s, kMfu))
        return MetricKeys::Mfu;
    if (oneOf(s, kHfu))
        return MetricKeys::Hfu;
    return -1;
}
} // namespace

int MetricKeys::classify(std::string_view key)
{
    if (key.empty() || key.size() > 40)
        return -1;
    std::string lower(key);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const int whole = classifyLower(lower);
    if (whole >= 0)
        return whole;
    const size_t dot = lower.rfind('.');
    return dot == std::string::npos ? -1 : classifyLower(lower.substr(dot + 1));
}

const char* MetricKeys::metricName(Metric m)
{
    switch (m) {
    case Bytes: return "bytes";
    case Flops: return "flops";
    case Mfu: return "mfu";
    case Hfu: return "hfu";
    case kMetricCount: break;
    }
    return "unknown";
}

void MetricKeys::add(store::StringId key, Metric m)
{
    auto it = std::lower_bound(m_keys.begin(), m_keys.end(), std::make_pair(key.v, uint8_t(0)));
    if (it != m_keys.end() && it->first == key.v)
        return;
    m_keys.insert(it, { key.v, static_cast<uint8_t>(m) });
}

int MetricKeys::metricOf(store::StringId key) const
{
    for (const auto& k : m_keys) // a handful of entries: a scan beats a search
        if (k.first == key.v)
            return k.second;
    return -1;
}

bool MetricKeys::value(const store::StringPool& pool, const store::Arg& a, double* out)
{
    if (a.kind == store::ArgKind::Bool || a.kind == store::ArgKind::Null)
        return false;
    if (a.kind != store::ArgKind::String)
        return a.number(out);
    const std::string_view v = pool.view(a.stringValue());
    if (v.empty() || v.size() > 40)
        return false;
    char buf[48];
    std::memcpy(buf, v.data(), v.size());
    buf[v.size()] = 0;
    char* end = nullptr;
    const double d = std::strtod(buf, &end);
    if (end != buf + v.size() || !std::isfinite(d))
        return false;
    *out = d;
    return true;
}

} // namespace strata::analysis
