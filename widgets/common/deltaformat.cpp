#include "deltaformat.h"

#include "themepalette.h"
#include "unitformat.h"

#include <cmath>

namespace strata::widgets {

QString DeltaFormat::missing()
{
    return QStringLiteral("—");
}

QString DeltaFormat::signedValue(double delta, QString (*format)(double))
{
    const QString magnitude = format(std::fabs(delta));
    if (delta > 0)
        return QLatin1Char('+') + magnitude;
    if (delta < 0)
        return QChar(0x2212) + magnitude;
    return magnitude;
}

QString DeltaFormat::startShift(qint64 shiftNs)
{
    const QString magnitude = UnitFormat::duration(shiftNs < 0 ? -shiftNs : shiftNs);
    return (shiftNs < 0 ? QString(QChar(0x2212)) : QStringLiteral("+")) + magnitude;
}

std::optional<double> DeltaFormat::percentOf(double a, double b)
{
    if (a == 0)
        return std::nullopt;
    return 100.0 * (b - a) / a;
}

QString DeltaFormat::percent(const std::optional<double>& pct)
{
    if (!pct)
        return missing();
    return signedValue(*pct, [](double v) { return UnitFormat::percent(v, 1); });
}

QColor DeltaFormat::colour(const ThemePalette& theme, double a, double b, Growth growth, double thresholdPct)
{
    const std::optional<double> pct = percentOf(a, b);
    const bool changed = pct ? std::fabs(*pct) >= thresholdPct : b != a;
    if (!changed)
        return QColor();
    const bool grew = b > a;
    const QColor hue = grew == (growth == Growth::Worse) ? theme.slower : theme.faster;
    // The palette's compare colours are for bars (3 : 1); as text they go toward the text
    // colour until they read at 4.5 : 1.
    QColor c = hue;
    for (int step = 1; step <= 10 && ThemePalette::contrast(c, theme.base) < 4.5; ++step)
        c = ThemePalette::mix(hue, theme.text, step / 10.0);
    return c;
}

} // namespace strata::widgets
