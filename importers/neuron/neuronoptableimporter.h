#pragma once
#include "importer.h"

namespace strata::importers {

// The TensorBoard plugin's operator tables, `neuron_framework_op.json` and
// `neuron_hlo_op.json`: {"ops": [{...}, ...], "total_time": N}. They hold no timestamps,
// only one row per operator, so each operator becomes one slice of its total time on a
// single row, laid end to end from the longest down: the Operator Table and the time-share
// pie then show the plugin's framework or HLO view, and the operator identity comes from a
// framework_name or hlo_name arg (NameParser, OperatorCatalog). The per-op keys are not
// documented: the name, time and occurrence fields are found by name, and the time unit by
// suffix (_ps, _ns, _us, _ms, _s), nanoseconds otherwise.
class NeuronOpTableImporter : public Importer {
public:
    const char* name() const override { return "neuron-op-table"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 90;
    static constexpr size_t kMaxOps = 1u << 20;
};

} // namespace strata::importers
