#include <loading/openrequest.h>
#include <window/commandline.h>

#include <QTest>

using strata::app::CommandLine;

class tst_CommandLine : public QObject {
    Q_OBJECT
private slots:
    // The times themselves are analysis::TimeText's (tst_timetext); this checks what the
    // command line makes of them.
    void rangeReachesTheOptions()
    {
        CommandLine cli;
        QCOMPARE(cli.parse({ "strata", "t.json", "--range", "1.5ms:" }), CommandLine::Result::Ok);
        QVERIFY(cli.options().range);
        QCOMPARE(cli.options().range->start, 1500000LL);
        QVERIFY(!cli.options().range->end);
        const auto r = CommandLine::parseRange(QStringLiteral("500us:1s"));
        QVERIFY(r);
        QCOMPARE(r->start, 500000LL);
        QCOMPARE(*r->end, 1000000000LL);
    }

    void rangeErrorNamesTheOption()
    {
        CommandLine cli;
        QCOMPARE(cli.parse({ "strata", "--range", "2ms:1ms" }), CommandLine::Result::Error);
        QVERIFY2(cli.errorText().startsWith(QStringLiteral("--range: ")), qPrintable(cli.errorText()));
        QVERIFY2(cli.errorText().contains(QStringLiteral("2ms:1ms")), qPrintable(cli.errorText()));
        QString error;
        QVERIFY(!CommandLine::parseRange(QStringLiteral("1ms:soon"), &error));
        QVERIFY2(error.contains(QStringLiteral("soon")), qPrintable(error));
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
        QTest::newRow("two files: a job") << QStringList { "a.json", "b.json" } << ok << "a.json"
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

    // A folder is one path (a profile or a job, decided when it loads); several files are
    // the ranks of one job, named by the folder they share. --compare's B stays one profile.
    void filesGiveTheRequest_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("one file") << QStringList { "/d/t.json" } << "/d/t.json" << QStringList {};
        QTest::newRow("a folder") << QStringList { "/runs/job8" } << "/runs/job8" << QStringList {};
        QTest::newRow("several files") << QStringList { "/runs/job8/rank-1.json", "/runs/job8/rank-0.json", "--select",
            "nccl" } << "/runs/job8" << QStringList { "/runs/job8/rank-1.json", "/runs/job8/rank-0.json" };
        QTest::newRow("files of two folders") << QStringList { "/runs/a/w0.json", "/runs/b/w1.json" } << "/runs"
                                              << QStringList { "/runs/a/w0.json", "/runs/b/w1.json" };
        QTest::newRow("a job compared with one profile") << QStringList { "/j/w0.json", "/j/w1.json", "--compare",
            "/k/b.json" } << "/j" << QStringList { "/j/w0.json", "/j/w1.json" };
    }

    void filesGiveTheRequest()
    {
        QFETCH(QStringList, args);
        CommandLine cli;
        QCOMPARE(cli.parse(QStringList { QStringLiteral("strata") } + args), CommandLine::Result::Ok);
        const auto request = strata::app::OpenRequest::fromCommandLine(cli.options());
        QTEST(request.path, "path");
        QTEST(request.paths, "paths");
        QVERIFY(request.alignment.isEmpty()); // the job's default
        QCOMPARE(request.inputs(), request.paths.isEmpty() ? QStringList { request.path } : request.paths);
        QCOMPARE(request.select, args.contains(QStringLiteral("--select")) ? QStringLiteral("nccl") : QString());
        QCOMPARE(request.compare, args.contains(QStringLiteral("--compare")) ? QStringLiteral("/k/b.json") : QString());
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
        QTest::newRow("path with a drive colon")
            << QStringList { "--source-line", "C:/src/k.py:7" } << true << "C:/src/k.py" << 7u << "";
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

    void compare_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("compare");
        QTest::newRow("A and B") << QStringList { "a.json", "--compare", "b.json" } << true << "b.json";
        QTest::newRow("with a screenshot")
            << QStringList { "--screenshot", "c.png", "a.json", "--compare", "b.json" } << true << "b.json";
        QTest::newRow("no compare") << QStringList { "a.json" } << true << "";
        QTest::newRow("B without A") << QStringList { "--compare", "b.json" } << false << "";
        QTest::newRow("aligned on the first step")
            << QStringList { "a.json", "--compare", "b.json", "--align", "first-step" } << true << "b.json";
        QTest::newRow("unknown alignment")
            << QStringList { "a.json", "--compare", "b.json", "--align", "middle" } << false << "";
        QTest::newRow("align without compare") << QStringList { "a.json", "--align", "markers" } << false << "";
    }

    void compare()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, ok);
        CommandLine cli;
        args.prepend(QStringLiteral("strata"));
        QCOMPARE(cli.parse(args) == CommandLine::Result::Ok, ok);
        if (!ok) {
            QVERIFY(cli.errorText().contains(QStringLiteral("--compare")));
            QVERIFY(!cli.options().align || cli.options().compare.isEmpty());
            return;
        }
        QTEST(cli.options().compare, "compare");
        QCOMPARE(strata::app::OpenRequest::fromCommandLine(cli.options()).compare, cli.options().compare);
        QCOMPARE(cli.options().align.has_value(), args.contains(QStringLiteral("--align")));
        if (cli.options().align)
            QCOMPARE(*cli.options().align, strata::model::Comparison::Alignment::FirstStep);
    }

    void theme_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("theme"); // empty: not given
        QTest::newRow("not given") << QStringList { "t.json" } << true << "";
        QTest::newRow("dark") << QStringList { "--theme", "dark", "t.json" } << true << "dark";
        QTest::newRow("light") << QStringList { "--theme=light" } << true << "light";
        QTest::newRow("system") << QStringList { "--theme", "system" } << true << "system";
        QTest::newRow("upper case") << QStringList { "--theme", "DARK" } << true << "dark";
        QTest::newRow("unknown") << QStringList { "--theme", "sepia" } << false << "";
        QTest::newRow("missing value") << QStringList { "--theme" } << false << "";
    }

    void theme()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, ok);
        QFETCH(QString, theme);
        CommandLine cli;
        args.prepend(QStringLiteral("strata"));
        QCOMPARE(cli.parse(args) == CommandLine::Result::Ok, ok);
        if (!ok) {
            QVERIFY(cli.errorText().contains(QStringLiteral("theme")));
            return;
        }
        QCOMPARE(cli.options().theme ? strata::widgets::Theme::key(*cli.options().theme) : QString(), theme);
    }

    void noCache_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("noCache");
        QTest::newRow("default: the cache is on") << QStringList { "t.json" } << false;
        QTest::newRow("--no-cache") << QStringList { "--no-cache", "t.json" } << true;
        QTest::newRow("after the file, with a screenshot")
            << QStringList { "t.json", "--screenshot", "o.png", "--no-cache" } << true;
    }

    void noCache()
    {
        QFETCH(QStringList, args);
        CommandLine cli;
        args.prepend(QStringLiteral("strata"));
        QCOMPARE(cli.parse(args), CommandLine::Result::Ok);
        QTEST(cli.options().noCache, "noCache");
        QCOMPARE(cli.options().file, QStringLiteral("t.json"));
        QVERIFY(cli.helpText().contains(QStringLiteral("--no-cache")));
    }

    void helpDocumentsRange()
    {
        CommandLine cli;
        const QString help = cli.helpText();
        QVERIFY(help.startsWith(QStringLiteral("Usage: strata")));
        QVERIFY(help.contains(QStringLiteral("--range <START:END>")));
        QVERIFY(help.contains(QStringLiteral("1.5ms")));
        QVERIFY(help.contains(QStringLiteral("--screenshot <PNG>")));
        QVERIFY(help.contains(QStringLiteral("--theme <THEME>")));
    }
};

QTEST_GUILESS_MAIN(tst_CommandLine)
#include "tst_commandline.moc"
