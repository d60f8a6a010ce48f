#include "clicommands.h"

#include <malloc.h>

#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    // A fixed threshold keeps glibc from raising it after the first large free, so the
    // import's big temporary buffers go back to the system instead of lingering in the heap.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty())
        return strata::app::CliCommands::usage(argv[0], 2);
    const std::string cmd = args[0];
    if (cmd == "-h" || cmd == "--help" || cmd == "help")
        return strata::app::CliCommands::usage(argv[0], 0);
    bool json = false;
    std::vector<std::string> positional;
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (args[i].rfind("--", 0) == 0) {
            std::fprintf(stderr, "strata-cli: unknown option %s\n", args[i].c_str());
            return 2;
        } else
            positional.push_back(args[i]);
    }
    if (cmd == "info" && positional.size() == 1)
        return strata::app::CliCommands::info(positional[0], json);
    return strata::app::CliCommands::usage(argv[0], 2);
}
