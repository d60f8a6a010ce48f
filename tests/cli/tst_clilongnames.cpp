// strata-cli's text tables on names that share 60-character starts (tests/data/
// chrome_long_names_{a,b}.json: autograd functions and templated kernels, as PyTorch traces
// hold them): `ops`, `latency` and `diff` show every row's name distinct, within its column,
// and whole with --wide; their JSON keeps the names whole.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>
#include <support/sourcedir.h>

#include "clirun.h"

namespace {

QString dataPath(const char* name)
{
    return strata::test::sourcePath("/tests/data/") + QLatin1String(name);
}

const QString autogradPrefix = "autograd::engine::evaluate_function: torch::autograd::generated::";

// The table's rows below the header line starting with `header`: the name column is as wide
// as the header's first word and the spaces after it.
QStringList shownNames(const QString& out, const QString& header)
{
    const QStringList lines = out.split('\n');
    int at = -1;
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].startsWith(header + ' '))
            at = i;
    if (at < 0)
        return {};
    static const QRegularExpression firstGap(QStringLiteral("^\\S+\\s+"));
    const int width = int(firstGap.match(lines[at]).capturedLength()) - 1;
    QStringList names;
    for (int i = at + 1; i < lines.size() && !lines[i].isEmpty(); ++i)
        names << lines[i].left(width).trimmed();
    return names;
}

} // namespace

class tst_CliLongNames : public QObject {
    Q_OBJECT
private slots:
    void distinct_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("header");
        QTest::addColumn<int>("rows");
        const QString a = dataPath("chrome_long_names_a.json"), b = dataPath("chrome_long_names_b.json");
        QTest::newRow("diff") << QStringList { "diff", a, b } << "name" << 8;
        QTest::newRow("diff --level name") << QStringList { "diff", a, b, "--level", "name" } << "name" << 8;
        QTest::newRow("ops") << QStringList { "ops", b } << "name" << 8;
        QTest::newRow("ops --limit 3") << QStringList { "ops", b, "--limit", "3" } << "name" << 3;
        QTest::newRow("latency") << QStringList { "latency", b } << "operator" << 8;
    }

    // Every row's name is shown distinct and within the column; --wide shows them whole.
    void distinct()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, header);
        QFETCH(int, rows);
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 0);
        const QStringList names = shownNames(QString::fromUtf8(r.out), header);
        QCOMPARE(names.size(), rows);
        QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
        for (const QString& name : names)
            QVERIFY2(!name.contains(autogradPrefix) || name.length() <= 80, qPrintable(name));
        QVERIFY(std::any_of(names.begin(), names.end(), [](const QString& n) { return n.contains("..."); }));

        const Run wide = runCli(args + QStringList { "--wide" });
        QCOMPARE(wide.exitCode, 0);
        const QStringList whole = shownNames(QString::fromUtf8(wide.out), header);
        QCOMPARE(whole.size(), rows);
        QVERIFY(whole.contains(autogradPrefix + "AddmmBackward0") || rows < 8);
        for (const QString& name : whole)
            QVERIFY2(!name.contains("..."), qPrintable(name));
    }

    // The JSON never shortens a name.
    void jsonWhole()
    {
        const Run r = runCli({ "ops", dataPath("chrome_long_names_b.json"), "--json" });
        QCOMPARE(r.exitCode, 0);
        QSet<QString> names;
        for (const auto& row : QJsonDocument::fromJson(r.out).object().value("rows").toArray())
            names << row.toObject().value("name").toString();
        QVERIFY2(names.contains(autogradPrefix + "MulBackward0"), qPrintable(QStringList(names.values()).join('\n')));
    }
};

QTEST_GUILESS_MAIN(tst_CliLongNames)
#include "tst_clilongnames.moc"
