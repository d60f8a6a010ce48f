// The Compare table's Δ bar: its length is |fraction| of the cell (at least a pixel for any
// change, nothing for none), red for slower and green for faster, in the light and the dark
// theme.
#include "compare/deltabardelegate.h"
#include <common/theme.h>
#include <common/themepalette.h>

#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QtTest>

using strata::widgets::DeltaBarDelegate;
using strata::widgets::Theme;
using strata::widgets::ThemePalette;

Q_DECLARE_METATYPE(Theme::Mode)

namespace {
constexpr int kRole = Qt::UserRole + 7;
}

class tst_DeltaBarDelegate : public QObject {
    Q_OBJECT

private slots:
    void barRect_data();
    void barRect();
    void paintsSlowerRedFasterGreen_data();
    void paintsSlowerRedFasterGreen();
};

void tst_DeltaBarDelegate::barRect_data()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<int>("width"); // of a 106-px cell: 100 px inside its 3-px margins
    QTest::newRow("largest") << 1.0 << 100;
    QTest::newRow("largest, faster") << -1.0 << 100;
    QTest::newRow("a quarter") << 0.25 << 25;
    QTest::newRow("a quarter, faster") << -0.25 << 25;
    QTest::newRow("tiny: still a pixel") << 0.0001 << 1;
    QTest::newRow("none") << 0.0 << 0;
    QTest::newRow("clamped") << 3.0 << 100;
}

void tst_DeltaBarDelegate::barRect()
{
    QFETCH(double, fraction);
    QFETCH(int, width);
    const QRect cell(10, 20, 106, 22);
    const QRect bar = DeltaBarDelegate::barRect(cell, fraction);
    QCOMPARE(bar.isEmpty() ? 0 : bar.width(), width);
    if (width > 0) {
        QCOMPARE(bar.left(), cell.left() + 3);
        QCOMPARE(bar.top(), cell.top() + 3);
        QCOMPARE(bar.height(), cell.height() - 6);
    }
}

void tst_DeltaBarDelegate::paintsSlowerRedFasterGreen_data()
{
    QTest::addColumn<Theme::Mode>("mode");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<bool>("red");
    for (Theme::Mode mode : { Theme::Mode::Light, Theme::Mode::Dark }) {
        const char* name = mode == Theme::Mode::Light ? "light" : "dark";
        QTest::addRow("%s, slower", name) << mode << 1.0 << true;
        QTest::addRow("%s, faster", name) << mode << -1.0 << false;
    }
}

void tst_DeltaBarDelegate::paintsSlowerRedFasterGreen()
{
    QFETCH(Theme::Mode, mode);
    QFETCH(double, fraction);
    QFETCH(bool, red);
    QStandardItemModel model(1, 1);
    model.setData(model.index(0, 0), fraction, kRole);
    DeltaBarDelegate delegate(kRole);
    QStyleOptionViewItem option;
    option.rect = QRect(0, 0, 120, 24);
    option.palette = Theme::palette(mode);
    option.state = QStyle::State_Enabled;
    QImage image(option.rect.size(), QImage::Format_RGB32);
    image.fill(option.palette.color(QPalette::Base));
    {
        QPainter p(&image);
        delegate.paint(&p, option, model.index(0, 0));
    }
    // A pixel inside the bar, away from the (empty) text.
    const QColor c = image.pixelColor(10, 12);
    QVERIFY2(c != option.palette.color(QPalette::Base), qPrintable(c.name()));
    QVERIFY2(red ? c.red() > c.green() : c.green() > c.red(), qPrintable(c.name()));
    const ThemePalette theme = ThemePalette::from(option.palette);
    QCOMPARE(theme.dark, mode == Theme::Mode::Dark);
}

QTEST_MAIN(tst_DeltaBarDelegate)
#include "tst_deltabardelegate.moc"
