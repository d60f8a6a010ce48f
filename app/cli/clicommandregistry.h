#pragma once
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace strata::app {

// What a command's declaration hands back: its run, bound to the values CLI11 fills in while
// it parses the command line. It returns the exit status: 0 when the file was read (even with
// diagnostics), 2 when it is not a supported profile or cannot be read.
using CliRun = std::function<int()>;

// One strata-cli subcommand. `declare` states its positionals and options once, with CLI11
// (CliOptions has the shared ones: --range, --level, --scope, durations); the parser, --help,
// the usage error and the reference test (tests/cli/tst_clireference.cpp, which checks that
// docs/cli.md and the man page name every option) all read that declaration.
struct CliCommand {
    const char* name;
    const char* summary; // one line: the command list of `strata-cli --help`
    CliRun (*declare)(CLI::App& command);
};

// Subcommands register themselves from their own file (see STRATA_CLI_COMMAND), so adding
// one touches no shared file.
class CliCommandRegistry {
public:
    static bool add(const CliCommand& command);
    static const std::vector<CliCommand>& all(); // by name
    static const CliCommand* find(const std::string& name);
};

} // namespace strata::app

#define STRATA_CLI_CONCAT2(a, b) a##b
#define STRATA_CLI_CONCAT(a, b) STRATA_CLI_CONCAT2(a, b)
#define STRATA_CLI_COMMAND(...)                                                                                        \
    static const bool STRATA_CLI_CONCAT(strataCliRegistered, __LINE__)                                                 \
        = ::strata::app::CliCommandRegistry::add(::strata::app::CliCommand { __VA_ARGS__ })
