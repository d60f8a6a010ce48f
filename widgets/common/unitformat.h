#pragma once
#include <store/types.h>

#include <QString>

namespace strata::widgets {

// Text for times, durations and counter values as the timeline shows them. Decimals come in
// groups of three ("1.250 ms", "2.000 012 s") so labels of one ruler line up.
class UnitFormat {
public:
    // A time `ns` shown to `resolution` ns: the unit follows max(|ns|, resolution), the
    // decimals are the fewest (in groups of 3) that still show `resolution`.
    static QString time(store::TimeNs ns, store::TimeNs resolution);
    // A duration with three decimals in the largest unit it reaches: "12 ns", "1.250 ms".
    static QString duration(store::TimeNs ns);
    // A time to the nanosecond ("1.234 567 ms"), for tooltips and details.
    static QString precise(store::TimeNs ns) { return time(ns, 1); }
    // A counter value with at most 4 significant digits and an SI suffix ("12.53 G", "95.3").
    static QString number(double v);
    // The unit a chart axis reaching `ns` is drawn in: ns per unit and its suffix.
    struct AxisUnit {
        double ns;
        const char* suffix;
    };
    static AxisUnit axisUnit(double ns);
};

} // namespace strata::widgets
