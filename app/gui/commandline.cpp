#include "commandline.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace strata::app {

using store::TimeNs;

store::TimeRange RangeSpec::resolve(store::TimeRange trace) const
{
    store::TimeRange r;
    r.start = trace.start + start;
    r.end = end ? trace.start + *end : trace.end;
    return r;
}

CommandLine::CommandLine()
    : m_layout(QStringList { QStringLiteral("l"), QStringLiteral("layout") },
        QCoreApplication::translate("CommandLine", "Arrange the windows with the saved layout NAME."),
        QStringLiteral("NAME"))
    , m_range(QStringList { QStringLiteral("r"), QStringLiteral("range") },
          QCoreApplication::translate("CommandLine",
              "Show only START to END of the trace. Both are times since the trace start: a "
              "plain number is nanoseconds, or add a unit: ns, us (µs), ms, s — e.g. "
              "--range 1.5ms:2ms, --range 0:500us. Leave a side empty for the trace's own "
              "start or end: --range 2ms:"),
          QStringLiteral("START:END"))
    , m_screenshot(QStringList { QStringLiteral("screenshot") },
          QCoreApplication::translate("CommandLine",
              "Open FILE, apply --layout and --range, save a picture of the whole window to PNG "
              "once the timeline has been drawn, and exit (0 on success). Without FILE, "
              "pictures the welcome page."),
          QStringLiteral("PNG"))
    , m_select(QStringList { QStringLiteral("select") },
          QCoreApplication::translate("CommandLine",
              "Once FILE is open, select the longest event whose name contains TEXT (its "
              "details and flows show), e.g. --select conv."),
          QStringLiteral("TEXT"))
    , m_sourceLine(QStringList { QStringLiteral("source-line") },
          QCoreApplication::translate("CommandLine",
              "Once FILE is open, show LINE of the source file SRC in the Code dock and highlight its events "
              "on the timeline, as a click on the line does, e.g. --source-line model.py:42."),
          QStringLiteral("SRC:LINE"))
    , m_search(QStringList { QStringLiteral("search") },
          QCoreApplication::translate("CommandLine",
              "Once FILE is open, search for events whose name contains NAME (the Search dock), highlight "
              "them and select the first."),
          QStringLiteral("NAME"))
{
    m_parser.setApplicationDescription(QCoreApplication::translate("CommandLine",
        "Strata — a profile viewer for AI accelerators (NPUs, TPUs, GPUs).\n"
        "Opens Chrome Trace Event JSON (.json, .json.gz, .json.zst) and other supported "
        "profiles; the format is recognised by content."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addOption(m_layout);
    m_parser.addOption(m_range);
    m_parser.addOption(m_screenshot);
    m_parser.addOption(m_select);
    m_parser.addOption(m_sourceLine);
    m_parser.addOption(m_search);
    m_parser.addPositionalArgument(QStringLiteral("FILE"),
        QCoreApplication::translate("CommandLine", "The profile to open."), QStringLiteral("[FILE]"));
}

CommandLine::Result CommandLine::parse(const QStringList& arguments)
{
    m_options = StartupOptions();
    m_error.clear();
    if (!m_parser.parse(arguments)) {
        m_error = m_parser.errorText();
        return Result::Error;
    }
    if (m_parser.isSet(QStringLiteral("help")) || m_parser.isSet(QStringLiteral("help-all")))
        return Result::Help;
    if (m_parser.isSet(QStringLiteral("version")))
        return Result::Version;
    const QStringList files = m_parser.positionalArguments();
    if (files.size() > 1) {
        m_error = QCoreApplication::translate("CommandLine", "Only one FILE can be opened; got %1.").arg(files.size());
        return Result::Error;
    }
    if (!files.isEmpty())
        m_options.file = files.first();
    m_options.layout = m_parser.value(m_layout);
    m_options.screenshot = m_parser.value(m_screenshot);
    m_options.select = m_parser.value(m_select);
    m_options.search = m_parser.value(m_search);
    if (m_parser.isSet(m_sourceLine)) {
        const QString v = m_parser.value(m_sourceLine);
        const int colon = v.lastIndexOf(QLatin1Char(':'));
        bool ok = false;
        const uint line = colon > 0 ? v.mid(colon + 1).toUInt(&ok) : 0;
        if (!ok || line == 0) {
            m_error = QCoreApplication::translate("CommandLine", "--source-line: '%1' is not SRC:LINE (e.g. model.py:42).")
                          .arg(v);
            return Result::Error;
        }
        m_options.sourceFile = v.left(colon);
        m_options.sourceLine = line;
    }
    if (m_parser.isSet(m_range)) {
        QString why;
        m_options.range = parseRange(m_parser.value(m_range), &why);
        if (!m_options.range) {
            m_error = QStringLiteral("--range: ") + why;
            return Result::Error;
        }
    }
    if (m_parser.isSet(m_screenshot) && m_options.screenshot.isEmpty()) {
        m_error = QCoreApplication::translate("CommandLine", "--screenshot needs a PNG file name.");
        return Result::Error;
    }
    return Result::Ok;
}

QString CommandLine::helpText() const
{
    // Parsed before the QApplication exists (so --help needs no display), the parser does
    // not know the program's name; and it should read "strata" even when run as a test.
    QString text = m_parser.helpText();
    text.replace(QRegularExpression(QStringLiteral("^Usage: \\S+")), QStringLiteral("Usage: strata"));
    return text;
}

std::optional<TimeNs> CommandLine::parseTime(const QString& text, QString* error)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d*)(?:\\.(\\d*))?\\s*(ns|us|µs|μs|ms|s)?\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch() || (m.captured(1).isEmpty() && m.captured(2).isEmpty())) {
        if (error)
            *error = QCoreApplication::translate(
                "CommandLine", "'%1' is not a time; use a number of nanoseconds or a number with ns, us, ms or s.")
                         .arg(text);
        return std::nullopt;
    }
    const QString unit = m.captured(3).toLower();
    int digits = 0; // decimal digits of one unit in ns
    if (unit == QLatin1String("s"))
        digits = 9;
    else if (unit == QLatin1String("ms"))
        digits = 6;
    else if (unit == QLatin1String("us") || unit == QStringLiteral("µs") || unit == QStringLiteral("μs"))
        digits = 3;
    // Exact decimal: "1.5" ms = "1" followed by the fraction's first 6 digits, padded.
    QString frac = m.captured(2);
    const bool roundUp = frac.size() > digits && frac[digits] >= QLatin1Char('5');
    frac = frac.left(digits).leftJustified(digits, QLatin1Char('0'));
    QString all = m.captured(1) + frac;
    while (all.size() > 1 && all.startsWith(QLatin1Char('0')))
        all.remove(0, 1);
    bool ok = all.size() <= 19; // toLongLong reports what still overflows
    if (all.isEmpty())
        return TimeNs(roundUp ? 1 : 0);
    TimeNs value = ok ? all.toLongLong(&ok) : 0;
    if (!ok) {
        if (error)
            *error = QCoreApplication::translate("CommandLine", "'%1' is too large.").arg(text);
        return std::nullopt;
    }
    return value + (roundUp ? 1 : 0);
}

std::optional<RangeSpec> CommandLine::parseRange(const QString& text, QString* error)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2) {
        if (error)
            *error = QCoreApplication::translate("CommandLine", "'%1' is not START:END (e.g. 1.5ms:2ms).").arg(text);
        return std::nullopt;
    }
    RangeSpec r;
    if (!parts[0].trimmed().isEmpty()) {
        const auto t = parseTime(parts[0], error);
        if (!t)
            return std::nullopt;
        r.start = *t;
    }
    if (!parts[1].trimmed().isEmpty()) {
        const auto t = parseTime(parts[1], error);
        if (!t)
            return std::nullopt;
        if (*t <= r.start) {
            if (error)
                *error = QCoreApplication::translate("CommandLine", "END must be after START in '%1'.").arg(text);
            return std::nullopt;
        }
        r.end = *t;
    }
    return r;
}

} // namespace strata::app
