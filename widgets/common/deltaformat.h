#pragma once
#include <QColor>
#include <QString>

#include <optional>

namespace strata::widgets {

struct ThemePalette;

// Text and colour of the compare views' differences (B − A, in percent of A), so the
// summaries' and the Latency dock's A | B | Δ columns read alike: "+1.250 ms", "−12.5 %",
// and "—" where a side has no value or a percentage means nothing.
class DeltaFormat {
public:
    static QString missing(); // "—"
    // `delta` with an explicit sign ("+", or "−" U+2212) and the magnitude as `format`
    // writes it; zero has no sign.
    static QString signedValue(double delta, QString (*format)(double));
    // Where B's trace start is drawn against A's, always signed ("+0 ns", "−1.500 µs"): the
    // compare bar, B's header strip and the summaries' facts say it alike.
    static QString startShift(qint64 shiftNs);
    // 100 × (b − a) / a; none when a is 0.
    static std::optional<double> percentOf(double a, double b);
    static QString percent(const std::optional<double>& pct); // "+50.0 %", "—"
    // The text colour of a Δ whose growth is worse (time) or better (bandwidth): the theme's
    // slower or faster hue, reading at 4.5 : 1 on its base, when |Δ %| is at least
    // thresholdPct (any change when A is 0); else invalid (uncoloured).
    enum class Growth { Worse, Better };
    static QColor colour(const ThemePalette& theme, double a, double b, Growth growth, double thresholdPct);
};

} // namespace strata::widgets
