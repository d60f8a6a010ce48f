#pragma once
#include <common/theme.h>

#include <QMenu>

class QActionGroup;

namespace strata::app {

// View > Theme: System, Light, Dark as exclusive choices. Choosing one applies it at once
// (every view recolours on the palette change) and keeps it in the settings for the next
// start. The ticked entry is the theme in effect, which a --theme run may have overridden.
class ThemeMenu : public QMenu {
    Q_OBJECT
public:
    explicit ThemeMenu(QWidget* parent = nullptr);

    static widgets::Theme::Mode saved(); // System when nothing (or nothing valid) is saved
    static void save(widgets::Theme::Mode mode);

private:
    void syncChecks();

    QActionGroup* m_group;
};

} // namespace strata::app
