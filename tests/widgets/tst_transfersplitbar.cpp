// TransferSplitBar: the execution, communication and data-transfer shares of the busy time
// as one percent bar (rounded to a tenth for its labels) in the breakdown's colours, the
// times in the caption (communication only when there is some), nothing while idle.
#include <common/breakdowncolors.h>
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
        QTest::addColumn<qint64>("communication");
        QTest::addColumn<qint64>("transfer");
        QTest::addColumn<QList<double>>("shares"); // execution, communication, transfer
        QTest::addColumn<QString>("title");
        QTest::addColumn<QStringList>("caption"); // pieces of the caption
        QTest::addColumn<bool>("namesCommunication"); // the caption says "Communication"
        const QString two = "Execution vs data transfer", three = "Execution, communication and data transfer";
        QTest::newRow("mostly execution") << 16200LL << 15600LL << 0LL << 600LL << QList<double> { 96.3, 0, 3.7 } << two
                                          << QStringList { "15.600 µs", "600 ns" } << false;
        QTest::newRow("all transfer") << 2000000LL << 0LL << 0LL << 2000000LL << QList<double> { 0, 0, 100.0 } << two
                                      << QStringList { "2.000 ms" } << false;
        QTest::newRow("overlap counted once") << 1000LL << 800LL << 0LL << 400LL << QList<double> { 80.0, 0, 40.0 }
                                              << two << QStringList { "400 ns" } << false;
        QTest::newRow("nccl apart") << 1000LL << 550LL << 300LL << 150LL << QList<double> { 55.0, 30.0, 15.0 } << three
                                    << QStringList { "550 ns", "300 ns", "150 ns" } << true;
        QTest::newRow("communication only") << 5000LL << 0LL << 5000LL << 0LL << QList<double> { 0, 100.0, 0 } << three
                                            << QStringList { "5.000 µs" } << true;
    }

    void shares()
    {
        QFETCH(qint64, busy);
        QFETCH(qint64, execution);
        QFETCH(qint64, communication);
        QFETCH(qint64, transfer);
        QFETCH(QList<double>, shares);
        QFETCH(QStringList, caption);
        QFETCH(bool, namesCommunication);
        widgets::TransferSplitBar bar([](const QPoint&) {});
        bar.setTimes(busy, execution, communication, transfer);
        QTEST(bar.title(), "title");
        QCOMPARE(bar.series()->count(), 3);
        const QColor colors[] = { widgets::BreakdownColors::compute(), widgets::BreakdownColors::communication(),
            widgets::BreakdownColors::memory() };
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(bar.series()->barSets()[i]->at(0), shares[i]);
            QCOMPARE(bar.series()->barSets()[i]->color(), colors[i]);
        }
        QVERIFY(bar.findChild<QChartView*>(QStringLiteral("operatorSplit"))->isVisibleTo(&bar));
        const QString text = bar.findChild<QLabel*>(QStringLiteral("operatorSplitCaption"))->text();
        for (const QString& piece : caption)
            QVERIFY2(text.contains(piece), qPrintable(text));
        QCOMPARE(text.contains(QStringLiteral("Communication")), namesCommunication);
    }

    // Long times do not make the bar wider than one of them: the caption breaks between the
    // two (a narrow dock would scroll sideways otherwise, hiding what is at its right edge).
    void longTimesWrap()
    {
        widgets::TransferSplitBar bar([](const QPoint&) {});
        bar.setTimes(987884000, 973006000, 0, 14878000);
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
        bar.setTimes(100, 50, 10, 40);
        bar.setTimes(0, 0, 0, 0);
        QCOMPARE(bar.series()->count(), 0);
        QVERIFY(!bar.findChild<QChartView*>(QStringLiteral("operatorSplit"))->isVisibleTo(&bar));
        QVERIFY(bar.findChild<QLabel*>(QStringLiteral("operatorSplitCaption"))->text().isEmpty());
    }
};

QTEST_MAIN(tst_TransferSplitBar)
#include "tst_transfersplitbar.moc"
