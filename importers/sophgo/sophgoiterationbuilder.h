#pragma once
#include "sophgoarglist.h"
#include "sophgocontext.h"
#include "sophgomemorymapper.h"

#include <functional>
#include <memory>
#include <unordered_map>

namespace strata::importers::sophgo {

// Turns one decoded iter*.profile into the rows of Sophgo's TPU profile view, on one time base:
// - Subnet: the SUMMARY's host span.
// - MCU (NODE_OP): DYN_DATA firmware records (FUNC records go to Layers), timed by the
//   calibration record from the subnet's start; DYN_EXTRA strings become their `extra` arg.
// - GDMA and TIU: PMU records, cycles unwrapped at 2^32, anchored at the first NODE_SET (or
//   the subnet's start); TIU shifted so no TIU command starts before the GDMA command it
//   waits for ends (static or NODE_SET dependencies). GDMA height = bandwidth relative to the
//   iteration's fastest; TIU height = computation_load over the command's cycles.
// - Layers: the static layer list of global.profile, each spanning its matched commands
//   (data movement at half height), and dynamic FUNC records.
// A matched command and its layer carry the same `layer` and `framework_op` args, so the
// operator analytics group the TIU and GDMA commands by layer (docs/formats.md, "Operator identity").
// Memory accesses of matched commands come from SophgoMemoryMapper.
class SophgoIterationBuilder {
public:
    explicit SophgoIterationBuilder(SophgoContext& ctx)
        : m_ctx(ctx)
    {
    }
    // Returns the latest time an event of this iteration ends at.
    store::TimeNs add(const SophgoIterationData& it);

private:
    struct Pmu {
        store::TimeNs start = 0, end = 0;
        uint64_t id = 0; // unwrapped command id
        int command = -1; // static command index, -1 when unmatched
        uint32_t record = 0; // index of the PMU record in its block
        store::SliceHandle slice;
    };
    struct DynInfo {
        store::TimeNs firstNodeSet = store::kTimeMin;
        std::unordered_map<uint64_t, uint64_t> tiuWaitsFor; // bd id → gdma id, from NODE_SET
        std::unordered_map<uint64_t, int> tiuFunc, gdmaFunc; // from NODE_SET version > 0
    };

    void emitDyn(const SophgoIterationData& it, DynInfo& info);
    std::vector<Pmu> gdmaTimes(const SophgoIterationData& it, store::TimeNs anchor);
    std::vector<Pmu> tiuTimes(const SophgoIterationData& it, store::TimeNs anchor);
    // One PMU record as both engines have it; countersUnfilled: a GDMA record whose byte
    // counters are still pre-filled (skipped, counted).
    struct PmuRaw {
        uint32_t start, end, id;
        bool countersUnfilled;
    };
    // The `count` records of one engine (`read` gives each) as times: up to the first
    // pre-filled one, cycles unwrapped and anchored at the first record, ids unwrapped at
    // `idBits` and matched to the static `commands`.
    std::vector<Pmu> pmuTimes(size_t count, const std::function<PmuRaw(size_t)>& read, uint32_t idBits,
        double nsPerCycle, const std::unordered_map<uint64_t, size_t>& commands, store::TimeNs anchor);
    void emitGdma(const SophgoIterationData& it, std::vector<Pmu>& gdma, const DynInfo& info);
    void emitTiu(const SophgoIterationData& it, std::vector<Pmu>& tiu, const DynInfo& info);
    store::TimeNs tiuShift(const std::vector<Pmu>& gdma, const std::vector<Pmu>& tiu, const DynInfo& info) const;
    void emitLayers(const std::vector<Pmu>& gdma, const std::vector<Pmu>& tiu);
    void emitAccesses(const Pmu& p);
    // A layer's type as shown ("Conv2D", "Load" for a gdma_layer without one, "layer_type 12"
    // for a non-MLIR enum) and the args every slice of the layer carries: its fields plus the
    // identity the operator analytics read (`layer` = the instance, `framework_op` = the type).
    std::string layerType(const SophgoLayer& l) const;
    void layerArgs(SophgoArgList& args, const SophgoLayer& l) const;
    store::TimeNs cyclesToNs(uint64_t cycles, double nsPerCycle) const;
    store::TypeId type(const std::string& name, const char* category);

    SophgoContext& m_ctx;
    const SophgoSubnet* m_subnet = nullptr; // static info of the iteration's subnet, if any
    std::unique_ptr<SophgoMemoryMapper> m_mapper;
    std::unordered_map<uint64_t, size_t> m_gdmaCommand, m_tiuCommand; // static id → command
    store::TimeNs m_latest = 0;
};

} // namespace strata::importers::sophgo
