#pragma once
#include "importer.h"

namespace strata::importers {

// The Neuron Profiler 2.0 system profile, `system_profile.json` (`neuron-profile view -d
// <dir> --output-format json`), streamed record by record. Neuron_Runtime_API_Event and
// Framework_Event records become slices: a process per (instance_id, process_id) as the
// profiler's default primary grouping, a row per group (nrt-nc-000, framework-<tid>) and
// thread, framework rows above runtime rows. mem_usage and cpu_util samples become counters
// of a host process per instance. Accepts the event kinds as keys of arrays or single
// objects, or inside a "trace_events" array, flat or wrapped ({"Framework_Event": {...}});
// numbers written as strings are read.
class NeuronSystemImporter : public Importer {
public:
    const char* name() const override { return "neuron-system-profile"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 90;
};

} // namespace strata::importers
