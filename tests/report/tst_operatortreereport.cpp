// OperatorTreeReport: the operator tree's CSV (depth and path before the ops columns, depth
// first) and nested JSON (children under "children", none on the last level).
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>
#include <report/operatortreereport.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using namespace strata::analysis;
using namespace operatortest;
using storetest::qs;

namespace {

// Splits one CSV line (the CLI's quoting: fields with , " or newline quoted, "" inside).
QStringList csvCells(const QString& line)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cur += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            out << cur;
            cur.clear();
        } else {
            cur += ch;
        }
    }
    out << cur;
    return out;
}

} // namespace

class tst_OperatorTreeReport : public QObject {
    Q_OBJECT

private slots:
    void treeExports();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorTreeReport::treeExports()
{
    const auto t = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, levelsOf("framework>op>command"),
        OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const QStringList lines = qs(report::OperatorTreeReport(*t).csv()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), int(t->nodes.size()) + 1);
    QVERIFY(lines[0].startsWith("depth,path,name,count,"));
    QCOMPARE(csvCells(lines[1]).mid(0, 4), QStringList({ "0", "", "fused(bn1+conv1+relu)", "3" }));
    QCOMPARE(csvCells(lines[2]).mid(0, 4), QStringList({ "1", "fused(bn1+conv1+relu)", "conv2d", "2" }));
    QCOMPARE(csvCells(lines[3]).mid(0, 4),
        QStringList(
            { "2", QString::fromUtf8("fused(bn1+conv1+relu) \u203a conv2d"), "0_fused(bn1+conv1+relu)_2", "1" }));
    const QJsonObject o
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorTreeReport(*t).json())).object();
    QCOMPARE(o["levels"].toArray(), QJsonArray({ "framework", "op", "command" }));
    const QJsonObject first = o["rows"].toArray()[0].toObject();
    QCOMPARE(first["name"].toString(), QString("fused(bn1+conv1+relu)"));
    QCOMPARE(first["children"].toArray().size(), 2);
    const QJsonObject leaf = first["children"].toArray()[0].toObject()["children"].toArray()[0].toObject();
    QCOMPARE(leaf["name"].toString(), QString("0_fused(bn1+conv1+relu)_2"));
    QVERIFY(!leaf.contains("children"));
}

QTEST_APPLESS_MAIN(tst_OperatorTreeReport)
#include "tst_operatortreereport.moc"
