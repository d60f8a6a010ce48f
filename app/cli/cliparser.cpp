#include "cliparser.h"

#include "clicommandregistry.h"
#include "cliformatter.h"
#include "cliload.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <string>

namespace strata::app {

namespace {

const char* const kDescription = "strata-cli reads the profiles strata opens (Chrome JSON, Perfetto, Neuron, Sophgo) "
                                 "and prints the numbers its docks show, as text, JSON or CSV.";

const char* const kFooter = "`strata-cli COMMAND --help` lists a command's options.\n"
                            "\n"
                            "Every command takes --no-cache: read the profile itself, not its snapshot in\n"
                            "$XDG_CACHE_HOME/strata/snapshots, and write none. Without it, a profile read from its\n"
                            "source is snapshotted after the answer is printed, so the next command is fast.\n"
                            "\n"
                            "Exit status: 0 when the file was read (even with diagnostics), 2 when it is not a\n"
                            "supported profile, cannot be read, or the arguments are wrong.";

int usageError(const CLI::App& app, const std::string& what)
{
    const std::vector<CLI::App*> chosen = app.get_subcommands();
    if (chosen.empty())
        std::fprintf(stderr, "strata-cli: %s; usage: strata-cli COMMAND FILE [options]\n", what.c_str());
    else
        std::fprintf(stderr, "strata-cli: %s; usage: %s\n", what.c_str(), CliFormatter::synopsis(*chosen[0]).c_str());
    return 2;
}

} // namespace

int CliParser::run(int argc, char** argv)
{
    CLI::App app(kDescription, "strata-cli");
    app.formatter(std::make_shared<CliFormatter>());
    app.footer(kFooter);
    app.set_help_flag("-h,--help", "list the commands");
    app.require_subcommand(1);
    // As before CLI11: an option given twice keeps its last value (--arg is the repeatable one).
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    std::map<const CLI::App*, CliRun> runs;
    for (const CliCommand& c : CliCommandRegistry::all()) {
        CLI::App* command = app.add_subcommand(c.name, c.summary);
        command->group("Commands");
        command->footer("");
        command->set_help_flag("-h,--help", "print this command's options");
        runs[command] = c.declare(*command);
        // A positional's value is a file name: no "TEXT" after FILE in the help.
        for (CLI::Option* positional : command->get_options([](const CLI::Option* o) { return o->get_positional(); }))
            positional->type_name("");
        command->add_flag_callback(
            "--no-cache", [] { setSnapshotCacheEnabled(false); },
            "read the profile itself, not its cached snapshot, and write none");
    }

    const std::string first = argc > 1 ? argv[1] : std::string();
    if (first == "-h" || first == "--help" || first == "help") {
        std::cout << app.help();
        return 0;
    }
    if (argc < 2 || !CliCommandRegistry::find(first)) {
        if (argc >= 2)
            std::fprintf(stderr, "strata-cli: unknown command \"%s\"\n", first.c_str());
        std::cerr << app.help();
        return 2;
    }
    try {
        app.parse(argc, argv);
        return runs.at(app.get_subcommands().at(0))();
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return 0;
    } catch (const CLI::ParseError& e) {
        return usageError(app, e.what());
    }
}

} // namespace strata::app
