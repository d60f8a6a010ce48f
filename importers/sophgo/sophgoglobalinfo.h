#pragma once
// What global.profile says, as plain values: the net, the clock and, per subnet, the
// compiler's static layer list with its tensors and command lists, plus the runtime's
// memory allocations.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace strata::importers::sophgo {

struct SophgoTensor {
    int64_t id = -1;
    bool isIn = false;
    std::string shape; // "1x3x640x640" as written
    int dtype = -1;
    bool isConst = false;
    std::optional<uint64_t> gaddr, gsize, l2addr;
    std::optional<uint64_t> loffset; // local memory offset (layers of a layer group)
    int64_t nslice = 0, hslice = 0;
};

enum class SophgoLayerKind : uint8_t { Global, Local, Gdma };

struct SophgoLayer {
    SophgoLayerKind kind = SophgoLayerKind::Global;
    int64_t id = -1;
    std::string type; // layer_type as written (a string when is_mlir=1, an enum number otherwise)
    std::string name;
    int gdmaType = -1; // gdma_layer: 0 LOAD, 1 STORE, 2 MOVE, 3 LD_G2L2
    int64_t group = -1; // "start local memory usage of group G" in effect
    bool parallel = false; // inside "start parallel." … "end parallel."
    std::vector<SophgoTensor> tensors;
    std::vector<size_t> commands; // indices into the subnet's commands, in issue order
    // From the group's local memory usage lines, when given.
    std::optional<uint64_t> lmemTotal, lmemFeature, lmemWeight;
};

// One static command: a GDMA command waits for TIU command `depId` and vice versa.
struct SophgoCommand {
    bool gdma = false;
    uint32_t id = 0; // gdma_id for GDMA commands, bd_id for TIU ones
    uint32_t depId = 0; // the other engine's id it waits for
    int func = -1; // gdma_func / bd_func
    int dir = -1; // gdma_dir
    int layer = -1; // index into the subnet's layers, -1 when before any layer line
};

struct SophgoSubnet {
    int64_t id = 0;
    std::vector<SophgoLayer> layers;
    std::vector<SophgoCommand> commands;
};

struct SophgoAllocation {
    int mtype = -1; // 0 CPU, 1 GLOBAL, 2 LOCAL, 3 ARM
    uint64_t addr = 0, size = 0;
    uint64_t allocUsec = 0, freeUsec = 0; // 0: not given
    std::string desc;
};

struct SophgoGlobalInfo {
    bool present = false; // global.profile was read
    int arch = 3;
    bool archGiven = false;
    std::string netName;
    double freqMhz = 0; // 0: not given or given as 0 (freqGiven)
    bool freqGiven = false;
    bool isMlir = true;
    std::vector<int> cores;
    std::map<int64_t, SophgoSubnet> subnets;
    std::vector<SophgoAllocation> allocations;
    uint64_t lines = 0;
};

} // namespace strata::importers::sophgo
