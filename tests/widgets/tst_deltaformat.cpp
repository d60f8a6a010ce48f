// DeltaFormat: signed differences, percentages of A, "—" where there is none, and the Δ
// colours (slower, faster or none) as text that reads on the base in either theme.
#include <common/deltaformat.h>
#include <common/theme.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QtTest>

using namespace strata::widgets;

Q_DECLARE_METATYPE(Theme::Mode)

namespace {
QString ms(double ns)
{
    return UnitFormat::duration(strata::store::TimeNs(ns));
}
} // namespace

class tst_DeltaFormat : public QObject {
    Q_OBJECT
private slots:
    void text_data()
    {
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<QString>("delta");
        QTest::addColumn<QString>("percent");
        const QChar minus(0x2212);
        QTest::newRow("slower") << 1e6 << 1.5e6 << "+" + ms(5e5) << "+" + UnitFormat::percent(50);
        QTest::newRow("faster") << 2e6 << 1.5e6 << minus + ms(5e5) << minus + UnitFormat::percent(25);
        QTest::newRow("same") << 1e6 << 1e6 << ms(0) << UnitFormat::percent(0);
        QTest::newRow("A is zero") << 0.0 << 1e3 << "+" + ms(1e3) << DeltaFormat::missing();
    }
    void text()
    {
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(QString, delta);
        QFETCH(QString, percent);
        QCOMPARE(DeltaFormat::signedValue(b - a, &ms), delta);
        QCOMPARE(DeltaFormat::percent(DeltaFormat::percentOf(a, b)), percent);
    }

    void colour_data()
    {
        QTest::addColumn<Theme::Mode>("mode");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<int>("growth");
        QTest::addColumn<QString>("expected");
        const int worse = int(DeltaFormat::Growth::Worse), better = int(DeltaFormat::Growth::Better);
        for (Theme::Mode mode : { Theme::Mode::Light, Theme::Mode::Dark }) {
            const char* m = mode == Theme::Mode::Dark ? "dark" : "light";
            QTest::addRow("%s: more time", m) << mode << 100.0 << 110.0 << worse << "slower";
            QTest::addRow("%s: less time", m) << mode << 100.0 << 90.0 << worse << "faster";
            QTest::addRow("%s: under the threshold", m) << mode << 100.0 << 101.0 << worse << "";
            QTest::addRow("%s: more bandwidth", m) << mode << 100.0 << 110.0 << better << "faster";
            QTest::addRow("%s: from nothing", m) << mode << 0.0 << 5.0 << worse << "slower";
            QTest::addRow("%s: nothing both", m) << mode << 0.0 << 0.0 << worse << "";
        }
    }
    void colour()
    {
        QFETCH(Theme::Mode, mode);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(int, growth);
        QFETCH(QString, expected);
        const ThemePalette theme = ThemePalette::from(Theme::palette(mode));
        const QColor c = DeltaFormat::colour(theme, a, b, DeltaFormat::Growth(growth), 2.0);
        if (expected.isEmpty()) {
            QVERIFY(!c.isValid());
            return;
        }
        QVERIFY(c.isValid());
        QVERIFY(expected == QLatin1String("slower") ? c.red() > c.green() : c.green() > c.red());
        QVERIFY2(ThemePalette::contrast(c, theme.base) >= 4.5, qPrintable(c.name()));
    }
};

QTEST_MAIN(tst_DeltaFormat)
#include "tst_deltaformat.moc"
