#pragma once
#include <analysis/time/relativerange.h>
#include <common/theme.h>
#include <state/comparison.h>

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace strata::app {

// A --range argument: times after the trace start, resolved once the trace is known.
using RangeSpec = analysis::RelativeRange;

struct StartupOptions {
    QString file; // the one FILE or DIR; with several, the first
    QStringList files; // every FILE given: several open as the ranks of one job
    QString layout;
    QString screenshot;
    QString select; // select the longest slice whose name contains this text
    QString sourceFile; // --source-line FILE:LINE: select that line in the Code dock
    uint sourceLine = 0;
    QString search; // --search NAME: search the name and select the first match
    QString compare; // --compare B: once FILE is open, compare it with B
    std::optional<model::Comparison::Alignment> align; // --align: how B is aligned
    std::optional<RangeSpec> range;
    std::optional<widgets::Theme::Mode> theme; // --theme: this run only, not saved
    bool noCache = false; // --no-cache: neither read nor write snapshots this run
};

// strata [FILE | DIR | FILE1 FILE2 …] [--layout NAME] [--range START:END] [--select NAME] [--source-line FILE:LINE]
//        [--search NAME] [--compare B [--align HOW]] [--theme system|light|dark] [--no-cache]
//        [--screenshot PNG]
class CommandLine {
public:
    enum class Result { Ok, Error, Help, Version };

    CommandLine();
    Result parse(const QStringList& arguments); // arguments[0] is the program
    const StartupOptions& options() const { return m_options; }
    QString errorText() const { return m_error; }
    QString helpText() const;

    // "START:END", either side may be empty ("2ms:" = from 2 ms to the end); times as
    // analysis::TimeText reads them.
    static std::optional<RangeSpec> parseRange(const QString& text, QString* error = nullptr);
    // trace-start, first-step, markers or selected-event.
    static std::optional<model::Comparison::Alignment> parseAlignment(const QString& text);

private:
    QCommandLineParser m_parser;
    QCommandLineOption m_layout;
    QCommandLineOption m_range;
    QCommandLineOption m_screenshot;
    QCommandLineOption m_select;
    QCommandLineOption m_sourceLine;
    QCommandLineOption m_search;
    QCommandLineOption m_compare;
    QCommandLineOption m_align;
    QCommandLineOption m_theme;
    QCommandLineOption m_noCache;
    StartupOptions m_options;
    QString m_error;
};

} // namespace strata::app
