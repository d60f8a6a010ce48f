#include "unitformat.h"

#include <QLocale>

#include <cmath>
#include <cstdlib>

namespace strata::widgets {

namespace {
struct Unit {
    store::TimeNs ns;
    const char* suffix;
};
constexpr Unit kUnits[] = { { 1, "ns" }, { 1000, "µs" }, { 1000000, "ms" }, { 1000000000, "s" } };

const Unit& unitFor(store::TimeNs magnitude)
{
    for (int i = 3; i > 0; --i) {
        if (magnitude >= kUnits[i].ns)
            return kUnits[i];
    }
    return kUnits[0];
}

// Integer part and `decimals` fraction digits of |ns| / unit, rounded, digits of the
// fraction grouped by three with thin spaces.
QString fixed(store::TimeNs ns, store::TimeNs unit, int decimals)
{
    const bool negative = ns < 0;
    const uint64_t mag = negative ? uint64_t(-(ns + 1)) + 1 : uint64_t(ns);
    uint64_t scale = 1;
    for (int i = 0; i < decimals; ++i)
        scale *= 10;
    // unit / scale is exact: decimals never exceed the digits of `unit`.
    const uint64_t step = uint64_t(unit) / scale;
    const uint64_t q = (mag + step / 2) / step;
    const uint64_t ip = q / scale, fp = q % scale;
    QString s = negative ? QStringLiteral("-") : QString();
    s += QString::number(ip);
    if (decimals > 0) {
        QString frac = QString::number(fp).rightJustified(decimals, QLatin1Char('0'));
        s += QLatin1Char('.');
        for (int i = 0; i < frac.size(); i += 3) {
            if (i > 0)
                s += QChar(0x2009);
            s += frac.mid(i, 3);
        }
    }
    return s;
}

int digitsOf(store::TimeNs unit)
{
    int d = 0;
    for (store::TimeNs u = unit; u > 1; u /= 10)
        ++d;
    return d;
}
} // namespace

QString UnitFormat::time(store::TimeNs ns, store::TimeNs resolution)
{
    if (resolution < 1)
        resolution = 1;
    const store::TimeNs mag = std::max<store::TimeNs>(std::llabs(ns), resolution);
    const Unit& u = unitFor(mag);
    // The fewest decimals whose last digit is a multiple of `resolution`'s.
    const int maxDecimals = digitsOf(u.ns);
    int decimals = 0;
    for (store::TimeNs q = u.ns; decimals < maxDecimals && resolution % q != 0; q /= 10)
        ++decimals;
    decimals = std::min(maxDecimals, (decimals + 2) / 3 * 3);
    return fixed(ns, u.ns, decimals) + QChar(' ') + QString::fromUtf8(u.suffix);
}

QString UnitFormat::duration(store::TimeNs ns)
{
    const Unit& u = unitFor(std::llabs(ns));
    return fixed(ns, u.ns, u.ns == 1 ? 0 : 3) + QChar(' ') + QString::fromUtf8(u.suffix);
}

QString UnitFormat::number(double v)
{
    if (!std::isfinite(v))
        return QString::number(v);
    const double a = std::fabs(v);
    static const struct {
        double scale;
        const char* suffix;
    } kSi[] = { { 1e12, " T" }, { 1e9, " G" }, { 1e6, " M" }, { 1e3, " k" } };
    for (const auto& si : kSi) {
        if (a >= si.scale * 10) // 1–9999 stay plain numbers
            return QString::number(v / si.scale, 'g', 4) + QLatin1String(si.suffix);
    }
    if (a != 0 && a < 1e-3)
        return QString::number(v, 'e', 2);
    return QString::number(v, 'g', 4);
}

namespace {
// The one way numbers are written (see the header): C's digits, '.' and ',' and its plain
// exponent, with the group separator it leaves out by default switched on.
QLocale grouping()
{
    QLocale l = QLocale::c();
    l.setNumberOptions(l.numberOptions() & ~QLocale::OmitGroupSeparator);
    return l;
}

QString trimZeros(QString s, QChar dot)
{
    if (!s.contains(dot))
        return s;
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    if (s.endsWith(dot))
        s.chop(1);
    return s;
}

// 3 significant digits with an SI prefix: "619 MB", "24.2 MB".
QString si(double v, const char* unit)
{
    static const struct {
        double scale;
        const char* prefix;
    } kSi[] = { { 1e15, "P" }, { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" }, { 1, "" } };
    if (!std::isfinite(v))
        return QString::number(v);
    const double a = std::fabs(v);
    for (const auto& s : kSi) {
        if (a >= s.scale || s.scale == 1) {
            const double x = v / s.scale;
            const int decimals = std::fabs(x) >= 100 || s.scale == 1 ? 0 : std::fabs(x) >= 10 ? 1 : 2;
            return QString::number(x, 'f', decimals) + QLatin1Char(' ') + QLatin1String(s.prefix) + QLatin1String(unit);
        }
    }
    return QString();
}
} // namespace

QString UnitFormat::bytes(double bytes)
{
    return si(bytes, "B");
}

QString UnitFormat::flops(double flops)
{
    return si(flops, "FLOP");
}

QString UnitFormat::count(qint64 n)
{
    return grouping().toString(n);
}

QString UnitFormat::count(quint64 n)
{
    return grouping().toString(n);
}

QString UnitFormat::decimal(double v, int decimals, Zeros zeros)
{
    if (!std::isfinite(v))
        return value(v);
    const QLocale l = grouping();
    const QString s = l.toString(v, 'f', std::max(0, decimals));
    return zeros == Zeros::Drop ? trimZeros(s, l.decimalPoint().front()) : s;
}

QString UnitFormat::value(double v)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("∞") : QStringLiteral("-∞");
    const double a = std::fabs(v);
    if (a == 0)
        return QStringLiteral("0");
    const QLocale l = grouping();
    const QChar dot = l.decimalPoint().front();
    if (a >= 1e15 || a < 1e-4) {
        // Mantissa to kValueDigits significant digits, its trailing zeros dropped: "1.5e-09".
        const QString s = l.toString(v, 'e', kValueDigits - 1);
        const int e = int(s.indexOf(l.exponential(), 0, Qt::CaseInsensitive));
        return e < 0 ? s : trimZeros(s.left(e), dot) + s.mid(e);
    }
    if (v == std::trunc(v))
        return l.toString(qint64(v));
    // Decimals so that the first significant digit and kValueDigits - 1 more are shown.
    const int exponent = int(std::floor(std::log10(a)));
    const int decimals = std::max(0, kValueDigits - 1 - exponent);
    return trimZeros(l.toString(v, 'f', decimals), dot);
}

QString UnitFormat::exactValue(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString UnitFormat::percent(double percent, int decimals)
{
    return QStringLiteral("%1 %").arg(percent, 0, 'f', decimals);
}

UnitFormat::AxisUnit UnitFormat::axisUnit(double ns)
{
    if (ns >= 1e9)
        return { 1e9, "s" };
    if (ns >= 1e6)
        return { 1e6, "ms" };
    if (ns >= 1e3)
        return { 1e3, "µs" };
    return { 1, "ns" };
}

} // namespace strata::widgets
