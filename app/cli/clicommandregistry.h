#pragma once
#include <string>
#include <vector>

namespace strata::app {

// One strata-cli subcommand. run() gets the arguments after the subcommand's name and
// returns the exit status: 0 when the file was read (even with diagnostics), 2 when it
// is not a supported profile, cannot be read, or the arguments are wrong.
struct CliCommand {
    const char* name;
    const char* usage; // "summary FILE [--range START:END] [--json]"
    const char* summary; // one line for the help text
    int (*run)(const std::vector<std::string>& args);
};

// Subcommands register themselves from their own file (see STRATA_CLI_COMMAND), so adding
// one touches no shared file.
class CliCommandRegistry {
public:
    static bool add(const CliCommand& command);
    static const std::vector<CliCommand>& all();
    static const CliCommand* find(const std::string& name);
};

} // namespace strata::app

#define STRATA_CLI_CONCAT2(a, b) a##b
#define STRATA_CLI_CONCAT(a, b) STRATA_CLI_CONCAT2(a, b)
#define STRATA_CLI_COMMAND(...)                                                                                        \
    static const bool STRATA_CLI_CONCAT(strataCliRegistered, __LINE__)                                                 \
        = ::strata::app::CliCommandRegistry::add(::strata::app::CliCommand { __VA_ARGS__ })
