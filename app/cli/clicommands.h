#pragma once
#include <string>
#include <vector>

namespace strata::app {

// Subcommands of strata-cli. Each returns the process exit status: 0 when the file was
// read (even with diagnostics), 2 when it is not a supported profile or cannot be read.
class CliCommands {
public:
    static int info(const std::string& path, bool json);
    static int usage(const char* argv0, int status);
};

} // namespace strata::app
