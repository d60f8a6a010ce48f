// OperatorExport: the operator table's CSV and JSON are the CLI's (header, and per row the
// aggregator's numbers rounded as the CLI rounds them), CSV quoting, and the tree's CSV and
// nested JSON.
#include <support/operatortreetestutil.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>
#include <report/operatorexport.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

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

class tst_OperatorExport : public QObject {
    Q_OBJECT

private slots:
    void exportCsvMatchesAggregator_data();
    void exportCsvMatchesAggregator();
    void exportJsonMatchesAggregator();
    void csvQuoting();
    void treeExports();

private:
    const HandCatalog m_hand {};
};

void tst_OperatorExport::exportCsvMatchesAggregator_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("scope");
    for (const char* l : { "module", "framework", "layer", "hlo", "op", "command", "name" })
        for (const char* s : { "device", "host", "all" })
            QTest::addRow("%s %s", l, s) << l << s;
}

// The CSV is the CLI's: its header, and per row the aggregator's numbers, rounded as the
// CLI rounds them.
void tst_OperatorExport::exportCsvMatchesAggregator()
{
    QFETCH(QString, level);
    QFETCH(QString, scope);
    const OperatorLevel l = operatortest::level(level);
    const auto t = OperatorTreeBuilder::build(
        *m_hand.store, m_hand.catalog, { l }, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const OperatorTable agg = OperatorAggregator::aggregate(
        *m_hand.store, m_hand.catalog, l, OperatorAggregator::wholeTrace(), scopeOf(scope));
    const QStringList lines = qs(report::OperatorExport::opsCsv(t->table)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0),
        QString("name,count,total_ns,self_ns,avg_ns,min_ns,max_ns,median_ns,percent,execution_ns,"
                "transfer_ns,bytes,flops,mfu,hfu,engines,fused"));
    QCOMPARE(lines.size(), int(agg.rows.size()) + 1);
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const OperatorRow& r = agg.rows[i];
        const QStringList c = csvCells(lines[int(i) + 1]);
        QCOMPARE(c.size(), 17);
        QCOMPARE(c[0], qs(r.name));
        QCOMPARE(c[1].toULongLong(), r.count);
        QCOMPARE(c[2].toLongLong(), r.totalNs);
        QCOMPARE(c[3].toLongLong(), r.selfNs);
        QCOMPARE(c[4].toDouble(), std::round(r.avgNs * 1e3) / 1e3);
        QCOMPARE(c[5].toLongLong(), r.minNs);
        QCOMPARE(c[6].toLongLong(), r.maxNs);
        QCOMPARE(c[7].toDouble(), std::round(r.medianNs * 1e3) / 1e3);
        QCOMPARE(c[8].toDouble(), std::round(r.percent * 1e6) / 1e6);
        QCOMPARE(c[9].toLongLong(), r.executionNs());
        QCOMPARE(c[10].toLongLong(), r.transferNs);
        QCOMPARE(c[11], r.hasBytes ? QString::number(qint64(r.bytes)) : QString());
        QCOMPARE(c[12], r.hasFlops ? QString::number(qint64(r.flops)) : QString());
        QCOMPARE(c[13].isEmpty(), r.mfu < 0);
        if (r.mfu >= 0)
            QCOMPARE(c[13].toDouble(), std::round(r.mfu * 1e6) / 1e6);
        QStringList engines;
        for (const std::string& e : r.engines)
            engines << qs(e);
        QCOMPARE(c[15], engines.join(';'));
        QStringList fused;
        for (const std::string& f : r.fusedMembers)
            fused << qs(f);
        QCOMPARE(c[16], fused.join('+'));
    }
}

void tst_OperatorExport::exportJsonMatchesAggregator()
{
    const TimeRange w { 400, 820 };
    const auto t
        = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, { OperatorLevel::Op }, w, OperatorScope::Device);
    const OperatorTable agg
        = OperatorAggregator::aggregate(*m_hand.store, m_hand.catalog, OperatorLevel::Op, w, OperatorScope::Device);
    const std::string text = report::OperatorExport::opsJson(t->table, TimeRange { 400, 820 });
    QVERIFY(text.back() == '\n');
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    QCOMPARE(o.keys().size(), 8);
    QCOMPARE(o["level"].toString(), QString("op"));
    QCOMPARE(o["scope"].toString(), QString("device"));
    QCOMPARE(o["range_ns"].toArray(), QJsonArray({ 400, 820 }));
    QCOMPARE(o["events"].toInteger(), qint64(agg.events));
    QCOMPARE(o["busy_ns"].toInteger(), agg.busyNs);
    QCOMPARE(o["execution_ns"].toInteger(), agg.executionNs);
    QCOMPARE(o["transfer_ns"].toInteger(), agg.transferNs);
    const QJsonArray rows = o["rows"].toArray();
    QCOMPARE(rows.size(), qsizetype(agg.rows.size()));
    for (size_t i = 0; i < agg.rows.size(); ++i) {
        const QJsonObject r = rows[qsizetype(i)].toObject();
        QCOMPARE(r["name"].toString(), qs(agg.rows[i].name));
        QCOMPARE(r["count"].toInteger(), qint64(agg.rows[i].count));
        QCOMPARE(r["total_ns"].toInteger(), agg.rows[i].totalNs);
        QCOMPARE(r["percent"].toDouble(), std::round(agg.rows[i].percent * 1e6) / 1e6);
        QVERIFY(r["hfu"].isNull());
    }
    // The whole trace writes "range_ns": null, as the CLI without --range.
    const QJsonObject whole
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorExport::opsJson(t->table, std::nullopt)))
              .object();
    QVERIFY(whole["range_ns"].isNull());
}

void tst_OperatorExport::csvQuoting()
{
    using report::OperatorExport;
    QCOMPARE(qs(OperatorExport::csvField("plain")), QString("plain"));
    QCOMPARE(qs(OperatorExport::csvField("a,b")), QString("\"a,b\""));
    QCOMPARE(qs(OperatorExport::csvField("say \"hi\"")), QString("\"say \"\"hi\"\"\""));
    QCOMPARE(qs(OperatorExport::csvField("two\nlines")), QString("\"two\nlines\""));
}

void tst_OperatorExport::treeExports()
{
    const auto t = OperatorTreeBuilder::build(*m_hand.store, m_hand.catalog, levelsOf("framework>op>command"),
        OperatorAggregator::wholeTrace(), OperatorScope::Device);
    const QStringList lines = qs(report::OperatorExport::treeCsv(*t)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), int(t->nodes.size()) + 1);
    QVERIFY(lines[0].startsWith("depth,path,name,count,"));
    QCOMPARE(csvCells(lines[1]).mid(0, 4), QStringList({ "0", "", "fused(bn1+conv1+relu)", "3" }));
    QCOMPARE(csvCells(lines[2]).mid(0, 4), QStringList({ "1", "fused(bn1+conv1+relu)", "conv2d", "2" }));
    QCOMPARE(csvCells(lines[3]).mid(0, 4),
        QStringList(
            { "2", QString::fromUtf8("fused(bn1+conv1+relu) \u203a conv2d"), "0_fused(bn1+conv1+relu)_2", "1" }));
    const QJsonObject o
        = QJsonDocument::fromJson(QByteArray::fromStdString(report::OperatorExport::treeJson(*t, std::nullopt)))
              .object();
    QCOMPARE(o["levels"].toArray(), QJsonArray({ "framework", "op", "command" }));
    const QJsonObject first = o["rows"].toArray()[0].toObject();
    QCOMPARE(first["name"].toString(), QString("fused(bn1+conv1+relu)"));
    QCOMPARE(first["children"].toArray().size(), 2);
    const QJsonObject leaf = first["children"].toArray()[0].toObject()["children"].toArray()[0].toObject();
    QCOMPARE(leaf["name"].toString(), QString("0_fused(bn1+conv1+relu)_2"));
    QVERIFY(!leaf.contains("children"));
}

QTEST_APPLESS_MAIN(tst_OperatorExport)
#include "tst_operatorexport.moc"
