// The CLI reference against the declaration: every command `strata-cli --help` lists has a
// section in docs/cli.md and in the man page (packaging/man/strata-cli.1), each option its
// `--help` lists has a row in the docs' option table and is named in the man page's section,
// and the docs' tables name no option the command does not have. The options are read from the built strata-cli, so an
// option added to a command's declaration without its documentation fails here.
#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <support/sourcedir.h>

#include "clirun.h"

namespace {

QString readSource(const QString& relative)
{
    QFile f(strata::test::sourcePath("/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return QString::fromUtf8(f.readAll());
}

// The lines of a --help section ("Commands:", "Options:") up to the next blank line.
QStringList section(const QString& help, const QString& title)
{
    QStringList out;
    bool in = false;
    for (const QString& line : help.split('\n')) {
        if (line.startsWith(title)) {
            in = true;
            continue;
        }
        if (in && line.trimmed().isEmpty())
            break;
        if (in)
            out << line;
    }
    return out;
}

QStringList commands()
{
    const Run r = runCli({ "--help" });
    QStringList out;
    for (const QString& line : section(QString::fromUtf8(r.out), "Commands:")) {
        static const QRegularExpression name(QStringLiteral("^  ([a-z][a-z-]*)\\s"));
        if (const auto m = name.match(line); m.hasMatch())
            out << m.captured(1);
    }
    return out;
}

// The names of a command's options as its --help lists them ("-o,--output OUT.strata ...").
QStringList optionsOf(const QString& command)
{
    const Run r = runCli({ command, "--help" });
    QStringList out;
    static const QRegularExpression option(QStringLiteral("^  (-[^\\s]+)"));
    for (const QString& line : section(QString::fromUtf8(r.out), "Options:"))
        if (const auto m = option.match(line); m.hasMatch())
            out << m.captured(1).split(',');
    return out;
}

// The text from `start` to the first of `ends` after it; empty when `start` is absent.
QString between(const QString& text, const QString& start, const QStringList& ends)
{
    const int from = text.indexOf(start);
    if (from < 0)
        return QString();
    int to = text.size();
    for (const QString& e : ends) {
        const int at = text.indexOf(e, from + start.size());
        if (at >= 0)
            to = std::min(to, at);
    }
    return text.mid(from, to - from);
}

bool names(const QString& text, const QString& option)
{
    const QRegularExpression re(
        QStringLiteral("(?<![\\w-])") + QRegularExpression::escape(option) + QStringLiteral("(?![\\w-])"));
    return re.match(text).hasMatch();
}

// The man page as text: "\-" is a hyphen, font changes are dropped.
QString manText()
{
    QString man = readSource(QStringLiteral("packaging/man/strata-cli.1"));
    man.replace(QStringLiteral("\\-"), QStringLiteral("-"));
    man.remove(QRegularExpression(QStringLiteral("\\\\f[BIRP]")));
    return man;
}

bool common(const QString& option)
{
    return option == "-h" || option == "--help" || option == "--no-cache";
}

} // namespace

class tst_CliReference : public QObject {
    Q_OBJECT
private slots:
    void commandsListed()
    {
        const QStringList list = commands();
        QVERIFY2(list.size() >= 7, qPrintable(list.join(' ')));
        for (const char* c : { "diff", "info", "latency", "ops", "search", "snapshot", "summary" })
            QVERIFY2(list.contains(c), c);
    }

    void commonOptions()
    {
        const QString docs = between(readSource("docs/cli.md"), "## Common to every command", { "\n## " });
        const QString man = between(manText(), ".SH OPTIONS", { ".SH " });
        for (const QString& command : commands())
            for (const QString& option : optionsOf(command))
                if (common(option)) {
                    QVERIFY2(names(docs, option), qPrintable("docs/cli.md does not name " + option));
                    QVERIFY2(names(man, option), qPrintable("strata-cli.1 does not name " + option));
                }
    }

    void commandDocumented_data()
    {
        QTest::addColumn<QString>("command");
        for (const QString& c : commands())
            QTest::newRow(qPrintable(c)) << c;
    }

    void commandDocumented()
    {
        QFETCH(QString, command);
        const QStringList options = optionsOf(command);
        QVERIFY2(options.contains("--help") && options.contains("--no-cache"), qPrintable(options.join(' ')));
        const QString docs = between(readSource("docs/cli.md"), "\n## " + command + "\n", { "\n## " });
        const QString man = between(manText(), "\n.SS " + command + "\n", { "\n.SS ", "\n.SH " });
        QVERIFY2(!docs.isEmpty(), qPrintable("docs/cli.md has no section \"## " + command + "\""));
        QVERIFY2(!man.isEmpty(), qPrintable("strata-cli.1 has no section \".SS " + command + "\""));
        // The docs' option table: the first cell of each row names the options it describes.
        QStringList documented;
        static const QRegularExpression row(QStringLiteral("^\\|([^|]*)\\|"), QRegularExpression::MultilineOption);
        static const QRegularExpression name(QStringLiteral("`(-{1,2}[\\w-]+)"));
        for (auto rows = row.globalMatch(docs); rows.hasNext();)
            for (auto names = name.globalMatch(rows.next().captured(1)); names.hasNext();)
                documented << names.next().captured(1);
        for (const QString& option : options) {
            if (common(option))
                continue;
            QVERIFY2(documented.contains(option),
                qPrintable("docs/cli.md, " + command + ": " + option + " has no row in the option table"));
            QVERIFY2(names(man, option), qPrintable("strata-cli.1, " + command + ": " + option + " is not named"));
        }
        for (const QString& option : documented)
            QVERIFY2(options.contains(option),
                qPrintable("docs/cli.md, " + command + ": " + option + " is not an option of the command"));
    }
};

QTEST_APPLESS_MAIN(tst_CliReference)
#include "tst_clireference.moc"
