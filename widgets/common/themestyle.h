#pragma once
#include <QProxyStyle>

namespace strata::widgets {

// The style of the Light and Dark themes: Fusion, with the indicators of radio buttons and
// check boxes drawn from the theme's palette so that they show in either theme. Fusion rings
// an unchecked indicator in the window colour darkened and fills it with the base colour,
// which on a dark palette is a dark disc on a dark ground (about 1.0 : 1 on a dock's list,
// 1.2 : 1 on the window): the choice the user has not made yet cannot be seen. Here the ring
// is the text colour mixed into the base, at least 3 : 1 against the window and the base (the
// contrast WCAG asks of a control's boundary); a checked one is filled with the highlight.
class ThemeStyle : public QProxyStyle {
    Q_OBJECT
public:
    ThemeStyle(); // over a new Fusion style, which it owns

    void drawPrimitive(
        PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const override;

    // The ring of an indicator that is not checked, in `palette`'s enabled or disabled colours.
    static QColor ring(const QPalette& palette, bool enabled);

private:
    static void drawRadio(const QStyleOption* option, QPainter* painter);
    static void drawCheckBox(const QStyleOption* option, QPainter* painter);
};

} // namespace strata::widgets
