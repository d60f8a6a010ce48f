#pragma once
#include "sophgoarch.h"
#include "sophgoglobalinfo.h"

#include <vector>

namespace strata::importers::sophgo {

// Which memory a static command reads and writes, from the tensors of its layer in
// global.profile (the commands themselves are not decoded). Rules:
// - GDMA, by direction (gdma_dir; else the gdma_layer's type; else global→global):
//   S2L reads the layer's input tensors in GLOBAL memory and writes them to LOCAL memory,
//   L2S reads its outputs in LOCAL and writes them to GLOBAL, S2S reads inputs and writes
//   outputs in GLOBAL, L2L the same in LOCAL. A layer with no tensor of the wanted side
//   uses all its tensors.
// - TIU reads the inputs and writes the outputs in LOCAL memory.
// A layer's GDMA commands of one direction share its global tensors: the k-th of n moves
// the k-th n-th of each (a layer runs slice by slice). Local ranges are the slice buffers
// (loffset, sized from shape, nslice/hslice, dtype and the lanes), whole for every command.
class SophgoMemoryMapper {
public:
    struct Access {
        bool local = false;
        bool write = false;
        uint64_t address = 0;
        uint64_t size = 0;
        int tensor = -1; // index into the layer's tensors
    };

    SophgoMemoryMapper(const SophgoSubnet& subnet, const SophgoArch& arch);
    std::vector<Access> accesses(size_t command) const;
    // Bytes one lane holds of a tensor's slice; 0 when the shape cannot be read.
    static uint64_t localBytes(const SophgoTensor& t, const SophgoArch& arch);
    int direction(size_t command) const; // 0 S2L, 1 L2S, 2 S2S, 3 L2L; -1 for TIU commands

private:
    const SophgoSubnet& m_subnet;
    const SophgoArch& m_arch;
    std::vector<uint32_t> m_ordinal, m_count; // per command: among its layer's GDMA commands of its direction
};

} // namespace strata::importers::sophgo
