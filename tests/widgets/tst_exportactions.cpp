// ExportActions: the context menu's file writer and the file names it suggests.
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>
#include <common/exportactions.h>
#include <report/operatortablereport.h>

#include <QTemporaryDir>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;

class tst_ExportActions : public QObject {
    Q_OBJECT

private slots:
    void exportFileWrite();

private:
    const HandCatalog m_hand {};
};

// The context menu's writer: the text byte for byte, atomically (no partial file on failure).
void tst_ExportActions::exportFileWrite()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto t = OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, { OperatorLevel::Op }, OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const std::string text = report::OperatorTableReport(t->table).csv();
    const QString path = dir.filePath("operators-op.csv");
    QString error;
    QVERIFY(widgets::ExportActions::writeFile(path, text, &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray::fromStdString(text));
    QVERIFY(!widgets::ExportActions::writeFile(dir.filePath("missing/dir/x.csv"), text, &error));
    QVERIFY(error.contains("missing/dir/x.csv"));
    QCOMPARE(widgets::ExportActions::safeName("fused(a+b)/x: y"), QString("fused_a_b_x_y"));
}

QTEST_MAIN(tst_ExportActions)
#include "tst_exportactions.moc"
