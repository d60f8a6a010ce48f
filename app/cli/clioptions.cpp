#include "clioptions.h"

#include <analysis/time/timetext.h>

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdlib>

namespace strata::app {

CLI::Option* CliOptions::range(
    CLI::App& command, const std::string& name, std::optional<analysis::RelativeRange>* out, const std::string& help)
{
    return command
        .add_option_function<std::string>(
            name,
            [name, out](const std::string& text) {
                std::string why;
                *out = analysis::TimeText::parseRange(text, &why);
                if (!*out)
                    throw CLI::ValidationError("bad " + name + ": " + why);
            },
            help
                + ": ns from the trace start, or with a unit (ns, us, ms, s: 1.5ms:2ms); either end may be left "
                  "open (20ms:, :5ms)")
        ->type_name("START:END");
}

CLI::Option* CliOptions::duration(
    CLI::App& command, const std::string& name, std::optional<store::TimeNs>* out, const std::string& help)
{
    return command
        .add_option_function<std::string>(
            name,
            [name, out](const std::string& text) {
                std::string why;
                *out = analysis::TimeText::parse(text, &why);
                if (!*out)
                    throw CLI::ValidationError("bad " + name + ": " + why);
            },
            help + " (ns, or with a unit: 1.5us, 2ms, 1s)")
        ->type_name("D");
}

CLI::Option* CliOptions::level(CLI::App& command, std::optional<analysis::OperatorLevel>* out, const std::string& help)
{
    return command
        .add_option_function<std::string>(
            "--level",
            [out](const std::string& text) {
                analysis::OperatorLevel level;
                if (!analysis::parseOperatorLevel(text, &level))
                    throw CLI::ValidationError("unknown level \"" + text + "\"");
                *out = level;
            },
            "the operator level: module, framework, layer, hlo, op, command or name; " + help)
        ->type_name("L");
}

CLI::Option* CliOptions::scope(CLI::App& command, std::optional<analysis::OperatorScope>* out, const std::string& help)
{
    return command
        .add_option_function<std::string>(
            "--scope",
            [out](const std::string& text) {
                analysis::OperatorScope scope;
                if (!analysis::parseOperatorScope(text, &scope))
                    throw CLI::ValidationError("unknown scope \"" + text + "\"");
                *out = scope;
            },
            "which threads count: device (the accelerator's tracks), host or all; " + help)
        ->type_name("S");
}

CLI::Option* CliOptions::count(
    CLI::App& command, const std::string& name, std::optional<size_t>* out, const std::string& help)
{
    return command
        .add_option_function<std::string>(
            name,
            [name, out](const std::string& text) {
                char* end = nullptr;
                const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
                if (text.empty() || *end != '\0' || !std::isdigit(static_cast<unsigned char>(text[0])))
                    throw CLI::ValidationError("bad " + name + " \"" + text + "\": expected a count (0 = all)");
                *out = size_t(n);
            },
            help)
        ->type_name("N");
}

CLI::Option* CliOptions::wide(CLI::App& command, bool* out)
{
    return command.add_flag("--wide", *out,
        "print names whole in the text table (by default a long name is shortened in the middle, so that no two rows "
        "read alike)");
}

void CliOptions::formats(CLI::App& command, bool* json, bool* csv, const std::string& what)
{
    CLI::Option* j = command.add_flag("--json", *json, what + " as JSON");
    CLI::Option* c = command.add_flag("--csv", *csv, what + " as CSV");
    j->excludes(c);
    c->excludes(j);
}

} // namespace strata::app
