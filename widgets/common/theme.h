#pragma once
#include <QPalette>
#include <QString>

#include <optional>

namespace strata::widgets {

// The application's colour theme. System leaves the platform's style and palette alone;
// Light and Dark set the Fusion style (which honours an application palette on every
// platform), through ThemeStyle so its radio buttons and check boxes show, with a palette of
// their own. Setting the application palette makes Qt send
// QEvent::PaletteChange to every widget (through the event loop, not within apply), so the
// views (see ThemePalette) recolour and drop their cached images without being told one by one.
class Theme {
public:
    enum class Mode { System, Light, Dark };

    static void apply(Mode mode); // needs the QApplication
    static Mode current();
    static QPalette palette(Mode mode); // System: the platform's palette as found at start

    static QString key(Mode mode); // "system", "light", "dark" (settings, command line)
    static std::optional<Mode> parse(const QString& key); // case-insensitive
};

} // namespace strata::widgets
