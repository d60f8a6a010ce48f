// strata-cli: the profile store and importers from the command line, no GUI libraries.
#include "clicommandregistry.h"
#include "cliload.h"

#include <malloc.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {
int usage(const char* argv0, int status)
{
    std::FILE* out = status ? stderr : stdout;
    std::fprintf(out, "usage: %s COMMAND FILE [options]\n\ncommands:\n", argv0);
    for (const auto& c : strata::app::CliCommandRegistry::all())
        std::fprintf(out, "  %-48s %s\n", c.usage, c.summary);
    std::fprintf(out,
        "\nEvery command takes --no-cache: read the profile itself, not its snapshot in\n"
        "$XDG_CACHE_HOME/strata/snapshots, and write none. Without it, a profile read from its\n"
        "source is snapshotted after the answer is printed, so the next command is fast.\n"
        "\nExit status: 0 when the file was read (even with diagnostics), 2 when it is not a\n"
        "supported profile, cannot be read, or the arguments are wrong.\n");
    return status;
}
} // namespace

int main(int argc, char** argv)
{
    // A fixed threshold keeps glibc from raising it after the first large free, so the
    // import's big temporary buffers go back to the system instead of lingering in the heap.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc < 2)
        return usage(argv[0], 2);
    const std::string name = argv[1];
    if (name == "-h" || name == "--help" || name == "help")
        return usage(argv[0], 0);
    const strata::app::CliCommand* command = strata::app::CliCommandRegistry::find(name);
    if (!command) {
        std::fprintf(stderr, "strata-cli: unknown command \"%s\"\n", name.c_str());
        return usage(argv[0], 2);
    }
    std::vector<std::string> args;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--no-cache")
            strata::app::setSnapshotCacheEnabled(false);
        else
            args.emplace_back(argv[i]);
    }
    const int status = command->run(args);
    strata::app::writePendingSnapshots();
    return status;
}
