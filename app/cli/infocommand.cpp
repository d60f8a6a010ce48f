// strata-cli info: what a profile is (format, compression, size, events by phase), what the
// store holds, what is not shown, diagnostics and how it was loaded (report::InfoReport).
#include "clicommandregistry.h"
#include "clirankoutput.h"

#include <report/inforeport.h>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace strata::app {
namespace {

struct InfoOptions {
    std::vector<std::string> paths;
    bool json = false;
};

int runInfo(const InfoOptions& o)
{
    return CliRankOutput::run(
        o.paths, CliRankOutput::formatOf(o.json, false), [&o](const CliJob::Rank& rank, std::ostream& os) {
            const std::string& path = rank.path;
            const importers::LoadResult& r = rank.load;
            const report::InfoReport out(*r.store,
                { path, r.format, importers::compressionName(r.compression), r.fileBytes, r.phases, r.seconds,
                    r.fromSnapshot, r.portable, r.sourceName, r.snapshotNotes });
            os << (o.json ? out.json() : out.text());
            return 0;
        });
}

CliRun declareInfo(CLI::App& command)
{
    auto o = std::make_shared<InfoOptions>();
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job")
        ->required();
    command.add_flag("--json", o->json, "print JSON instead of text");
    return [o] { return runInfo(*o); };
}

} // namespace

STRATA_CLI_COMMAND("info",
    "format, compression, events by phase, tracks, time range, what is not shown, diagnostics, load time and store "
    "size",
    &declareInfo);

} // namespace strata::app
