#include "flowbundler.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace strata::widgets {

std::vector<FlowBundle> FlowBundler::bundle(const std::vector<FlowSegment>& segments, double binPx)
{
    const double bin = std::max(binPx, 1e-3);
    auto cell = [bin](double v) { return int64_t(std::floor(v / bin)); };
    std::map<std::array<int64_t, 4>, size_t> index;
    std::vector<FlowBundle> out;
    std::vector<QPointF> sumFrom, sumTo;
    for (const FlowSegment& s : segments) {
        const std::array<int64_t, 4> key { cell(s.from.x()), cell(s.from.y()), cell(s.to.x()), cell(s.to.y()) };
        auto [it, added] = index.emplace(key, out.size());
        if (added) {
            out.push_back({ s.from, s.to, 1, s.depth });
            sumFrom.push_back(s.from);
            sumTo.push_back(s.to);
            continue;
        }
        FlowBundle& b = out[it->second];
        ++b.count;
        b.depth = std::min(b.depth, s.depth);
        sumFrom[it->second] += s.from;
        sumTo[it->second] += s.to;
    }
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].from = sumFrom[i] / out[i].count;
        out[i].to = sumTo[i] / out[i].count;
    }
    return out;
}

double FlowBundler::penWidth(int count)
{
    return std::min(6.0, 1.5 + 1.2 * std::log2(std::max(1, count)));
}

} // namespace strata::widgets
