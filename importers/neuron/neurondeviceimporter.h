#pragma once
#include "importer.h"

namespace strata::importers {

// The legacy Neuron device profile, `neuron-profile view --output-format json`:
// {"summary": [...], "instruction": [...]}, streamed record by record. Each NeuronCore
// (nd_idx/nc_idx, and pcore_idx under LNC2) is a process; its rows are the profiler's
// (label/timeline_track, else the engine; DMA queues by queue_name), in the profiler's
// order: compute engines, then collective rows, then DMA queues.
// One slice per instruction: name = opcode, category = engine, every other field an arg
// (hlo_name, operands, layer, ... feed the operator identity). The summary becomes trace
// metadata ("summary.<metric>", headline metrics first). Other top-level arrays with times
// (DMA, semaphores) land on their rows too; rows at timestamp 0 (setup/teardown) are
// dropped when real device timestamps exist.
class NeuronDeviceImporter : public Importer {
public:
    const char* name() const override { return "neuron-device-json"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 90;
};

} // namespace strata::importers
