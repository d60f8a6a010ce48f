#pragma once
#include <store/storebuilder.h>

#include <string>

namespace strata::importers {

// The two levels of one device section (Execution, Data Transfer) of the TensorBoard
// plugin's op timeline (neuron_op_timeline*.json, written by torch-neuronx's profiler): a row
// of framework ops ("NN[model]/Linear[layer1]/aten__addmm_add") and a row of the HLO ops they
// were lowered to ("dot.37", "fused_16"), on one time axis. Both rows cover the same device
// work, so only one may count as busy time: the HLO row, the finer one, whose gaps are the
// device's idle time. The framework row only names that work.
//
// apply() declares the roles (the HLO rows Device; the framework rows Annotation — drawn and
// searchable, never busy time — when the section has an HLO row with slices; rows of
// neither level Device, as before) and gives every HLO slice that carries no framework op of
// its own the framework op running at its midpoint on the paired framework row, as the arg
// `framework_name`, so the operator table's framework level groups the HLO time under it.
class NeuronTimelineLevels {
public:
    // Runs on the builder after the Chrome pass; `section` is a device section's process.
    // Returns how many HLO slices were left without a framework op (none of their own, and
    // none running at their midpoint or no framework row to look in). Cost: a sort of each
    // framework row and of each HLO row, then one sweep.
    static uint64_t apply(store::StoreBuilder& b, store::ProcessId section);
    // A row's label: its thread_name, else its tid ("Thread 3" for a numeric one).
    static std::string rowLabel(store::StoreBuilder& b, uint32_t thread);
};

} // namespace strata::importers
