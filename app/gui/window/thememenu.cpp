#include "thememenu.h"

#include <QActionGroup>
#include <QSettings>

namespace strata::app {

using widgets::Theme;

namespace {
const char* const kThemeKey = "theme";
} // namespace

ThemeMenu::ThemeMenu(QWidget* parent)
    : QMenu(tr("&Theme"), parent)
    , m_group(new QActionGroup(this))
{
    m_group->setExclusive(true);
    const std::pair<Theme::Mode, QString> entries[] = { { Theme::Mode::System, tr("&System") },
        { Theme::Mode::Light, tr("&Light") }, { Theme::Mode::Dark, tr("&Dark") } };
    for (const auto& [mode, text] : entries) {
        QAction* a = addAction(text);
        a->setCheckable(true);
        a->setData(int(mode));
        m_group->addAction(a);
        connect(a, &QAction::triggered, this, [mode = mode] {
            save(mode);
            Theme::apply(mode);
        });
    }
    actions().constFirst()->setToolTip(tr("The desktop's own colours"));
    connect(this, &QMenu::aboutToShow, this, &ThemeMenu::syncChecks);
    syncChecks();
}

void ThemeMenu::syncChecks()
{
    for (QAction* a : m_group->actions())
        a->setChecked(a->data().toInt() == int(Theme::current()));
}

Theme::Mode ThemeMenu::saved()
{
    return Theme::parse(QSettings().value(QLatin1String(kThemeKey)).toString()).value_or(Theme::Mode::System);
}

void ThemeMenu::save(Theme::Mode mode)
{
    QSettings().setValue(QLatin1String(kThemeKey), Theme::key(mode));
}

} // namespace strata::app
