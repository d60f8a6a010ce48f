// strata-cli snapshot: writes the profile as a portable .strata file: the snapshot format of the cache, with the
// name of its source and its markers, which `strata OUT.strata` opens on a machine that
// does not have the source. The markers are those saved next to the trace
// (<trace>.strata-annotations.json) unless --annotations names another file.
#include "clicommandregistry.h"
#include "cliload.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace strata::app {
namespace {

bool readAll(const std::string& path, std::string* out)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream o;
    o << in.rdbuf();
    *out = o.str();
    return bool(in) || in.eof();
}

struct SnapshotOptions {
    std::string path, out;
    std::optional<std::string> annotations;
};

int runSnapshot(const SnapshotOptions& o)
{
    const std::string& path = o.path;
    const std::string& out = o.out;
    std::string annotations;
    const std::optional<std::string>& given = o.annotations;
    const std::string markers = given ? *given : path + ".strata-annotations.json";
    if (!readAll(markers, &annotations) && given) {
        std::fprintf(stderr, "strata-cli: %s: cannot read the markers file\n", markers.c_str());
        return 2;
    }
    const importers::LoadResult r = loadOrReport(path);
    if (!r.store)
        return 2;
    // A .strata file carries its own markers unless others are given.
    if (annotations.empty() && !given)
        annotations = r.annotations;
    std::string error;
    if (!importers::CachedLoader::writePortable(r, path, annotations, out, &error, indexAttachmentsOf(r))) {
        std::fprintf(stderr, "strata-cli: %s\n", error.c_str());
        return 2;
    }
    std::cout << "wrote " << out << " (" << r.store->sliceCount() << " slices"
              << (annotations.empty() ? "" : ", with markers") << ")\n";
    return 0;
}

CliRun declareSnapshot(CLI::App& command)
{
    auto o = std::make_shared<SnapshotOptions>();
    command.add_option("FILE", o->path, "the profile")->required();
    command.add_option("-o,--output", o->out, "the .strata file to write")->required()->type_name("OUT.strata");
    command
        .add_option_function<std::string>(
            "--annotations", [o](const std::string& v) { o->annotations = v; },
            "the markers file to include (default: the one saved next to the trace, FILE.strata-annotations.json)")
        ->type_name("MARKERS.json");
    return [o] { return runSnapshot(*o); };
}

} // namespace

STRATA_CLI_COMMAND("snapshot", "a portable .strata file of the profile (opens without the source)", &declareSnapshot);

} // namespace strata::app
