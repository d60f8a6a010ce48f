#include "commandline.h"

#include <QTest>

using strata::app::CommandLine;
using strata::app::RangeSpec;

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void parseTime_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qlonglong>("ns");
        QTest::newRow("plain ns") << "1500" << true << 1500LL;
        QTest::newRow("zero") << "0" << true << 0LL;
        QTest::newRow("ns unit") << "42ns" << true << 42LL;
        QTest::newRow("us") << "1.5us" << true << 1500LL;
        QTest::newRow("µs") << "2µs" << true << 2000LL;
        QTest::newRow("ms fraction") << "1.5ms" << true << 1500000LL;
        QTest::newRow("ms leading dot") << ".25ms" << true << 250000LL;
        QTest::newRow("s with space") << "0.25 s" << true << 250000000LL;
        QTest::newRow("upper-case unit") << "3MS" << true << 3000000LL;
        QTest::newRow("sub-ns rounds") << "1.0006us" << true << 1001LL;
        QTest::newRow("exact large s") << "1700000000.123456789s" << true << 1700000000123456789LL;
        QTest::newRow("negative") << "-5ms" << false << 0LL;
        QTest::newRow("unknown unit") << "5min" << false << 0LL;
        QTest::newRow("empty") << "" << false << 0LL;
        QTest::newRow("dot only") << "." << false << 0LL;
        QTest::newRow("too large") << "99999999999999999999" << false << 0LL;
    }

    void parseTime()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QString error;
        const auto t = CommandLine::parseTime(text, &error);
        QCOMPARE(bool(t), ok);
        if (ok)
            QTEST(qlonglong(*t), "ns");
        else
            QVERIFY(!error.isEmpty());
    }

    void parseRange_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("end"); // -1: open
        QTest::newRow("units") << "1.5ms:2ms" << true << 1500000LL << 2000000LL;
        QTest::newRow("ns") << "0:500" << true << 0LL << 500LL;
        QTest::newRow("mixed units") << "500us:1s" << true << 500000LL << 1000000000LL;
        QTest::newRow("open end") << "2ms:" << true << 2000000LL << -1LL;
        QTest::newRow("open start") << ":2ms" << true << 0LL << 2000000LL;
        QTest::newRow("whole") << ":" << true << 0LL << -1LL;
        QTest::newRow("end before start") << "2ms:1ms" << false << 0LL << 0LL;
        QTest::newRow("empty span") << "1ms:1ms" << false << 0LL << 0LL;
        QTest::newRow("no colon") << "1ms" << false << 0LL << 0LL;
        QTest::newRow("two colons") << "1:2:3" << false << 0LL << 0LL;
        QTest::newRow("bad time") << "a:b" << false << 0LL << 0LL;
    }

    void parseRange()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QString error;
        const auto r = CommandLine::parseRange(text, &error);
        QCOMPARE(bool(r), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            return;
        }
        QTEST(qlonglong(r->start), "start");
        QTEST(qlonglong(r->end ? *r->end : -1), "end");
    }

    void resolveAgainstTrace()
    {
        RangeSpec r { 1000, 5000 };
        const auto abs = r.resolve({ 1'000'000'000, 2'000'000'000 });
        QCOMPARE(abs.start, 1'000'001'000LL);
        QCOMPARE(abs.end, 1'000'005'000LL);
        RangeSpec open { 1000, std::nullopt };
        QCOMPARE(open.resolve({ 10, 99999 }).end, 99999LL);
    }

    void arguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("result");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("screenshot");
        QTest::addColumn<bool>("hasRange");
        const int ok = int(CommandLine::Result::Ok), err = int(CommandLine::Result::Error);
        QTest::newRow("nothing") << QStringList {} << ok << ""
                                 << ""
                                 << "" << false;
        QTest::newRow("file") << QStringList { "t.json" } << ok << "t.json"
                              << ""
                              << "" << false;
        QTest::newRow("everything") << QStringList { "t.json", "--layout", "Wide", "--range", "1ms:2ms", "--screenshot",
            "o.png" } << ok << "t.json"
                                    << "Wide"
                                    << "o.png" << true;
        QTest::newRow("short options") << QStringList { "-l", "Mine", "-r", "0:5us", "t.json" } << ok << "t.json"
                                       << "Mine"
                                       << "" << true;
        QTest::newRow("welcome screenshot") << QStringList { "--screenshot", "w.png" } << ok << ""
                                            << ""
                                            << "w.png" << false;
        QTest::newRow("bad range") << QStringList { "t.json", "--range", "5ms" } << err << ""
                                   << ""
                                   << "" << false;
        QTest::newRow("two files") << QStringList { "a.json", "b.json" } << err << ""
                                   << ""
                                   << "" << false;
        QTest::newRow("unknown option") << QStringList { "--frobnicate" } << err << ""
                                        << ""
                                        << "" << false;
        QTest::newRow("help") << QStringList { "--help" } << int(CommandLine::Result::Help) << ""
                              << ""
                              << "" << false;
    }

    void arguments()
    {
        QFETCH(QStringList, args);
        QFETCH(int, result);
        CommandLine cli;
        args.prepend(QStringLiteral("strata"));
        QCOMPARE(int(cli.parse(args)), result);
        if (result == int(CommandLine::Result::Error)) {
            QVERIFY(!cli.errorText().isEmpty());
            return;
        }
        if (result != int(CommandLine::Result::Ok))
            return;
        QTEST(cli.options().file, "file");
        QTEST(cli.options().layout, "layout");
        QTEST(cli.options().screenshot, "screenshot");
        QTEST(bool(cli.options().range), "hasRange");
    }

    void sourceLineAndSearch_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("sourceFile");
        QTest::addColumn<uint>("sourceLine");
        QTest::addColumn<QString>("search");
        QTest::newRow("source line") << QStringList { "t.json", "--source-line", "model.py:42" } << true << "model.py"
                                     << 42u << "";
        QTest::newRow("path with a drive colon") << QStringList { "--source-line", "C:/src/k.py:7" } << true
                                                 << "C:/src/k.py" << 7u << "";
        QTest::newRow("search") << QStringList { "t.json", "--search", "conv" } << true << "" << 0u << "conv";
        QTest::newRow("no line") << QStringList { "--source-line", "model.py" } << false << "" << 0u << "";
        QTest::newRow("line zero") << QStringList { "--source-line", "model.py:0" } << false << "" << 0u << "";
        QTest::newRow("line not a number") << QStringList { "--source-line", "model.py:x" } << false << "" << 0u << "";
    }

    void sourceLineAndSearch()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, ok);
        CommandLine cli;
        args.prepend(QStringLiteral("strata"));
        QCOMPARE(cli.parse(args) == CommandLine::Result::Ok, ok);
        if (!ok) {
            QVERIFY(cli.errorText().contains(QStringLiteral("--source-line")));
            return;
        }
        QTEST(cli.options().sourceFile, "sourceFile");
        QTEST(cli.options().sourceLine, "sourceLine");
        QTEST(cli.options().search, "search");
    }

    void helpDocumentsRange()
    {
        CommandLine cli;
        const QString help = cli.helpText();
        QVERIFY(help.startsWith(QStringLiteral("Usage: strata")));
        QVERIFY(help.contains(QStringLiteral("--range <START:END>")));
        QVERIFY(help.contains(QStringLiteral("1.5ms")));
        QVERIFY(help.contains(QStringLiteral("--screenshot <PNG>")));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
