// TextTable: the plain-text table layout of strata-cli's summary and breakdown reports.
#include <report/texttable.h>

#include <QtTest>

#include <sstream>

using Rows = std::vector<std::vector<std::string>>;
Q_DECLARE_METATYPE(Rows)

class tst_TextTable : public QObject {
    Q_OBJECT
private slots:
    void print_data()
    {
        QTest::addColumn<Rows>("rows");
        QTest::addColumn<int>("leftColumns");
        QTest::addColumn<QString>("text");
        QTest::newRow("names left, numbers right") << Rows { { "name", "busy" }, { "gemm", "1200" }, { "nccl", "30" } }
                                                   << 1 << "name  busy\ngemm  1200\nnccl    30\n";
        QTest::newRow("width from the widest cell")
            << Rows { { "a", "1" }, { "longer name", "22" } } << 1 << "a             1\nlonger name  22\n";
        QTest::newRow("two left columns") << Rows { { "dev", "kind", "ns" }, { "GPU 0", "compute", "5" } } << 2
                                          << "dev    kind     ns\nGPU 0  compute   5\n";
        QTest::newRow("no trailing blanks on a short row")
            << Rows { { "a", "b", "c" }, { "long", "x" } } << 3 << "a     b  c\nlong  x\n";
        QTest::newRow("empty") << Rows {} << 1 << "";
    }
    void print()
    {
        QFETCH(Rows, rows);
        QFETCH(int, leftColumns);
        QFETCH(QString, text);
        std::ostringstream out;
        strata::report::TextTable::print(out, rows, size_t(leftColumns));
        QCOMPARE(QString::fromStdString(out.str()), text);
    }
};

QTEST_APPLESS_MAIN(tst_TextTable)
#include "tst_texttable.moc"
