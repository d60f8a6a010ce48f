#pragma once

namespace strata::app {

// The command line of strata-cli: one CLI11 app whose subcommands are the registered
// commands (CliCommandRegistry), each declared by its own file, plus --no-cache on every
// one. run() parses argv and runs the command it names.
//
// Exit status: the command's (0 when the file was read, 2 when it could not be), 0 for
// --help, and 2 for a usage error: no or an unknown command, a missing or extra argument, an
// unknown option or a value that does not parse. A usage error is one line on stderr:
// "strata-cli: WHAT; usage: SYNOPSIS".
class CliParser {
public:
    static int run(int argc, char** argv);
};

} // namespace strata::app
