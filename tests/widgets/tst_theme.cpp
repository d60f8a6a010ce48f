#include <common/theme.h>
#include <common/themepalette.h>
#include <common/themestyle.h>

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QRadioButton>
#include <QStyle>
#include <QWidget>
#include <QtTest>

using namespace strata;
using widgets::Theme;
using widgets::ThemePalette;

Q_DECLARE_METATYPE(Theme::Mode)

namespace {
// Counts the palette changes Qt delivers to a plain widget, as every view gets them.
class PaletteProbe : public QWidget {
public:
    int changes = 0;

protected:
    void changeEvent(QEvent* e) override
    {
        if (e->type() == QEvent::PaletteChange)
            ++changes;
        QWidget::changeEvent(e);
    }
};
} // namespace

class tst_Theme : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void keys_data();
    void keys();
    void applies_data();
    void applies();
    void systemReturnsToThePlatform();
    void widgetsHearTheSwitch();
    void uncheckedIndicatorsShow_data();
    void uncheckedIndicatorsShow();

private:
    QString m_systemStyle;
    QColor m_systemBase;
};

void tst_Theme::initTestCase()
{
    m_systemStyle = QApplication::style()->name();
    m_systemBase = QApplication::palette().color(QPalette::Base);
}

void tst_Theme::cleanup()
{
    Theme::apply(Theme::Mode::System);
}

void tst_Theme::keys_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<Theme::Mode>("mode");
    QTest::newRow("system") << "system" << true << Theme::Mode::System;
    QTest::newRow("light") << "light" << true << Theme::Mode::Light;
    QTest::newRow("dark") << "dark" << true << Theme::Mode::Dark;
    QTest::newRow("upper case") << "Dark" << true << Theme::Mode::Dark;
    QTest::newRow("empty") << "" << false << Theme::Mode::System;
    QTest::newRow("unknown") << "solarized" << false << Theme::Mode::System;
}

void tst_Theme::keys()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(Theme::Mode, mode);
    const std::optional<Theme::Mode> parsed = Theme::parse(text);
    QCOMPARE(parsed.has_value(), valid);
    if (valid) {
        QCOMPARE(*parsed, mode);
        QCOMPARE(Theme::parse(Theme::key(mode)), parsed); // key and parse round-trip
    }
}

// Light and Dark: the Fusion style (under ThemeStyle) with a light or dark base, text that reads on it and a
// selection whose text reads on the highlight.
void tst_Theme::applies_data()
{
    QTest::addColumn<Theme::Mode>("mode");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << Theme::Mode::Light << false;
    QTest::newRow("dark") << Theme::Mode::Dark << true;
}

void tst_Theme::applies()
{
    QFETCH(Theme::Mode, mode);
    QFETCH(bool, dark);
    Theme::apply(mode);
    QCOMPARE(Theme::current(), mode);
    auto* style = qobject_cast<widgets::ThemeStyle*>(QApplication::style());
    QVERIFY(style);
    QCOMPARE(style->baseStyle()->name(), QStringLiteral("fusion"));
    const QPalette pal = QApplication::palette();
    QCOMPARE(pal.color(QPalette::Base), Theme::palette(mode).color(QPalette::Base));
    QCOMPARE(ThemePalette::isDark(pal), dark);
    QCOMPARE(pal.color(QPalette::Window).lightnessF() < 0.5, dark);
    for (auto [fg, bg] : { std::pair { QPalette::Text, QPalette::Base }, { QPalette::WindowText, QPalette::Window },
             { QPalette::ButtonText, QPalette::Button }, { QPalette::HighlightedText, QPalette::Highlight },
             { QPalette::ToolTipText, QPalette::ToolTipBase }, { QPalette::PlaceholderText, QPalette::Base } })
        QVERIFY2(ThemePalette::contrast(pal.color(fg), pal.color(bg)) >= 4.5, qPrintable(pal.color(fg).name()));
}

void tst_Theme::systemReturnsToThePlatform()
{
    Theme::apply(Theme::Mode::Dark);
    QVERIFY(ThemePalette::isDark(QApplication::palette()));
    Theme::apply(Theme::Mode::System);
    QCOMPARE(Theme::current(), Theme::Mode::System);
    QCOMPARE(QApplication::style()->name(), m_systemStyle);
    QCOMPARE(QApplication::palette().color(QPalette::Base), m_systemBase);
}

// Qt delivers the new palette through the event loop: the probe gets it without being told.
void tst_Theme::widgetsHearTheSwitch()
{
    PaletteProbe probe;
    probe.show();
    Theme::apply(Theme::Mode::Light);
    QTRY_VERIFY(!ThemePalette::isDark(probe.palette()));
    const int before = probe.changes;
    Theme::apply(Theme::Mode::Dark);
    QTRY_VERIFY(probe.changes > before);
    QVERIFY(ThemePalette::isDark(probe.palette()));
}

// An unchecked radio button or check box is seen on the window and on the base (a dock's
// list): the ring of its indicator stands out from what is behind it by at least 3 : 1, the
// contrast WCAG asks of a control's boundary.
void tst_Theme::uncheckedIndicatorsShow_data()
{
    QTest::addColumn<Theme::Mode>("mode");
    QTest::addColumn<bool>("radio");
    QTest::addColumn<QPalette::ColorRole>("behind");
    for (Theme::Mode mode : { Theme::Mode::Light, Theme::Mode::Dark }) {
        for (bool radio : { true, false }) {
            for (QPalette::ColorRole behind : { QPalette::Window, QPalette::Base })
                QTest::addRow("%s %s on %s", qPrintable(Theme::key(mode)), radio ? "radio" : "check box",
                    behind == QPalette::Window ? "window" : "base")
                    << mode << radio << behind;
        }
    }
}

void tst_Theme::uncheckedIndicatorsShow()
{
    QFETCH(Theme::Mode, mode);
    QFETCH(bool, radio);
    QFETCH(QPalette::ColorRole, behind);
    Theme::apply(mode);
    QWidget host;
    host.setAutoFillBackground(true);
    host.setBackgroundRole(behind);
    QAbstractButton* button = radio ? static_cast<QAbstractButton*>(new QRadioButton(&host))
                                    : static_cast<QAbstractButton*>(new QCheckBox(&host));
    button->setChecked(false);
    button->adjustSize();
    host.resize(button->size());
    const QImage image = host.grab().toImage();
    const QColor background = QApplication::palette().color(behind);
    double best = 1;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            best = std::max(best, ThemePalette::contrast(image.pixelColor(x, y), background));
    }
    QVERIFY2(best >= 3.0, qPrintable(QStringLiteral("contrast %1").arg(best)));
}

QTEST_MAIN(tst_Theme)
#include "tst_theme.moc"
