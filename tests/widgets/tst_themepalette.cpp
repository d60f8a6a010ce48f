#include <common/operatorcolors.h>
#include <common/theme.h>
#include <common/themepalette.h>

#include <QApplication>
#include <QtTest>

using namespace strata;
using widgets::OperatorColors;
using widgets::Theme;
using widgets::ThemePalette;

Q_DECLARE_METATYPE(Theme::Mode)

// The colours the views draw with, in the light and the dark theme: text on every fill the
// timeline can draw keeps WCAG's 4.5 : 1, and the palette's own colours read on its base.
class tst_ThemePalette : public QObject {
    Q_OBJECT

private slots:
    void contrastRatio_data();
    void contrastRatio();
    void textOnFills_data();
    void textOnFills();
    void textOnEdgeFills_data();
    void textOnEdgeFills();
    void readsOnBase_data();
    void readsOnBase();
    void followsTheBase_data();
    void followsTheBase();
};

void tst_ThemePalette::contrastRatio_data()
{
    QTest::addColumn<QColor>("a");
    QTest::addColumn<QColor>("b");
    QTest::addColumn<double>("ratio");
    QTest::newRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
    QTest::newRow("same colour") << QColor(0x80, 0x40, 0x20) << QColor(0x80, 0x40, 0x20) << 1.0;
    // #777 on white is the textbook value just under AA.
    QTest::newRow("grey 777 on white") << QColor(0x77, 0x77, 0x77) << QColor(Qt::white) << 4.48;
    QTest::newRow("symmetric") << QColor(Qt::white) << QColor(0x77, 0x77, 0x77) << 4.48;
}

void tst_ThemePalette::contrastRatio()
{
    QFETCH(QColor, a);
    QFETCH(QColor, b);
    QFETCH(double, ratio);
    QVERIFY2(std::abs(ThemePalette::contrast(a, b) - ratio) < 0.01,
        qPrintable(QString::number(ThemePalette::contrast(a, b))));
}

// Every fill the operator colours can produce, per family and theme: the fills do not
// depend on the theme, the text on them must reach 4.5 : 1 in both.
void tst_ThemePalette::textOnFills_data()
{
    QTest::addColumn<Theme::Mode>("mode");
    QTest::addColumn<int>("family");
    for (Theme::Mode m : { Theme::Mode::Light, Theme::Mode::Dark }) {
        const QByteArray t = Theme::key(m).toLatin1();
        QTest::newRow((t + " compute").constData()) << m << int(OperatorColors::Compute);
        QTest::newRow((t + " communication").constData()) << m << int(OperatorColors::Communication);
        QTest::newRow((t + " transfer").constData()) << m << int(OperatorColors::Transfer);
    }
}

void tst_ThemePalette::textOnFills()
{
    QFETCH(Theme::Mode, mode);
    QFETCH(int, family);
    Theme::apply(mode);
    const ThemePalette theme = ThemePalette::from(QApplication::palette());
    QCOMPARE(theme.dark, mode == Theme::Mode::Dark);
    const std::vector<QColor> fills = family == OperatorColors::Transfer ? OperatorColors::transferColors()
        : family == OperatorColors::Communication                        ? OperatorColors::communicationColors()
                                                                         : OperatorColors::computeColors();
    QVERIFY(fills.size() >= 8);
    for (const QColor& fill : fills) {
        const double ratio = ThemePalette::contrast(ThemePalette::textOn(fill), fill);
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1: %2").arg(fill.name()).arg(ratio)));
    }
}

// Fills near the luminance where black and white text contrast equally (about 0.18): the
// softer near-black would miss 4.5, so pure black is used.
void tst_ThemePalette::textOnEdgeFills_data()
{
    QTest::addColumn<QColor>("fill");
    QTest::addColumn<bool>("darkText");
    QTest::newRow("sand") << QColor(0xf2, 0xcc, 0x8f) << true;
    QTest::newRow("deep blue") << QColor(0x1f, 0x3f, 0x8a) << false;
    QTest::newRow("mid blue 3d86b8") << QColor(0x3d, 0x86, 0xb8) << true;
    QTest::newRow("mid grey 767676") << QColor(0x76, 0x76, 0x76) << false;
    QTest::newRow("mid grey 777777") << QColor(0x77, 0x77, 0x77) << true;
    QTest::newRow("black") << QColor(Qt::black) << false;
    QTest::newRow("white") << QColor(Qt::white) << true;
}

void tst_ThemePalette::textOnEdgeFills()
{
    QFETCH(QColor, fill);
    QFETCH(bool, darkText);
    const QColor text = ThemePalette::textOn(fill);
    QCOMPARE(text.lightness() < 128, darkText);
    QVERIFY2(ThemePalette::contrast(text, fill) >= 4.5, qPrintable(fill.name()));
}

void tst_ThemePalette::readsOnBase_data()
{
    QTest::addColumn<Theme::Mode>("mode");
    QTest::newRow("light") << Theme::Mode::Light;
    QTest::newRow("dark") << Theme::Mode::Dark;
}

// Code colours, the error colour, the compare bars, the findings' amber and red and the
// palette's own text on its base.
void tst_ThemePalette::readsOnBase()
{
    QFETCH(Theme::Mode, mode);
    const ThemePalette theme = ThemePalette::from(Theme::palette(mode));
    using S = ThemePalette::Syntax;
    for (S s : { S::Keyword, S::Builtin, S::Number, S::String, S::Comment, S::Decorator, S::Preprocessor })
        QVERIFY2(ThemePalette::contrast(theme.syntax(s), theme.base) >= 4.5, qPrintable(theme.syntax(s).name()));
    QVERIFY(ThemePalette::contrast(theme.error, theme.base) >= 4.5);
    // The compare bars are graphics (3 : 1) and must not read as one colour.
    QVERIFY(ThemePalette::contrast(theme.slower, theme.base) >= 3.0);
    QVERIFY(ThemePalette::contrast(theme.faster, theme.base) >= 3.0);
    QVERIFY(theme.slower.red() > theme.slower.green() && theme.faster.green() > theme.faster.red());
    // A finding's amber and red: graphics too, and told apart by hue (red has little green).
    QVERIFY(ThemePalette::contrast(theme.warning, theme.base) >= 3.0);
    QVERIFY(ThemePalette::contrast(theme.critical, theme.base) >= 3.0);
    QVERIFY(ThemePalette::contrast(theme.info, theme.base) >= 3.0);
    QVERIFY(theme.info.blue() > theme.info.red() + 60); // blue, apart from amber and red
    QVERIFY(theme.warning.green() > theme.critical.green() + 60 && theme.critical.red() > 2 * theme.critical.green());
    QVERIFY(ThemePalette::contrast(theme.text, theme.base) >= 7.0);
    QVERIFY(ThemePalette::contrast(theme.muted, theme.base) >= 4.5);
    QVERIFY(ThemePalette::contrast(theme.chartLabel, theme.base) >= 4.5);
    // Grid and separators are faint but there: they differ from the base.
    QVERIFY(theme.grid != theme.base && theme.separator != theme.base);
}

// A palette with a dark base gives the dark variants whatever its other colours.
void tst_ThemePalette::followsTheBase_data()
{
    QTest::addColumn<QColor>("base");
    QTest::addColumn<QColor>("text");
    QTest::addColumn<bool>("dark");
    QTest::newRow("white base") << QColor(Qt::white) << QColor(Qt::black) << false;
    QTest::newRow("near-black base") << QColor(0x12, 0x12, 0x12) << QColor(0xee, 0xee, 0xee) << true;
    QTest::newRow("solarized dark") << QColor(0x00, 0x2b, 0x36) << QColor(0x83, 0x94, 0x96) << true;
    QTest::newRow("solarized light") << QColor(0xfd, 0xf6, 0xe3) << QColor(0x65, 0x7b, 0x83) << false;
}

void tst_ThemePalette::followsTheBase()
{
    QFETCH(QColor, base);
    QFETCH(QColor, text);
    QFETCH(bool, dark);
    QPalette pal;
    pal.setColor(QPalette::Base, base);
    pal.setColor(QPalette::Text, text);
    const ThemePalette theme = ThemePalette::from(pal);
    QCOMPARE(theme.dark, dark);
    QCOMPARE(theme.base, base);
    // Colours moved toward the text until they read, even on a low-contrast system palette.
    QVERIFY(ThemePalette::contrast(theme.syntax(ThemePalette::Syntax::Comment), base) >= 4.5
        || ThemePalette::contrast(text, base) < 4.5);
}

QTEST_MAIN(tst_ThemePalette)
#include "tst_themepalette.moc"
