#include <window/thememenu.h>

#include <common/themepalette.h>

#include <QActionGroup>
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace strata;
using app::ThemeMenu;
using widgets::Theme;

Q_DECLARE_METATYPE(Theme::Mode)

class tst_ThemeMenu : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void cleanup() { Theme::apply(Theme::Mode::System); }

    void entries()
    {
        ThemeMenu menu;
        const QList<QAction*> actions = menu.actions();
        QCOMPARE(actions.size(), 3);
        QStringList texts;
        for (QAction* a : actions) {
            QVERIFY(a->isCheckable());
            QVERIFY(a->actionGroup() && a->actionGroup()->isExclusive());
            texts << a->text().remove(QLatin1Char('&'));
        }
        QCOMPARE(texts, (QStringList { "System", "Light", "Dark" }));
        QVERIFY(actions[0]->isChecked()); // the theme in effect
    }

    void choosing_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<Theme::Mode>("mode");
        QTest::addColumn<QString>("saved");
        QTest::addColumn<bool>("darkBase");
        QTest::newRow("light") << 1 << Theme::Mode::Light << "light" << false;
        QTest::newRow("dark") << 2 << Theme::Mode::Dark << "dark" << true;
    }

    // A choice applies at once, is saved under "theme", and is ticked alone.
    void choosing()
    {
        QFETCH(int, index);
        QFETCH(Theme::Mode, mode);
        QFETCH(QString, saved);
        QFETCH(bool, darkBase);
        ThemeMenu menu;
        menu.actions()[index]->trigger();
        QCOMPARE(Theme::current(), mode);
        QCOMPARE(widgets::ThemePalette::isDark(QApplication::palette()), darkBase);
        QCOMPARE(QSettings().value("theme").toString(), saved);
        QCOMPARE(ThemeMenu::saved(), mode);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(menu.actions()[i]->isChecked(), i == index);
        menu.actions()[0]->trigger();
        QCOMPARE(Theme::current(), Theme::Mode::System);
        QCOMPARE(ThemeMenu::saved(), Theme::Mode::System);
    }

    // A run with --theme applies without saving: a new menu ticks what is in effect.
    void showsTheThemeInEffect()
    {
        ThemeMenu::save(Theme::Mode::Light);
        Theme::apply(Theme::Mode::Dark);
        ThemeMenu menu;
        QVERIFY(menu.actions()[2]->isChecked());
        QCOMPARE(ThemeMenu::saved(), Theme::Mode::Light);
    }

    void unreadableSettingIsSystem()
    {
        QSettings().setValue("theme", "purple");
        QCOMPARE(ThemeMenu::saved(), Theme::Mode::System);
    }
};

QTEST_MAIN(tst_ThemeMenu)
#include "tst_thememenu.moc"
