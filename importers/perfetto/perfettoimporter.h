#pragma once
#include "importer.h"

namespace strata::importers {

// Perfetto protobuf traces: .pftrace / .perfetto-trace, RBLN's .pb, Neuron's .pftrace.
// Streams the Trace's packets one at a time (memory bounded by the largest packet, at most
// PacketStream::kDefaultMaxPacket) and interprets the TrackEvent subset: track descriptors,
// slices, instants, counters, flows, interning with per-sequence resets, debug annotations,
// clocks, legacy descriptors, compressed packet bundles. Every other packet kind is counted
// (ImportResult::phases, by TracePacket field name) and skipped.
class PerfettoImporter : public Importer {
public:
    const char* name() const override { return "perfetto-protobuf"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 70;
};

} // namespace strata::importers
