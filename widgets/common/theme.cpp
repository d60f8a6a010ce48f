#include "theme.h"

#include "themestyle.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace strata::widgets {

namespace {
// What the platform gave the application before the first switch, to go back to for System.
struct SystemLook {
    bool captured = false;
    QString style;
    QPalette palette;
};

SystemLook& systemLook()
{
    static SystemLook look;
    if (!look.captured && qApp) {
        look.captured = true;
        look.style = QApplication::style()->name();
        look.palette = QApplication::palette();
    }
    return look;
}

Theme::Mode& currentMode()
{
    static Theme::Mode mode = Theme::Mode::System;
    return mode;
}

void setGroups(QPalette& p, QPalette::ColorRole role, const QColor& active, const QColor& disabled)
{
    p.setColor(QPalette::Active, role, active);
    p.setColor(QPalette::Inactive, role, active);
    p.setColor(QPalette::Disabled, role, disabled);
}

// The bevel roles Fusion draws frames and buttons with, from the button colour.
void setBevels(QPalette& p, const QColor& button, bool dark)
{
    for (QPalette::ColorGroup g : { QPalette::Active, QPalette::Inactive, QPalette::Disabled }) {
        p.setColor(g, QPalette::Light, button.lighter(dark ? 130 : 150));
        p.setColor(g, QPalette::Midlight, button.lighter(dark ? 115 : 125));
        p.setColor(g, QPalette::Mid, button.darker(130));
        p.setColor(g, QPalette::Dark, button.darker(dark ? 160 : 200));
        p.setColor(g, QPalette::Shadow, dark ? QColor(0x0c, 0x0c, 0x0e) : QColor(0x76, 0x76, 0x76));
    }
}

QPalette lightPalette()
{
    QPalette p;
    const QColor text(0x1b, 0x1b, 0x1f), disabled(0x9a, 0x9a, 0xa0);
    setGroups(p, QPalette::Window, QColor(0xef, 0xef, 0xf1), QColor(0xef, 0xef, 0xf1));
    setGroups(p, QPalette::WindowText, text, disabled);
    setGroups(p, QPalette::Base, Qt::white, QColor(0xf6, 0xf6, 0xf7));
    setGroups(p, QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf7), QColor(0xf5, 0xf5, 0xf7));
    setGroups(p, QPalette::Text, text, disabled);
    setGroups(p, QPalette::Button, QColor(0xf3, 0xf3, 0xf5), QColor(0xef, 0xef, 0xf1));
    setGroups(p, QPalette::ButtonText, text, disabled);
    setGroups(p, QPalette::BrightText, Qt::white, Qt::white);
    setGroups(p, QPalette::Highlight, QColor(0x2d, 0x6c, 0xc9), QColor(0xc8, 0xc8, 0xcc));
    setGroups(p, QPalette::HighlightedText, Qt::white, disabled);
    setGroups(p, QPalette::ToolTipBase, QColor(0xff, 0xff, 0xf2), QColor(0xff, 0xff, 0xf2));
    setGroups(p, QPalette::ToolTipText, text, text);
    setGroups(p, QPalette::PlaceholderText, QColor(0x6e, 0x6e, 0x76), disabled);
    setGroups(p, QPalette::Link, QColor(0x1a, 0x5f, 0xb4), disabled);
    setGroups(p, QPalette::LinkVisited, QColor(0x6a, 0x3d, 0xa8), disabled);
    setBevels(p, QColor(0xf3, 0xf3, 0xf5), false);
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor text(0xe4, 0xe4, 0xe8), disabled(0x74, 0x74, 0x7a);
    setGroups(p, QPalette::Window, QColor(0x2a, 0x2b, 0x2f), QColor(0x2a, 0x2b, 0x2f));
    setGroups(p, QPalette::WindowText, text, disabled);
    setGroups(p, QPalette::Base, QColor(0x1d, 0x1e, 0x21), QColor(0x24, 0x25, 0x28));
    setGroups(p, QPalette::AlternateBase, QColor(0x25, 0x26, 0x2a), QColor(0x25, 0x26, 0x2a));
    setGroups(p, QPalette::Text, text, disabled);
    setGroups(p, QPalette::Button, QColor(0x33, 0x35, 0x3a), QColor(0x2d, 0x2e, 0x32));
    setGroups(p, QPalette::ButtonText, text, disabled);
    setGroups(p, QPalette::BrightText, QColor(0xff, 0x6b, 0x6b), QColor(0xff, 0x6b, 0x6b));
    setGroups(p, QPalette::Highlight, QColor(0x2f, 0x65, 0xb8), QColor(0x3a, 0x3b, 0x40));
    setGroups(p, QPalette::HighlightedText, Qt::white, disabled);
    setGroups(p, QPalette::ToolTipBase, QColor(0x33, 0x35, 0x3a), QColor(0x33, 0x35, 0x3a));
    setGroups(p, QPalette::ToolTipText, text, text);
    setGroups(p, QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0xa2), disabled);
    setGroups(p, QPalette::Link, QColor(0x6c, 0xb0, 0xff), disabled);
    setGroups(p, QPalette::LinkVisited, QColor(0xb8, 0x9c, 0xf0), disabled);
    setBevels(p, QColor(0x33, 0x35, 0x3a), true);
    return p;
}
} // namespace

QPalette Theme::palette(Mode mode)
{
    switch (mode) {
    case Mode::Light: return lightPalette();
    case Mode::Dark: return darkPalette();
    case Mode::System: break;
    }
    return systemLook().palette;
}

void Theme::apply(Mode mode)
{
    const SystemLook& look = systemLook(); // before the first change, so System can return to it
    if (mode == currentMode() && mode == Mode::System)
        return; // never switched: the platform keeps following its own settings
    currentMode() = mode;
    // setStyle resets the application palette to the style's: the palette goes second.
    QApplication::setStyle(mode == Mode::System ? QStyleFactory::create(look.style) : new ThemeStyle);
    QApplication::setPalette(palette(mode));
}

Theme::Mode Theme::current()
{
    return currentMode();
}

QString Theme::key(Mode mode)
{
    switch (mode) {
    case Mode::Light: return QStringLiteral("light");
    case Mode::Dark: return QStringLiteral("dark");
    case Mode::System: break;
    }
    return QStringLiteral("system");
}

std::optional<Theme::Mode> Theme::parse(const QString& key)
{
    for (Mode m : { Mode::System, Mode::Light, Mode::Dark }) {
        if (key.compare(Theme::key(m), Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

} // namespace strata::widgets
