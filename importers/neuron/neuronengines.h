#pragma once
#include <string>
#include <string_view>

namespace strata::importers {

// NeuronCore rows as the Neuron profiler shows them: the compute engines Tensor (PE, with
// its TensorMatrix row), Vector (DVE), Scalar (ACT), GpSimd (POOL) and Sync (SP), the
// collectives' CC-core rows, then the DMA queues, whose names
// (q<Engine><Purpose><n>[-Q<q>-E<e>]) are kept as written.
class NeuronEngines {
public:
    // The row for an `engine` column value: "tensor"/"pe" → "Tensor", "act" → "Scalar", ...;
    // anything else as written.
    static std::string rowForEngine(std::string_view engine);
    // Display order of a row: engines in the profiler's order, then CC-core, other rows,
    // and the DMA queues last.
    static int rank(std::string_view row);
    // The category of a row's events: "tensor", "vector", "scalar", "gpsimd", "sync",
    // "collective" or "dma"; "" for a row of unknown kind.
    static std::string category(std::string_view row);
    static bool isDmaQueue(std::string_view row);
    // Display order: by rank, then by name with digit runs compared as numbers
    // (qSyncIO2 before qSyncIO10).
    static bool rowLess(std::string_view a, std::string_view b);
};

} // namespace strata::importers
