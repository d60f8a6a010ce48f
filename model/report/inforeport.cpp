#include "inforeport.h"

#include <analysis/notshown/notshowntext.h>

#include <sstream>
#include <utility>

namespace strata::report {

InfoReport::InfoReport(const store::EventStore& store, Load load)
    : m_store(store)
    , m_load(std::move(load))
{
}

Json InfoReport::toJson() const
{
    const store::EventStore& s = m_store;
    Json out;
    out["format"] = m_load.format;
    out["compression"] = m_load.compression;
    out["bytes"] = m_load.fileBytes;
    Json phases = Json::object();
    for (const auto& [ph, n] : m_load.phases)
        phases[ph] = n;
    out["phases"] = phases;
    out["slices"] = s.sliceCount();
    out["instants"] = s.instantCount();
    out["counter_samples"] = s.counterSampleCount();
    out["flows"] = s.flowCount();
    out["tracks"] = s.trackCount();
    out["processes"] = s.processCount();
    out["time_range_ns"] = { s.extent().start, s.extent().end };
    Json diag = Json::object();
    for (const auto& [kind, n] : s.diagnostics().counts())
        diag[kind] = n;
    // A cached snapshot that could not be used (the source was parsed instead).
    if (!m_load.snapshotNotes.empty())
        diag["snapshot_refused"] = m_load.snapshotNotes.size();
    out["diagnostics"] = diag;
    // The sentence the timeline shows, and the kinds it is made of.
    Json kinds = Json::array();
    for (const store::SkippedContent::Kind& k : s.skipped().kinds())
        kinds.push_back({ { "kind", k.key }, { "count", k.count }, { "skipped", k.skipped } });
    out["not_shown"] = { { "text", analysis::NotShownText::sentence(s) },
        { "drawable", analysis::NotShownText::drawable(s) }, { "kinds", kinds } };
    out["load_seconds"] = m_load.seconds;
    out["loaded_from"] = m_load.fromSnapshot ? "snapshot" : "source";
    if (m_load.portable)
        out["saved_from"] = m_load.sourceName;
    out["resident_bytes"] = s.residentBytes();
    return out;
}

std::string InfoReport::json() const
{
    return toJson().dump(2) + "\n";
}

std::string InfoReport::text() const
{
    const Json info = toJson();
    std::ostringstream out;
    out << "file            " << m_load.path << "\n";
    for (auto it = info.begin(); it != info.end(); ++it) {
        if (it.key() == "phases" || it.key() == "diagnostics" || it.key() == "not_shown")
            continue;
        std::string key = it.key();
        key.resize(16, ' ');
        out << key << (it->is_string() ? it->get<std::string>() : it->dump()) << "\n";
    }
    out << "phases         ";
    for (const auto& [ph, n] : m_load.phases)
        out << " " << ph << ":" << n;
    const std::string notShown = info.at("not_shown").at("text").get<std::string>();
    if (!notShown.empty())
        out << "\nnot shown       " << notShown;
    const Json& diag = info.at("diagnostics");
    out << "\ndiagnostics" << (diag.empty() ? "     none" : "") << "\n";
    for (auto it = diag.begin(); it != diag.end(); ++it)
        out << "  " << it.key() << ": " << it->dump() << "\n";
    for (const auto& m : m_store.diagnostics().messages())
        out << "  - " << m << "\n";
    for (const std::string& m : m_load.snapshotNotes)
        out << "  - " << m << "\n";
    return out.str();
}

} // namespace strata::report
