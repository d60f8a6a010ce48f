#pragma once
#include <QColor>
#include <QPalette>

#include <cstdint>

namespace strata::analysis {
enum class FindingSeverity : uint8_t;
} // namespace strata::analysis

namespace strata::widgets {

// The colours every view draws with — timeline, overview, overlays, charts, code
// highlighting — derived from one application palette (Theme sets it: system, light or
// dark). Views build one with from(palette()) when they paint or on QEvent::PaletteChange,
// so a theme switch reaches them all through Qt's palette propagation.
// Lines and fills are mixed into opaque colours: a translucent fill of a tall thin rect makes
// Qt's raster engine blend span by span on its thread pool, which costs far more than the
// line is worth.
struct ThemePalette {
    bool dark = false; // the base is dark: accents and syntax colours take their light variants
    QColor base, window, text, windowText, highlight;
    QColor grid; // major tick lines across the tracks
    QColor instantLine; // the dashed line of a global instant down the tracks
    QColor separator; // between tracks
    QColor border; // label column edge, header bottom
    QColor cursor; // the vertical line under the mouse
    QColor header; // process header band
    QColor muted; // secondary text on the base (ruler labels, notes)
    QColor chartAxis, chartGrid, chartLabel;
    QColor other; // the neutral "Other" slice of a pie
    QColor error; // invalid input, the p99 line: reads on the base in either theme
    QColor slower, faster; // a comparison's B took longer (red) or less (green) than A; read on the base
    // A finding's severity, for the timeline's finding bands and the Findings dock's icons
    // alike (severity()): blue for information, amber for a warning, red for a critical one,
    // graphics that read on the base (3 : 1) and apart from each other.
    QColor info, warning, critical;

    static ThemePalette from(const QPalette& pal);
    // The colour of a finding's severity (info, warning or critical above).
    QColor severity(analysis::FindingSeverity s) const;
    static bool isDark(const QPalette& pal);
    static QColor mix(const QColor& a, const QColor& b, double t)
    {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }

    // WCAG 2 relative luminance (linearised sRGB) and contrast ratio (1 to 21).
    static double luminance(const QColor& c);
    static double contrast(const QColor& a, const QColor& b);
    // Text on a filled shape (slice, bar, marker flag): near-black or white, whichever reads
    // better; never below 4.5 : 1 (pure black or white when the softer pair would not make it).
    static QColor textOn(const QColor& fill);

    // Execution, communication and data transfer, the same hues as the timeline's compute,
    // communication and transfer families, picked to read on both light and dark backgrounds.
    static QColor execution() { return QColor(0xe0, 0x8a, 0x3c); }
    static QColor communication() { return QColor(0x9b, 0x6b, 0xd6); }
    static QColor transfer() { return QColor(0x3b, 0x8e, 0xd0); }
    // The i-th of 9 qualitative colours (Tableau 10 without its grey): neighbours in a pie
    // stay apart, on light and dark backgrounds alike.
    static QColor category(int i);
    // One calm accent per process band of the overview.
    static QColor band(int i);

    enum class Syntax { Keyword, Builtin, Number, String, Comment, Decorator, Preprocessor };
    // Code colours: deep on a light base, soft on a dark one; each keeps 4.5 : 1 on its base.
    QColor syntax(Syntax role) const;
};

} // namespace strata::widgets
