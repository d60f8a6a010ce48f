// NameNormalizer: the instance suffixes and sequence prefixes it removes so the same operator
// matches across runs, and the names it must leave as written.
#include <analysis/compare/namenormalizer.h>

#include <QtTest>

using strata::analysis::NameNormalizer;

class tst_NameNormalizer : public QObject {
    Q_OBJECT

private slots:
    void normalize_data();
    void normalize();
    void samePair_data();
    void samePair();
};

void tst_NameNormalizer::normalize_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::newRow("step number") << "ProfilerStep#3"
                                 << "ProfilerStep";
    QTest::newRow("rbln command") << "12_conv1_0"
                                  << "conv1";
    QTest::newRow("rbln fused") << "0_fused(bn1+conv1+relu)_17"
                                << "fused(bn1+conv1+relu)";
    QTest::newRow("neuron fused") << "fused_12"
                                  << "fused";
    QTest::newRow("nested suffixes") << "block_2#4"
                                     << "block";
    QTest::newRow("kineto op") << "aten::conv2d"
                               << "aten::conv2d";
    QTest::newRow("hlo instruction") << "fusion.11"
                                     << "fusion.11";
    QTest::newRow("only a suffix") << "_3"
                                   << "_3";
    QTest::newRow("only digits") << "12"
                                 << "12";
    QTest::newRow("only a prefix") << "12_"
                                   << "12_";
    QTest::newRow("only a step number") << "#7"
                                        << "#7";
    QTest::newRow("digits inside a word") << "conv1x1"
                                          << "conv1x1";
    QTest::newRow("trailing digits without separator") << "conv1"
                                                       << "conv1";
    QTest::newRow("hash without digits") << "C#"
                                         << "C#";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_NameNormalizer::normalize()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(NameNormalizer::normalize(name.toStdString())), expected);
}

// Instances of one operator from two runs meet at one identity; different operators do not.
void tst_NameNormalizer::samePair_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("profiler steps") << "ProfilerStep#3"
                                    << "ProfilerStep#7" << true;
    QTest::newRow("rbln sequence") << "12_conv1_0"
                                   << "57_conv1_0" << true;
    QTest::newRow("rbln command index") << "12_conv1_0"
                                        << "12_conv1_3" << true;
    QTest::newRow("different layers") << "12_conv1_0"
                                      << "12_conv2_0" << false;
    QTest::newRow("hlo instructions") << "fusion.11"
                                      << "fusion.12" << false;
}

void tst_NameNormalizer::samePair()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    QCOMPARE(NameNormalizer::normalize(a.toStdString()) == NameNormalizer::normalize(b.toStdString()), same);
}

QTEST_APPLESS_MAIN(tst_NameNormalizer)
#include "tst_namenormalizer.moc"
