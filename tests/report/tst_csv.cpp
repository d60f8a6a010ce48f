// Csv: the one quoting rule of every report's CSV (RFC 4180: quoted only when needed).
#include <report/csv.h>

#include <QtTest>

class tst_Csv : public QObject {
    Q_OBJECT
private slots:
    void field_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "plain"
                               << "plain";
        QTest::newRow("comma") << "a,b"
                               << "\"a,b\"";
        QTest::newRow("quotes") << "say \"hi\""
                                << "\"say \"\"hi\"\"\"";
        QTest::newRow("newline") << "two\nlines"
                                 << "\"two\nlines\"";
        QTest::newRow("carriage return") << "a\rb"
                                         << "\"a\rb\"";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("utf-8 kept") << QString::fromUtf8("NPU 0 \u203a DMA") << QString::fromUtf8("NPU 0 \u203a DMA");
    }

    void field()
    {
        QFETCH(QString, in);
        QTEST(QString::fromStdString(strata::report::Csv::field(in.toStdString())), "out");
    }
};

QTEST_APPLESS_MAIN(tst_Csv)
#include "tst_csv.moc"
