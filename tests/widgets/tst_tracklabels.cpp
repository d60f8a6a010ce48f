#include <timeline/tracklabels.h>

#include <QtTest>

using namespace strata;
using widgets::TrackLabels;

// The label column's track names: nested names keep both ends, nested tracks step right.
class tst_TrackLabels : public QObject {
    Q_OBJECT

private slots:
    void nestedNamesKeepBothEnds_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("head"); // what the elided text starts with
        QTest::addColumn<QString>("tail"); // and ends with
        QTest::newRow("perfetto path") << "GPU 0 / Render queue / Command buffers / Submission 17"
                                       << "GPU"
                                       << "Submission 17";
        QTest::newRow("siblings differ at the end only") << "GPU 0 / Render queue / Command buffers / Submission 18"
                                                         << "GPU"
                                                         << "Submission 18";
        QTest::newRow("overflow lane") << "CrRendererMain ThreadControllerImpl::RunTask (overlap 2)"
                                       << "Cr"
                                       << "(overlap 2)";
    }

    void nestedNamesKeepBothEnds()
    {
        QFETCH(QString, name);
        QFETCH(QString, head);
        QFETCH(QString, tail);
        const QFontMetrics fm(QFont(QStringLiteral("Sans"), 9));
        const int width = fm.horizontalAdvance(name) * 2 / 3; // room for two thirds of it
        const QString shown = TrackLabels::elided(fm, name, width);
        QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown)); // something was cut
        QVERIFY2(shown.startsWith(head), qPrintable(shown));
        QVERIFY2(shown.endsWith(tail), qPrintable(shown));
        QVERIFY(fm.horizontalAdvance(shown) <= width);
        QCOMPARE(TrackLabels::elided(fm, name, fm.horizontalAdvance(name) + 1), name); // fits: whole
    }

    // The id that tells sibling tracks apart survives the cut whole, wherever it stands.
    void idKeptWhole_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("leading"); // the id opens the shown text, else it ends it
        QTest::newRow("mtia thread") << "thread 3212876 (launcher_test_main_worker)"
                                     << "thread 3212876" << true;
        QTest::newRow("stream") << "Stream 101 Submission Queue of the inference engine"
                                << "Stream 101" << true;
        QTest::newRow("process pid") << "python3 -m torch.distributed.run --nproc 8 train.py (pid 4711)"
                                     << "(pid 4711)" << false;
        QTest::newRow("trailing number") << "MTIA compute queue for the prediction tasks 108"
                                         << " 108" << false;
    }

    void idKeptWhole()
    {
        QFETCH(QString, name);
        QFETCH(QString, id);
        QFETCH(bool, leading);
        const QFontMetrics fm(QFont(QStringLiteral("Sans"), 9));
        const int width = fm.horizontalAdvance(name) / 2;
        const QString shown = TrackLabels::elided(fm, name, width);
        QVERIFY2(shown.contains(QChar(0x2026)), qPrintable(shown));
        QVERIFY2(leading ? shown.startsWith(id) : shown.endsWith(id), qPrintable(shown));
        QVERIFY2(fm.horizontalAdvance(shown) <= width, qPrintable(shown));
    }

    void indentByDepth_data()
    {
        QTest::addColumn<int>("indent");
        QTest::newRow("top level") << 0;
        QTest::newRow("one level") << 1;
        QTest::newRow("three levels") << 3;
    }

    void indentByDepth()
    {
        QFETCH(int, indent);
        const QRect row(0, 40, 220, 24);
        QCOMPARE(TrackLabels::textLeft(row, indent) - TrackLabels::textLeft(row, 0), indent * TrackLabels::kIndentPx);
        QVERIFY(TrackLabels::textLeft(row.translated(5, 0), indent) == TrackLabels::textLeft(row, indent) + 5);
    }
};

QTEST_MAIN(tst_TrackLabels)
#include "tst_tracklabels.moc"
