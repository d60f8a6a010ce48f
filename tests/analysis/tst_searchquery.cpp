// SearchQuery: the arg-condition parser ("K=V", "K>V", "K~V", ...), validation, describe().
#include <analysis/search/searchquery.h>

#include <QtTest>

using namespace strata::store;
using namespace strata::analysis;

Q_DECLARE_METATYPE(ArgOp)

class tst_SearchQuery : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void parseErrors_data();
    void parseErrors();
    void textRoundTrip_data();
    void textRoundTrip();
    void validate_data();
    void validate();
    void matchesEverything();
    void describe();
};

void tst_SearchQuery::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("key");
    QTest::addColumn<ArgOp>("op");
    QTest::addColumn<QString>("value");

    QTest::newRow("gt") << "bytes>1000000"
                        << "bytes" << ArgOp::Gt << "1000000";
    QTest::newRow("lt") << "bytes<5"
                        << "bytes" << ArgOp::Lt << "5";
    QTest::newRow("ge") << "bytes>=5"
                        << "bytes" << ArgOp::Ge << "5";
    QTest::newRow("le") << "bytes<=5"
                        << "bytes" << ArgOp::Le << "5";
    QTest::newRow("eq") << "opcode=dot"
                        << "opcode" << ArgOp::Eq << "dot";
    QTest::newRow("eq-double") << "opcode==dot"
                               << "opcode" << ArgOp::Eq << "dot";
    QTest::newRow("ne") << "opcode!=dot"
                        << "opcode" << ArgOp::Ne << "dot";
    QTest::newRow("contains") << "layer~conv"
                              << "layer" << ArgOp::Contains << "conv";
    QTest::newRow("exists") << "source"
                            << "source" << ArgOp::Exists << "";
    QTest::newRow("key with spaces") << "External id=153"
                                     << "External id" << ArgOp::Eq << "153";
    QTest::newRow("spaces trimmed") << "  bytes  >=  10  "
                                    << "bytes" << ArgOp::Ge << "10";
    QTest::newRow("exists trimmed") << "  layer "
                                    << "layer" << ArgOp::Exists << "";
    QTest::newRow("value with operators") << "expr=a<b"
                                          << "expr" << ArgOp::Eq << "a<b";
    QTest::newRow("value with eq") << "expr~x=y"
                                   << "expr" << ArgOp::Contains << "x=y";
    QTest::newRow("eq then gt is value") << "k=>5"
                                         << "k" << ArgOp::Eq << ">5";
    QTest::newRow("quoted keeps spaces") << "name=\" x \""
                                         << "name" << ArgOp::Eq << " x ";
    QTest::newRow("empty value eq") << "tag="
                                    << "tag" << ArgOp::Eq << "";
    QTest::newRow("empty value ne") << "tag!="
                                    << "tag" << ArgOp::Ne << "";
    QTest::newRow("negative number") << "offset<-3.5"
                                     << "offset" << ArgOp::Lt << "-3.5";
    QTest::newRow("flattened key") << "Input Dims[0][1]>=224"
                                   << "Input Dims[0][1]" << ArgOp::Ge << "224";
    QTest::newRow("dotted key") << "occupancy.blockLimit>4"
                                << "occupancy.blockLimit" << ArgOp::Gt << "4";
    QTest::newRow("unicode value") << "name~µs"
                                   << "name" << ArgOp::Contains << "µs";
}

void tst_SearchQuery::parse()
{
    QFETCH(QString, text);
    QFETCH(QString, key);
    QFETCH(ArgOp, op);
    QFETCH(QString, value);
    ArgCondition c;
    std::string error;
    QVERIFY2(SearchQuery::parseArgCondition(text.toStdString(), &c, &error), error.c_str());
    QCOMPARE(QString::fromStdString(c.key), key);
    QCOMPARE(int(c.op), int(op));
    QCOMPARE(QString::fromStdString(c.value), value);
}

void tst_SearchQuery::parseErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("empty") << ""
                           << "no key";
    QTest::newRow("blank") << "   "
                           << "no key";
    QTest::newRow("no key") << "=5"
                            << "no key";
    QTest::newRow("no key gt") << " >5"
                               << "no key";
    QTest::newRow("gt without value") << "bytes>"
                                      << "no value";
    QTest::newRow("le without value") << "bytes<= "
                                      << "no value";
    QTest::newRow("bang alone") << "bytes!5"
                                << "unknown operator";
    QTest::newRow("tilde value (not an error)") << "k~~"
                                                << "";
}

void tst_SearchQuery::parseErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    ArgCondition c;
    std::string error;
    const bool ok = SearchQuery::parseArgCondition(text.toStdString(), &c, &error);
    if (mentions.isEmpty()) { // not an error: "k~~" is key k contains "~"
        QVERIFY(ok);
        QCOMPARE(QString::fromStdString(c.value), QString("~"));
        return;
    }
    QVERIFY(!ok);
    QVERIFY2(QString::fromStdString(error).contains(mentions), error.c_str());
    QVERIFY2(QString::fromStdString(error).contains("expected KEY"), error.c_str());
}

void tst_SearchQuery::textRoundTrip_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("gt") << "bytes > 10"
                        << "bytes>10";
    QTest::newRow("eq2") << "a==b"
                         << "a=b";
    QTest::newRow("exists") << "layer"
                            << "layer";
    QTest::newRow("quoted") << "n=\" x\""
                            << "n=\" x\"";
    QTest::newRow("contains") << "q~out"
                              << "q~out";
}

void tst_SearchQuery::textRoundTrip()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    ArgCondition c;
    QVERIFY(SearchQuery::parseArgCondition(text.toStdString(), &c, nullptr));
    QCOMPARE(QString::fromStdString(c.text()), canonical);
    ArgCondition again;
    QVERIFY(SearchQuery::parseArgCondition(c.text(), &again, nullptr));
    QVERIFY(again == c);
}

void tst_SearchQuery::validate_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("default") << "default" << true << "";
    QTest::newRow("good regex") << "regex:^aten::(conv|linear)" << true << "";
    QTest::newRow("bad regex") << "regex:(conv" << false << "regular expression";
    QTest::newRow("bad regex ignored as substring") << "substring:(conv" << true << "";
    QTest::newRow("min > max") << "dur:10:5" << false << "minimum duration";
    QTest::newRow("min == max") << "dur:5:5" << true << "";
    QTest::newRow("backwards range") << "range:10:5" << false << "time range";
    QTest::newRow("empty range ok") << "range:5:5" << true << "";
    QTest::newRow("empty key") << "emptykey" << false << "no key";
}

void tst_SearchQuery::validate()
{
    QFETCH(QString, what);
    QFETCH(bool, ok);
    QFETCH(QString, mentions);
    SearchQuery q;
    const QStringList w = what.split(':');
    if (w[0] == "regex") {
        q.nameMode = NameMode::Regex;
        q.name = what.mid(6).toStdString();
    } else if (w[0] == "substring") {
        q.name = what.mid(10).toStdString();
    } else if (w[0] == "dur") {
        q.minDur = w[1].toLongLong();
        q.maxDur = w[2].toLongLong();
    } else if (w[0] == "range") {
        q.range = TimeRange { w[1].toLongLong(), w[2].toLongLong() };
    } else if (w[0] == "emptykey") {
        q.args.push_back(ArgCondition { "", ArgOp::Eq, "x" });
    }
    std::string error;
    QCOMPARE(q.validate(&error), ok);
    if (!ok)
        QVERIFY2(QString::fromStdString(error).contains(mentions), error.c_str());
}

void tst_SearchQuery::matchesEverything()
{
    SearchQuery q;
    QVERIFY(q.matchesEverything());
    q.caseSensitive = true; // not a restriction by itself
    QVERIFY(q.matchesEverything());
    q.instants = false;
    QVERIFY(!q.matchesEverything());
    SearchQuery d;
    d.minDur = 0;
    QVERIFY(!d.matchesEverything());
}

void tst_SearchQuery::describe()
{
    SearchQuery q;
    QCOMPARE(QString::fromStdString(q.describe()), QString("everything"));
    q.name = "conv";
    q.nameMode = NameMode::Regex;
    q.category = "kernel";
    ArgCondition c;
    QVERIFY(SearchQuery::parseArgCondition("bytes>1000", &c, nullptr));
    q.args.push_back(c);
    q.minDur = 10;
    QCOMPARE(QString::fromStdString(q.describe()),
        QString("name ~ /conv/i AND cat = \"kernel\" AND \"bytes\" > \"1000\" AND dur >= 10 ns"));
}

QTEST_APPLESS_MAIN(tst_SearchQuery)
#include "tst_searchquery.moc"
