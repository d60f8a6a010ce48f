#include "timetext.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace strata::widgets {

std::optional<store::TimeNs> TimeText::parse(const QString& text, QString* error)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d*)(?:\\.(\\d*))?\\s*(ns|us|µs|μs|ms|s)?\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    auto fail = [&](const QString& why) -> std::optional<store::TimeNs> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!m.hasMatch() || (m.captured(1).isEmpty() && m.captured(2).isEmpty()))
        return fail(QCoreApplication::translate("TimeText", "“%1” is not a time: write e.g. 1500, 1.5us, 2ms or 0.5s")
                        .arg(text.trimmed()));
    const QString unit = m.captured(3).toLower();
    int digits = 0; // decimal digits of one unit in ns
    if (unit == QLatin1String("s"))
        digits = 9;
    else if (unit == QLatin1String("ms"))
        digits = 6;
    else if (!unit.isEmpty() && unit != QLatin1String("ns"))
        digits = 3;
    QString frac = m.captured(2);
    const bool roundUp = frac.size() > digits && frac[digits] >= QLatin1Char('5');
    frac = frac.left(digits).leftJustified(digits, QLatin1Char('0'));
    QString all = m.captured(1) + frac;
    while (all.size() > 1 && all.startsWith(QLatin1Char('0')))
        all.remove(0, 1);
    bool ok = all.size() <= 18;
    const store::TimeNs value = ok && !all.isEmpty() ? all.toLongLong(&ok) : 0;
    if (!ok)
        return fail(QCoreApplication::translate("TimeText", "“%1” is too large").arg(text.trimmed()));
    return value + (roundUp ? 1 : 0);
}

} // namespace strata::widgets
