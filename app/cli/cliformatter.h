#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace strata::app {

// CLI11's help with strata-cli's usage line: a command's synopsis lists its positionals and
// every option with its value's name (`strata-cli ops FILE [--level L] [--range START:END]
// ...`), where CLI11 writes only "[OPTIONS]". The usage error prints the same synopsis, so
// both come from the command's declaration.
class CliFormatter : public CLI::Formatter {
public:
    CliFormatter();
    std::string make_usage(const CLI::App* app, std::string name) const override;

    // "strata-cli NAME POSITIONALS [--option VALUE]... ": `--help` and the options every
    // command shares (--no-cache) are left out.
    static std::string synopsis(const CLI::App& command);
};

} // namespace strata::app
