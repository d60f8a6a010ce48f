#include "themepalette.h"

#include <analysis/findings/finding.h>

#include <cmath>

namespace strata::widgets {

namespace {
// Moves `c` toward `toward` until it reads on `bg` at `ratio` (the end point always does
// when it is the palette's text colour on its base).
QColor withContrast(const QColor& c, const QColor& bg, const QColor& toward, double ratio)
{
    QColor out = c;
    for (int step = 1; step <= 10 && ThemePalette::contrast(out, bg) < ratio; ++step)
        out = ThemePalette::mix(c, toward, step / 10.0);
    return out;
}
} // namespace

bool ThemePalette::isDark(const QPalette& pal)
{
    return pal.color(QPalette::Base).lightnessF() < 0.5;
}

ThemePalette ThemePalette::from(const QPalette& pal)
{
    ThemePalette s;
    s.dark = isDark(pal);
    s.base = pal.color(QPalette::Base);
    s.window = pal.color(QPalette::Window);
    s.text = pal.color(QPalette::Text);
    s.windowText = pal.color(QPalette::WindowText);
    s.highlight = pal.color(QPalette::Highlight);
    s.grid = mix(s.base, s.text, 0.07);
    s.instantLine = mix(s.base, s.text, 0.22);
    s.separator = mix(s.base, s.text, 0.10);
    s.border = mix(s.window, s.windowText, 0.16);
    s.cursor = mix(s.base, s.text, 0.30);
    s.header = mix(s.base, s.window, 0.7);
    s.muted = mix(s.base, s.text, 0.62);
    s.chartAxis = mix(s.base, s.text, 0.35);
    s.chartGrid = mix(s.base, s.text, 0.10);
    s.chartLabel = mix(s.base, s.text, 0.80);
    s.other = mix(s.base, s.text, 0.30);
    s.error = withContrast(s.dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28), s.base, s.text, 4.5);
    // Bars, not text: 3 : 1 is the WCAG ratio for graphics.
    s.slower = withContrast(s.dark ? QColor(0xef, 0x6a, 0x6a) : QColor(0xd3, 0x3d, 0x3d), s.base, s.text, 3.0);
    s.faster = withContrast(s.dark ? QColor(0x5c, 0xc0, 0x7a) : QColor(0x2e, 0x8b, 0x4a), s.base, s.text, 3.0);
    s.info = withContrast(s.dark ? QColor(0x5a, 0xa9, 0xf0) : QColor(0x2f, 0x7d, 0xd1), s.base, s.text, 3.0);
    s.warning = withContrast(s.dark ? QColor(0xe3, 0xb3, 0x41) : QColor(0xc9, 0x8a, 0x10), s.base, s.text, 3.0);
    s.critical = withContrast(s.dark ? QColor(0xf0, 0x5a, 0x5a) : QColor(0xd3, 0x2f, 0x2f), s.base, s.text, 3.0);
    return s;
}

QColor ThemePalette::severity(analysis::FindingSeverity s) const
{
    switch (s) {
    case analysis::FindingSeverity::Critical: return critical;
    case analysis::FindingSeverity::Warning: return warning;
    case analysis::FindingSeverity::Info: break;
    }
    return info;
}

double ThemePalette::luminance(const QColor& c)
{
    auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

double ThemePalette::contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ThemePalette::textOn(const QColor& fill)
{
    static const QColor kDark(0x1b, 0x1b, 0x1f), kLight(Qt::white);
    const double dark = contrast(kDark, fill), light = contrast(kLight, fill);
    if (std::max(dark, light) >= 4.5)
        return dark >= light ? kDark : kLight;
    // Mid-luminance fills: black always reaches 4.58 where white does not.
    return contrast(Qt::black, fill) >= light ? QColor(Qt::black) : kLight;
}

QColor ThemePalette::category(int i)
{
    static const QRgb kColors[]
        = { 0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f };
    constexpr int n = int(sizeof(kColors) / sizeof(kColors[0]));
    return QColor(kColors[((i % n) + n) % n]);
}

QColor ThemePalette::band(int i)
{
    // The order of processes picks it, not a hash, so neighbouring bands always differ.
    static const QRgb kColors[] = { 0x5b8fd1, 0xe07a5f, 0x81b29a, 0x9c89b8, 0xd9a05b, 0x48a9a6 };
    constexpr int n = int(sizeof(kColors) / sizeof(kColors[0]));
    return QColor(kColors[((i % n) + n) % n]);
}

QColor ThemePalette::syntax(Syntax role) const
{
    QRgb rgb = 0;
    switch (role) {
    case Syntax::Keyword: rgb = dark ? 0xc792ea : 0x8a2be2; break;
    case Syntax::Builtin: rgb = dark ? 0x82aaff : 0x1f5fbf; break;
    case Syntax::Number: rgb = dark ? 0xf78c6c : 0xa0522d; break;
    case Syntax::String: rgb = dark ? 0xc3e88d : 0x2e7d32; break;
    case Syntax::Comment: rgb = dark ? 0x8b97a3 : 0x6a737d; break;
    case Syntax::Decorator: rgb = dark ? 0xffcb6b : 0x8a6100; break;
    case Syntax::Preprocessor: rgb = dark ? 0x89ddff : 0x00737d; break;
    }
    return withContrast(QColor(rgb), base, text, 4.5);
}

} // namespace strata::widgets
