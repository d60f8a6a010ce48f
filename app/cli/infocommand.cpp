// strata-cli info: what a profile is (format, compression, size, events by phase), what the
// store holds, what is not shown, diagnostics and how it was loaded (report::InfoReport).
#include "clicommandregistry.h"
#include "cliload.h"

#include <report/inforeport.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

namespace strata::app {
namespace {

struct InfoOptions {
    std::string path;
    bool json = false;
};

int runInfo(const InfoOptions& o)
{
    const std::string& path = o.path;
    const importers::LoadResult r = loadOrReport(path);
    if (!r.store)
        return 2;
    const report::InfoReport out(*r.store,
        { path, r.format, importers::compressionName(r.compression), r.fileBytes, r.phases, r.seconds, r.fromSnapshot,
            r.portable, r.sourceName, r.snapshotNotes });
    std::cout << (o.json ? out.json() : out.text());
    return 0;
}

CliRun declareInfo(CLI::App& command)
{
    auto o = std::make_shared<InfoOptions>();
    command.add_option("FILE", o->path, "the profile")->required();
    command.add_flag("--json", o->json, "print JSON instead of text");
    return [o] { return runInfo(*o); };
}

} // namespace

STRATA_CLI_COMMAND("info",
    "format, compression, events by phase, tracks, time range, what is not shown, diagnostics, load time and store "
    "size",
    &declareInfo);

} // namespace strata::app
