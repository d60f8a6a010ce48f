#pragma once
#include <QColor>
#include <QPalette>

namespace strata::widgets {

// Line and fill colours of the timeline, mixed from the app palette (light or dark) into
// opaque colours: a translucent fill of a tall thin rect makes Qt's raster engine blend
// span by span on its thread pool, which costs far more than the line is worth.
struct TimelineStyle {
    QColor base, window, text, windowText;
    QColor grid; // major tick lines across the tracks
    QColor separator; // between tracks
    QColor border; // label column edge, header bottom
    QColor cursor; // the vertical line under the mouse
    QColor header; // process header band

    static QColor mix(const QColor& a, const QColor& b, double t)
    {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }
    static TimelineStyle from(const QPalette& pal)
    {
        TimelineStyle s;
        s.base = pal.color(QPalette::Base);
        s.window = pal.color(QPalette::Window);
        s.text = pal.color(QPalette::Text);
        s.windowText = pal.color(QPalette::WindowText);
        s.grid = mix(s.base, s.text, 0.07);
        s.separator = mix(s.base, s.text, 0.10);
        s.border = mix(s.window, s.windowText, 0.16);
        s.cursor = mix(s.base, s.text, 0.30);
        s.header = mix(s.base, s.window, 0.7);
        return s;
    }
};

} // namespace strata::widgets
