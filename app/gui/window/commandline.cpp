#include "commandline.h"

#include <analysis/time/timetext.h>

#include <QCoreApplication>
#include <QRegularExpression>

namespace strata::app {

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
    , m_compare(QStringList { QStringLiteral("compare") },
          QCoreApplication::translate("CommandLine",
              "Once FILE is open, compare it (A, the baseline) with the profile B: B's timeline shows under "
              "A's, aligned at the trace starts. With --screenshot, the picture waits for B as well."),
          QStringLiteral("B"))
    , m_align(QStringList { QStringLiteral("align") },
          QCoreApplication::translate("CommandLine",
              "With --compare, align B on HOW: trace-start (the default), first-step (the first repeated "
              "step of each), markers (the first marker of each) or selected-event (--select's event in A "
              "and its match in B)."),
          QStringLiteral("HOW"))
    , m_theme(QStringList { QStringLiteral("theme") },
          QCoreApplication::translate("CommandLine",
              "Show the window in THEME: system (the desktop's colours), light or dark, for this run only; "
              "the theme chosen in View > Theme stays saved, e.g. --theme dark --screenshot dark.png."),
          QStringLiteral("THEME"))
    , m_noCache(QStringList { QStringLiteral("no-cache") },
          QCoreApplication::translate("CommandLine",
              "Neither read nor write snapshots in the snapshot cache for this run: FILE (and B) are parsed "
              "from their source. By default a parsed profile is kept as a snapshot in "
              "$XDG_CACHE_HOME/strata/snapshots, so reopening it takes about a second."))
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
    m_parser.addOption(m_compare);
    m_parser.addOption(m_align);
    m_parser.addOption(m_theme);
    m_parser.addOption(m_noCache);
    m_parser.addPositionalArgument(QStringLiteral("FILE"),
        QCoreApplication::translate("CommandLine",
            "The profile to open: a file, or a folder. A folder of per-rank traces, or several FILEs, open "
            "as the ranks of one job."),
        QStringLiteral("[FILE | DIR | FILE1 FILE2 …]"));
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
    // Several files are the ranks of one job (the window decides, as for a folder).
    m_options.files = m_parser.positionalArguments();
    if (!m_options.files.isEmpty())
        m_options.file = m_options.files.first();
    m_options.layout = m_parser.value(m_layout);
    m_options.noCache = m_parser.isSet(m_noCache);
    m_options.screenshot = m_parser.value(m_screenshot);
    m_options.select = m_parser.value(m_select);
    m_options.search = m_parser.value(m_search);
    m_options.compare = m_parser.value(m_compare);
    if (!m_options.compare.isEmpty() && m_options.file.isEmpty()) {
        m_error = QCoreApplication::translate("CommandLine", "--compare needs FILE to compare with.");
        return Result::Error;
    }
    if (m_parser.isSet(m_align)) {
        m_options.align = parseAlignment(m_parser.value(m_align));
        if (!m_options.align || m_options.compare.isEmpty()) {
            m_error = QCoreApplication::translate("CommandLine",
                "--align: '%1' is not trace-start, first-step, markers or selected-event, or --compare is missing.")
                          .arg(m_parser.value(m_align));
            return Result::Error;
        }
    }
    if (m_parser.isSet(m_sourceLine)) {
        const QString v = m_parser.value(m_sourceLine);
        const int colon = v.lastIndexOf(QLatin1Char(':'));
        bool ok = false;
        const uint line = colon > 0 ? v.mid(colon + 1).toUInt(&ok) : 0;
        if (!ok || line == 0) {
            m_error
                = QCoreApplication::translate("CommandLine", "--source-line: '%1' is not SRC:LINE (e.g. model.py:42).")
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
    if (m_parser.isSet(m_theme)) {
        m_options.theme = widgets::Theme::parse(m_parser.value(m_theme));
        if (!m_options.theme) {
            m_error = QCoreApplication::translate("CommandLine", "--theme: '%1' is not system, light or dark.")
                          .arg(m_parser.value(m_theme));
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

std::optional<model::Comparison::Alignment> CommandLine::parseAlignment(const QString& text)
{
    using A = model::Comparison::Alignment;
    static const std::pair<const char*, A> kNames[] = { { "trace-start", A::TraceStart },
        { "first-step", A::FirstStep }, { "markers", A::Markers }, { "selected-event", A::SelectedEvent } };
    for (const auto& [name, how] : kNames) {
        if (text.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return how;
    }
    return std::nullopt;
}

std::optional<RangeSpec> CommandLine::parseRange(const QString& text, QString* error)
{
    std::string why;
    std::optional<RangeSpec> r = analysis::TimeText::parseRange(text.toStdString(), &why);
    if (!r && error)
        *error = QString::fromStdString(why);
    return r;
}

} // namespace strata::app
