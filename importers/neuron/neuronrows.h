#pragma once
#include <store/storebuilder.h>

#include <map>
#include <string>
#include <utility>

namespace strata::importers {

// The rows (builder threads) of one Neuron process, made as records name them and ordered
// once all are known: by the rank the importer gives a row (its group), then as
// NeuronEngines::rowLess orders their names.
class NeuronRows {
public:
    // The thread of row `name` in `process`, made and named on first use with `rank`;
    // *added (when given) says whether this call made it.
    uint32_t thread(
        store::StoreBuilder& b, store::ProcessId process, const std::string& name, int rank = 0, bool* added = nullptr);
    // Sets every row's sort index in the builder.
    void order(store::StoreBuilder& b) const;

private:
    std::map<std::string, std::pair<uint32_t, int>> m_rows; // name → (thread, rank)
};

} // namespace strata::importers
