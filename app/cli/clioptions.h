#pragma once
#include <analysis/operators/operatorlevel.h>
#include <analysis/time/relativerange.h>
#include <store/types.h>

#include <cstddef>
#include <optional>
#include <string>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace strata::app {

// The typed options more than one command declares, each written once: the value is parsed
// while CLI11 reads the command line, so a malformed one is a usage error (exit 2) before any
// file is read, and every command describes it in the same words.
class CliOptions {
public:
    // START:END relative to the trace start (analysis::TimeText: "1.5ms:2ms", "2ms:").
    static CLI::Option* range(CLI::App& command, const std::string& name, std::optional<analysis::RelativeRange>* out,
        const std::string& help);
    // A duration: ns, or with a unit (1.5us, 2ms, 1s).
    static CLI::Option* duration(
        CLI::App& command, const std::string& name, std::optional<store::TimeNs>* out, const std::string& help);
    // --level: module, framework, layer, hlo, op (or operator), command, name.
    static CLI::Option* level(CLI::App& command, std::optional<analysis::OperatorLevel>* out, const std::string& help);
    // --scope: device, host, all; `help` says the default.
    static CLI::Option* scope(CLI::App& command, std::optional<analysis::OperatorScope>* out, const std::string& help);
    // A count N: digits only (no sign), so "-1" is refused, not read as 2^64 - 1.
    static CLI::Option* count(
        CLI::App& command, const std::string& name, std::optional<size_t>* out, const std::string& help);
    // --wide: a text table prints its names whole instead of fitting them to the column.
    static CLI::Option* wide(CLI::App& command, bool* out);
    // --json and --csv, which exclude each other.
    static void formats(CLI::App& command, bool* json, bool* csv, const std::string& what);
};

} // namespace strata::app
