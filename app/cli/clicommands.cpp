#include "clicommands.h"

#include <profileloader.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>

namespace strata::app {

namespace {
uint64_t residentSetBytes()
{
    std::ifstream f("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    f >> size >> resident;
    return resident * 4096;
}
} // namespace

int CliCommands::usage(const char* argv0, int status)
{
    std::fprintf(status ? stderr : stdout,
        "usage: %s info FILE [--json]\n"
        "  info   format, compression, event counts by phase, tracks, time range, diagnostics,\n"
        "         load time and store size of a profile\n",
        argv0);
    return status;
}

int CliCommands::info(const std::string& path, bool json)
{
    const importers::LoadResult r = importers::ProfileLoader::load(path);
    if (!r.store) {
        std::fprintf(stderr, "strata-cli: %s\n", r.error.c_str());
        return 2;
    }
    const store::EventStore& s = *r.store;
    nlohmann::ordered_json out;
    out["format"] = r.format;
    out["compression"] = importers::compressionName(r.compression);
    out["bytes"] = r.fileBytes;
    nlohmann::ordered_json phases = nlohmann::ordered_json::object();
    for (const auto& [ph, n] : r.phases)
        phases[ph] = n;
    out["phases"] = phases;
    out["slices"] = s.sliceCount();
    out["instants"] = s.instantCount();
    out["counter_samples"] = s.counterSampleCount();
    out["flows"] = s.flowCount();
    out["tracks"] = s.trackCount();
    out["processes"] = s.processCount();
    out["time_range_ns"] = {s.extent().start, s.extent().end};
    nlohmann::ordered_json diag = nlohmann::ordered_json::object();
    for (const auto& [kind, n] : s.diagnostics().counts())
        diag[kind] = n;
    out["diagnostics"] = diag;
    out["load_seconds"] = r.seconds;
    out["resident_bytes"] = s.residentBytes();
    if (json) {
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "file            " << path << "\n";
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (it.key() == "phases" || it.key() == "diagnostics")
            continue;
        std::string key = it.key();
        key.resize(16, ' ');
        std::cout << key << (it->is_string() ? it->get<std::string>() : it->dump()) << "\n";
    }
    std::cout << "phases         ";
    for (const auto& [ph, n] : r.phases)
        std::cout << " " << ph << ":" << n;
    std::cout << "\ndiagnostics\n";
    for (const auto& [kind, n] : s.diagnostics().counts())
        std::cout << "  " << kind << ": " << n << "\n";
    for (const auto& m : s.diagnostics().messages())
        std::cout << "  - " << m << "\n";
    std::cout << "process RSS     " << residentSetBytes() << "\n";
    return 0;
}

} // namespace strata::app
