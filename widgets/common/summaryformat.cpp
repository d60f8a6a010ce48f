#include "summaryformat.h"

#include <common/unitformat.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>

namespace strata::widgets {

QString SummaryFormat::duration(double ns)
{
    return UnitFormat::duration(store::TimeNs(std::llround(ns)));
}

QString SummaryFormat::utilization(double fraction)
{
    return UnitFormat::percent(fraction * 100.0, 2);
}

QString SummaryFormat::bytes(double bytes)
{
    return UnitFormat::bytes(bytes);
}

QString SummaryFormat::bandwidth(double bytesPerS)
{
    const double gb = bytesPerS * 1e-9; // 3 significant digits, at least one decimal: "441.0", "25.22", "0.151"
    return QStringLiteral("%1 GB/s").arg(gb, 0, 'f', gb >= 100 ? 1 : gb >= 10 ? 2 : 3);
}

QString SummaryFormat::flops(double flops)
{
    return UnitFormat::flops(flops);
}

QString SummaryFormat::utilizationMetric(double percent)
{
    return UnitFormat::percent(percent, 1);
}

QString SummaryFormat::counterValue(double v)
{
    return UnitFormat::number(v);
}

QString SummaryFormat::optional(const std::optional<double>& v, QString (*format)(double))
{
    return v ? format(*v) : QString();
}

QString SummaryFormat::window(store::TimeRange r)
{
    // Both ends in one unit, the one the later end reaches, with three decimals — more
    // (in groups of three) when three would not resolve a hundredth of the window.
    static const struct {
        store::TimeNs ns;
        const char* suffix;
        int digits;
    } kUnits[] = { { 1000000000, "s", 9 }, { 1000000, "ms", 6 }, { 1000, "µs", 3 }, { 1, "ns", 0 } };
    const store::TimeNs mag = std::max(std::llabs(r.start), std::llabs(r.end));
    size_t u = 0;
    while (u + 1 < std::size(kUnits) && mag < kUnits[u].ns)
        ++u;
    const auto& unit = kUnits[u];
    store::TimeNs resolution = 1; // a hundredth of the span, as a power of ten
    while (resolution * 10 <= r.duration() / 100)
        resolution *= 10;
    int decimals = std::min(3, unit.digits);
    for (store::TimeNs step = unit.ns / 1000; decimals < unit.digits && step > resolution; step /= 1000)
        decimals += 3;
    auto text = [&](store::TimeNs ns) {
        if (ns == 0)
            return QStringLiteral("0 ") + QString::fromUtf8(unit.suffix);
        const bool negative = ns < 0;
        const uint64_t m = negative ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
        uint64_t scale = 1;
        for (int i = 0; i < decimals; ++i)
            scale *= 10;
        const uint64_t step = uint64_t(unit.ns) / scale;
        const uint64_t q = (m + step / 2) / step;
        QString out = (negative ? QStringLiteral("-") : QString()) + QString::number(q / scale);
        if (decimals > 0) {
            const QString frac = QString::number(q % scale).rightJustified(decimals, QLatin1Char('0'));
            out += QLatin1Char('.');
            for (int i = 0; i < frac.size(); i += 3)
                out += (i ? QString(QChar(0x2009)) : QString()) + frac.mid(i, 3);
        }
        return out + QLatin1Char(' ') + QString::fromUtf8(unit.suffix);
    };
    return QStringLiteral("%1 – %2").arg(text(r.start), text(r.end));
}

QString SummaryFormat::trackName(const analysis::TrackSummaryRow& row)
{
    QString name = QString::fromStdString(row.name);
    if (row.overflowLanes)
        name += QStringLiteral(" (+%1 overflow)").arg(row.overflowLanes);
    return name;
}

QString SummaryFormat::cliRange(store::TimeRange r)
{
    return QStringLiteral("%1:%2").arg(r.start).arg(r.end);
}

} // namespace strata::widgets
