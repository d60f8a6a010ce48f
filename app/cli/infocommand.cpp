// strata-cli info FILE [--json]
#include "cliargs.h"
#include "clicommandregistry.h"
#include "cliload.h"

#include <analysis/notshown/notshowntext.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace strata::app {
namespace {

int runInfo(const std::vector<std::string>& argv)
{
    const CliArgs args(argv, { "json" }, {});
    if (!args.ok() || args.positional().size() != 1) {
        std::fprintf(stderr, "strata-cli: %s\nusage: strata-cli info FILE [--json]\n",
            args.ok() ? "info takes one FILE" : args.error().c_str());
        return 2;
    }
    const std::string& path = args.positional()[0];
    const importers::LoadResult r = loadOrReport(path);
    if (!r.store)
        return 2;
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
    out["time_range_ns"] = { s.extent().start, s.extent().end };
    nlohmann::ordered_json diag = nlohmann::ordered_json::object();
    for (const auto& [kind, n] : s.diagnostics().counts())
        diag[kind] = n;
    // A cached snapshot that could not be used (the source was parsed instead).
    if (!r.snapshotNotes.empty())
        diag["snapshot_refused"] = r.snapshotNotes.size();
    out["diagnostics"] = diag;
    // The sentence the timeline shows, and the kinds it is made of.
    const std::string notShown = analysis::NotShownText::sentence(s);
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array();
    for (const store::SkippedContent::Kind& k : s.skipped().kinds())
        kinds.push_back({ { "kind", k.key }, { "count", k.count }, { "skipped", k.skipped } });
    out["not_shown"]
        = { { "text", notShown }, { "drawable", analysis::NotShownText::drawable(s) }, { "kinds", kinds } };
    out["load_seconds"] = r.seconds;
    out["loaded_from"] = r.fromSnapshot ? "snapshot" : "source";
    if (r.portable)
        out["saved_from"] = r.sourceName;
    out["resident_bytes"] = s.residentBytes();
    if (args.flag("json")) {
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::cout << "file            " << path << "\n";
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (it.key() == "phases" || it.key() == "diagnostics" || it.key() == "not_shown")
            continue;
        std::string key = it.key();
        key.resize(16, ' ');
        std::cout << key << (it->is_string() ? it->get<std::string>() : it->dump()) << "\n";
    }
    std::cout << "phases         ";
    for (const auto& [ph, n] : r.phases)
        std::cout << " " << ph << ":" << n;
    if (!notShown.empty())
        std::cout << "\nnot shown       " << notShown;
    std::cout << "\ndiagnostics" << (diag.empty() ? "     none" : "") << "\n";
    for (auto it = diag.begin(); it != diag.end(); ++it)
        std::cout << "  " << it.key() << ": " << it->dump() << "\n";
    for (const auto& m : s.diagnostics().messages())
        std::cout << "  - " << m << "\n";
    for (const std::string& m : r.snapshotNotes)
        std::cout << "  - " << m << "\n";
    return 0;
}

} // namespace

STRATA_CLI_COMMAND("info", "info FILE [--json]",
    "format, compression, events by phase, tracks, time range, what is not shown, diagnostics, load time and store "
    "size",
    &runInfo);

} // namespace strata::app
