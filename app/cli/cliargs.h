#pragma once
#include <analysis/time/relativerange.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::app {

// The arguments of one subcommand: positional words, --flags and --key VALUE options.
// Unknown options are an error the caller reports (exit 2).
class CliArgs {
public:
    CliArgs(const std::vector<std::string>& args, const std::vector<std::string>& flags,
        const std::vector<std::string>& valued);
    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    const std::vector<std::string>& positional() const { return m_positional; }
    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const; // repeated options

    // --range START:END (analysis::TimeText: "1.5ms:2ms", "2ms:"), relative to the trace start;
    // empty when not given. False with *error set when malformed.
    bool range(std::optional<analysis::RelativeRange>* out, std::string* error) const;

private:
    std::vector<std::string> m_positional;
    std::vector<std::pair<std::string, std::string>> m_options;
    std::string m_error;
};

} // namespace strata::app
