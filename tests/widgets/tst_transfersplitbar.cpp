// TransferSplitBar: the execution and transfer shares of the busy time as one percent bar
// (rounded to a tenth for its labels), the two times in the caption, nothing while idle.
#include <common/transfersplitbar.h>

#include <QBarSet>
#include <QChartView>
#include <QHorizontalPercentBarSeries>
#include <QLabel>
#include <QtTest>

using namespace strata;

class tst_TransferSplitBar : public QObject {
    Q_OBJECT
private slots:
    void shares_data()
    {
        QTest::addColumn<qint64>("busy");
        QTest::addColumn<qint64>("execution");
        QTest::addColumn<qint64>("transfer");
        QTest::addColumn<double>("execShare");
        QTest::addColumn<double>("transferShare");
        QTest::addColumn<QString>("caption"); // a piece of the caption
        QTest::newRow("mostly execution") << 16200LL << 15600LL << 600LL << 96.3 << 3.7 << "15.600 µs";
        QTest::newRow("all transfer") << 2000000LL << 0LL << 2000000LL << 0.0 << 100.0 << "2.000 ms";
        QTest::newRow("overlap counted once") << 1000LL << 800LL << 400LL << 80.0 << 40.0 << "400 ns";
    }

    void shares()
    {
        QFETCH(qint64, busy);
        QFETCH(qint64, execution);
        QFETCH(qint64, transfer);
        QFETCH(double, execShare);
        QFETCH(double, transferShare);
        QFETCH(QString, caption);
        widgets::TransferSplitBar bar([](const QPoint&) {});
        bar.setTimes(busy, execution, transfer);
        QCOMPARE(bar.series()->count(), 2);
        QCOMPARE(bar.series()->barSets()[0]->at(0), execShare);
        QCOMPARE(bar.series()->barSets()[1]->at(0), transferShare);
        QVERIFY(bar.findChild<QChartView*>(QStringLiteral("operatorSplit"))->isVisibleTo(&bar));
        const QString text = bar.findChild<QLabel*>(QStringLiteral("operatorSplitCaption"))->text();
        QVERIFY2(text.contains(caption), qPrintable(text));
    }

    // Long times do not make the bar wider than one of them: the caption breaks between the
    // two (a narrow dock would scroll sideways otherwise, hiding what is at its right edge).
    void longTimesWrap()
    {
        widgets::TransferSplitBar bar([](const QPoint&) {});
        bar.setTimes(987884000, 973006000, 14878000);
        auto* caption = bar.findChild<QLabel*>(QStringLiteral("operatorSplitCaption"));
        const QFontMetrics fm(caption->font());
        const int oneLine = fm.horizontalAdvance(QStringLiteral("■ Execution 973.006 ms    ■ Data transfer 14.878 ms"));
        const int onePart = fm.horizontalAdvance(QStringLiteral("■ Data transfer 14.878 ms"));
        const int least = bar.minimumSizeHint().width();
        QVERIFY2(
            least < oneLine && least <= onePart + 40, qPrintable(QStringLiteral("%1 of %2").arg(least).arg(oneLine)));
    }

    void idleShowsNothing()
    {
        widgets::TransferSplitBar bar([](const QPoint&) {});
        bar.setTimes(100, 60, 40);
        bar.setTimes(0, 0, 0);
        QCOMPARE(bar.series()->count(), 0);
        QVERIFY(!bar.findChild<QChartView*>(QStringLiteral("operatorSplit"))->isVisibleTo(&bar));
        QVERIFY(bar.findChild<QLabel*>(QStringLiteral("operatorSplitCaption"))->text().isEmpty());
    }
};

QTEST_MAIN(tst_TransferSplitBar)
#include "tst_transfersplitbar.moc"
