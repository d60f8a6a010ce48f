#pragma once
#include <store/types.h>

#include <QString>

#include <type_traits>

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
    // Every number the user reads is written one way, whatever the system's locale: digits
    // grouped by three with ',' and decimals after '.', as the times are ("1.250 ms"). A
    // locale's own separators would make "151.502 matches" (German) read as a fraction next
    // to "1.250 ms", and group a count one way here and another in a column.
    //
    // A count, whole and grouped: "1,234,568". The only count formatter of the interface.
    static QString count(qint64 n);
    static QString count(quint64 n);
    template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
    static QString count(T n) // int, size_t, uint32_t...: by their sign
    {
        if constexpr (std::is_signed_v<T>)
            return count(qint64(n));
        else
            return count(quint64(n));
    }
    // A fixed-point number with `decimals` decimals, grouped: "1,234.500" (exact values in
    // tooltips); Zeros::Drop drops the trailing zeros of the fraction ("1,234.5", "12").
    enum class Zeros { Keep, Drop };
    static QString decimal(double v, int decimals, Zeros zeros = Zeros::Keep);
    // Any other number a dock shows (an arg, a counter sample): never a raw float. Whole
    // values are grouped counts; others keep at most kValueDigits significant digits
    // ("21.8453", "0.00096"), an integer part is never cut ("12,345,679"); below 1e-4 and
    // from 1e15 on, scientific ("1.5e-09"). The exact value is exactValue's, for tooltips.
    static constexpr int kValueDigits = 6;
    static QString value(double v);
    static QString exactValue(double v); // the shortest text that reads back as v
    // Bytes and FLOPs to 3 significant digits with an SI prefix: "619 MB", "24.2 GFLOP".
    static QString bytes(double bytes);
    static QString flops(double flops);
    // A share in percent with `decimals` decimals: "12.5 %".
    static QString percent(double percent, int decimals = 1);
    // The unit a chart axis reaching `ns` is drawn in: ns per unit and its suffix.
    struct AxisUnit {
        double ns;
        const char* suffix;
    };
    static AxisUnit axisUnit(double ns);
};

} // namespace strata::widgets
