#pragma once
#include <QPointF>

#include <vector>

namespace strata::widgets {

// One flow arrow on screen: from the source slice's end to the target slice's start.
struct FlowSegment {
    QPointF from;
    QPointF to;
    int depth = 1; // hops from the selected slice
};

// Arrows merged because their ends fall into the same pixel bins.
struct FlowBundle {
    QPointF from; // mean of the members' ends
    QPointF to;
    int count = 0;
    int depth = 1; // the smallest member depth
};

// Zoomed out, a chain of thousands of flows turns into a solid smear. Arrows whose two ends
// each fall into the same bin (binPx wide and high, so the same track row and within a few
// pixels in time) are drawn once, thicker, with their count. Order: first appearance.
class FlowBundler {
public:
    static constexpr double kBinPx = 6;
    static std::vector<FlowBundle> bundle(const std::vector<FlowSegment>& segments, double binPx = kBinPx);
    // Pen width for a bundle of `count` arrows: 1.5 for one, growing with log2, at most 6.
    static double penWidth(int count);
};

} // namespace strata::widgets
