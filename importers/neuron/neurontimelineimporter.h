#pragma once
#include "importer.h"

namespace strata::importers {

// The TensorBoard plugin's trace files (written by torch-neuronx): `neuron_op_timeline.json`,
// `neuron_op_timeline_split.json` and the high-level `neuron_trace.json`. They are Chrome
// Trace Event JSON objects with Neuron top-level stats (displayTimeUnit,
// neuronStartTimestampNs), so the Chrome importer reads them — streamed, in parallel, with
// all its edge cases — and a Neuron pass follows: the device sections (processes named
// Execution and Data Transfer) are labelled as device, their HLO rows counted as busy time
// once and their framework rows kept as labels of it, each HLO op given its framework op
// (NeuronTimelineLevels), the rows of Data Transfer are named as transfers so the Operator
// Charts split execution from data movement, and the format is reported as
// neuron-op-timeline (or neuron-tb-trace).
class NeuronTimelineImporter : public Importer {
public:
    const char* name() const override { return "neuron-tb-timeline"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 90;
};

} // namespace strata::importers
