// strata-cli snapshot FILE -o OUT.strata [--annotations MARKERS.json]
//
// Writes the profile as a portable .strata file: the snapshot format of the cache, with the
// name of its source and its markers, which `strata OUT.strata` opens on a machine that
// does not have the source. The markers are those saved next to the trace
// (<trace>.strata-annotations.json) unless --annotations names another file.
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace strata::app {
namespace {

const char* kUsage = "usage: strata-cli snapshot FILE -o OUT.strata [--annotations MARKERS.json]\n";

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

int runSnapshot(const std::vector<std::string>& argv)
{
    std::vector<std::string> args;
    for (const std::string& a : argv)
        args.push_back(a == "-o" ? "--output" : a);
    const CliArgs parsed(args, {}, { "output", "annotations" });
    if (!parsed.ok() || parsed.positional().size() != 1 || !parsed.value("output")) {
        std::fprintf(stderr, "strata-cli: %s\n%s",
            !parsed.ok()                          ? parsed.error().c_str()
                : parsed.positional().size() != 1 ? "snapshot takes one FILE"
                                                  : "snapshot needs -o OUT.strata",
            kUsage);
        return 2;
    }
    const std::string& path = parsed.positional()[0];
    const std::string out = *parsed.value("output");
    std::string annotations;
    const std::optional<std::string> given = parsed.value("annotations");
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

} // namespace

STRATA_CLI_COMMAND("snapshot", "snapshot FILE -o OUT.strata [--annotations MARKERS.json]",
    "a portable .strata file of the profile (opens without the source)", runSnapshot);

} // namespace strata::app
