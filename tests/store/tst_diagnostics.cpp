#include <store/diagnostics.h>

#include <QtTest>

#include <string>

using strata::store::Diagnostics;

class tst_Diagnostics : public QObject {
    Q_OBJECT

private slots:
    void emptyByDefault();
    void count_data();
    void count();
    void reportKeepsMessage();
    void reportIsBounded_data();
    void reportIsBounded();
    void merge_data();
    void merge();
};

void tst_Diagnostics::emptyByDefault()
{
    Diagnostics d;
    QVERIFY(d.empty());
    QCOMPARE(d.get("anything"), quint64(0));
    QVERIFY(d.counts().empty());
    QVERIFY(d.messages().empty());
    QVERIFY(d.empty()); // get() must not insert
}

void tst_Diagnostics::count_data()
{
    // A list of "kind:n" increments; expected totals of kinds a and b.
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<quint64>("a");
    QTest::addColumn<quint64>("b");
    QTest::addColumn<int>("kinds");
    QTest::newRow("one") << QStringList { "a:1" } << quint64(1) << quint64(0) << 1;
    QTest::newRow("same kind adds up") << QStringList { "a:1", "a:1", "a:1" } << quint64(3) << quint64(0) << 1;
    QTest::newRow("n at once") << QStringList { "a:5", "a:7" } << quint64(12) << quint64(0) << 1;
    QTest::newRow("two kinds") << QStringList { "a:2", "b:3", "a:1" } << quint64(3) << quint64(3) << 2;
    QTest::newRow("large") << QStringList { "b:4294967296", "b:1" } << quint64(0) << quint64(4294967297ull) << 1;
}

void tst_Diagnostics::count()
{
    QFETCH(QStringList, steps);
    QFETCH(quint64, a);
    QFETCH(quint64, b);
    QFETCH(int, kinds);
    Diagnostics d;
    for (const QString& s : steps) {
        const QStringList kv = s.split(':');
        d.count(kv[0].toStdString(), kv[1].toULongLong());
    }
    QCOMPARE(d.get("a"), a);
    QCOMPARE(d.get("b"), b);
    QCOMPARE(int(d.counts().size()), kinds);
    QVERIFY(!d.empty());
    QVERIFY(d.messages().empty()); // count() keeps no message
}

void tst_Diagnostics::reportKeepsMessage()
{
    Diagnostics d;
    d.report("end_without_begin", "E at byte 120 has no open B");
    d.report("end_without_begin", "E at byte 300 has no open B");
    d.report("unknown_phase", "ph 'Z' at byte 512");
    QCOMPARE(d.get("end_without_begin"), quint64(2));
    QCOMPARE(d.get("unknown_phase"), quint64(1));
    QCOMPARE(d.messages().size(), size_t(3));
    QCOMPARE(QString::fromStdString(d.messages()[0]), QString("end_without_begin: E at byte 120 has no open B"));
    QCOMPARE(QString::fromStdString(d.messages()[1]), QString("end_without_begin: E at byte 300 has no open B"));
    QCOMPARE(QString::fromStdString(d.messages()[2]), QString("unknown_phase: ph 'Z' at byte 512"));
    // counts() is ordered by kind.
    QCOMPARE(QString::fromStdString(d.counts().begin()->first), QString("end_without_begin"));
}

void tst_Diagnostics::reportIsBounded_data()
{
    QTest::addColumn<int>("reports");
    QTest::addColumn<int>("kept");
    QTest::newRow("49") << 49 << 49;
    QTest::newRow("50") << 50 << 50;
    QTest::newRow("51") << 51 << 50;
    QTest::newRow("10000") << 10000 << 50;
}

void tst_Diagnostics::reportIsBounded()
{
    QFETCH(int, reports);
    QFETCH(int, kept);
    QCOMPARE(Diagnostics::kMaxMessages, size_t(50));
    Diagnostics d;
    for (int i = 0; i < reports; ++i)
        d.report("overlap", "m" + std::to_string(i));
    QCOMPARE(d.get("overlap"), quint64(reports)); // every report is counted
    QCOMPARE(int(d.messages().size()), kept);
    QCOMPARE(QString::fromStdString(d.messages().front()), QString("overlap: m0"));
    QCOMPARE(QString::fromStdString(d.messages().back()), QString("overlap: m%1").arg(kept - 1));
}

void tst_Diagnostics::merge_data()
{
    QTest::addColumn<int>("messagesA");
    QTest::addColumn<int>("messagesB");
    QTest::addColumn<int>("kept");
    QTest::newRow("both empty") << 0 << 0 << 0;
    QTest::newRow("into empty") << 0 << 3 << 3;
    QTest::newRow("from empty") << 3 << 0 << 3;
    QTest::newRow("under the bound") << 20 << 20 << 40;
    QTest::newRow("crosses the bound") << 45 << 10 << 50;
    QTest::newRow("already full") << 50 << 5 << 50;
}

void tst_Diagnostics::merge()
{
    QFETCH(int, messagesA);
    QFETCH(int, messagesB);
    QFETCH(int, kept);
    Diagnostics a, b;
    for (int i = 0; i < messagesA; ++i)
        a.report("x", "a" + std::to_string(i));
    for (int i = 0; i < messagesB; ++i)
        b.report("y", "b" + std::to_string(i));
    a.count("shared", 2);
    b.count("shared", 5);
    b.count("only_b", 1);
    a.merge(b);
    QCOMPARE(a.get("x"), quint64(messagesA));
    QCOMPARE(a.get("y"), quint64(messagesB));
    QCOMPARE(a.get("shared"), quint64(7));
    QCOMPARE(a.get("only_b"), quint64(1));
    QCOMPARE(int(a.messages().size()), kept);
    // A's own messages come first, then B's in order.
    if (messagesA > 0)
        QCOMPARE(QString::fromStdString(a.messages().front()), QString("x: a0"));
    if (kept > messagesA)
        QCOMPARE(QString::fromStdString(a.messages()[size_t(messagesA)]), QString("y: b0"));
    // The source is unchanged.
    QCOMPARE(b.get("shared"), quint64(5));
    QCOMPARE(int(b.messages().size()), messagesB);
}

QTEST_APPLESS_MAIN(tst_Diagnostics)
#include "tst_diagnostics.moc"
