#include "sophgoiterationbuilder.h"

#include "sophgoarglist.h"
#include "sophgocycleunwrapper.h"
#include "sophgoidunwrapper.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace strata::importers::sophgo {

using store::TimeNs;

namespace {

constexpr uint32_t kUnfilled = 0xFFFFFFFFu;
// Beyond this a converted time is garbage (a corrupt cycle count): about 11 days.
constexpr double kMaxSaneNs = 1e15;

const char* dynKindName(uint32_t kind)
{
    switch (kind) {
    case 0: return "FUNC";
    case 1: return "NODE_SET";
    case 2: return "NODE_WAIT";
    case 3: return "CDMA";
    case 4: return "GDE";
    case 5: return "SORT";
    case 6: return "NMS";
    case 100: return "CUSTOM";
    default: return nullptr;
    }
}

const char* subnetTypeName(uint32_t t)
{
    switch (t) {
    case 0: return "TPU";
    case 1: return "CPU";
    case 2: return "MERGE";
    case 3: return "SWITCH";
    default: return "UNKNOWN";
    }
}

std::string lower(std::string s)
{
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

TimeNs SophgoIterationBuilder::cyclesToNs(uint64_t cycles, double nsPerCycle) const
{
    const double ns = double(cycles) * nsPerCycle;
    if (ns >= 0 && ns < kMaxSaneNs)
        return TimeNs(std::llround(ns));
    m_ctx.b.diagnostics().count("sophgo_cycle_time_clamped");
    return ns >= kMaxSaneNs ? TimeNs(kMaxSaneNs) : 0;
}

store::TypeId SophgoIterationBuilder::type(const std::string& name, const char* category)
{
    return m_ctx.b.type(m_ctx.b.intern(name), m_ctx.b.intern(category));
}

TimeNs SophgoIterationBuilder::add(const SophgoIterationData& it)
{
    store::StoreBuilder& b = m_ctx.b;
    m_latest = it.end;
    m_subnet = nullptr;
    m_mapper.reset();
    m_gdmaCommand.clear();
    m_tiuCommand.clear();
    const bool isStatic = it.hasSummary && it.summary.subnetType == 0 && it.summary.extraData == 0;
    if (auto s = m_ctx.global.subnets.find(it.summary.subnetId); it.hasSummary && s != m_ctx.global.subnets.end()) {
        m_subnet = &s->second;
        m_mapper = std::make_unique<SophgoMemoryMapper>(*m_subnet, m_ctx.arch);
        // Dynamic subnets issue their commands at run time: static ids would match by chance.
        for (size_t i = 0; isStatic && i < m_subnet->commands.size(); ++i)
            (m_subnet->commands[i].gdma ? m_gdmaCommand : m_tiuCommand).emplace(m_subnet->commands[i].id, i);
    }

    DynInfo info;
    emitDyn(it, info);
    const TimeNs anchor = info.firstNodeSet != store::kTimeMin ? info.firstNodeSet : it.begin;
    std::vector<Pmu> gdma = gdmaTimes(it, anchor);
    std::vector<Pmu> tiu = tiuTimes(it, anchor);
    const TimeNs shift = tiuShift(gdma, tiu, info);
    for (Pmu& p : tiu) {
        p.start += shift;
        p.end += shift;
    }
    emitGdma(it, gdma, info);
    emitTiu(it, tiu, info);
    emitLayers(gdma, tiu);

    // The subnet row last: without a SUMMARY its span is what the device rows covered.
    const TimeNs end = it.hasSummary ? it.end : std::max(it.begin, m_latest);
    SophgoArgList args(b);
    args.s("file", it.file);
    if (it.hasSummary) {
        const SophgoSummary& s = it.summary;
        std::string kind = subnetTypeName(s.subnetType);
        if (s.subnetType == 0)
            kind += s.extraData ? "(dynamic)" : "(static)";
        args.u("iteration", s.iteration).u("subnet_id", s.subnetId).s("subnet_type", kind);
        args.u("begin_usec", s.beginUsec).u("end_usec", s.endUsec).u("extra_data", s.extraData);
        if (m_subnet)
            args.u("num_layers", m_subnet->layers.size());
    }
    const std::string name = it.hasSummary ? "Subnet " + std::to_string(it.summary.subnetId) : it.file;
    b.completeSlice(m_ctx.rows.subnet, it.begin, end - it.begin, type(name, "subnet"), args.set());
    return std::max(m_latest, end);
}

void SophgoIterationBuilder::emitDyn(const SophgoIterationData& it, DynInfo& info)
{
    store::StoreBuilder& b = m_ctx.b;
    if (it.dyn.size() < 2) {
        if (it.dyn.size() == 1)
            b.diagnostics().report("sophgo_dyn_calibration_only",
                it.file + ": DYN_DATA holds only the calibration record; no firmware records to show");
        return;
    }
    // Record 0 calibrates: its end_cycle is nanoseconds per cycle; record 1 starts the clock.
    uint64_t nsPerCycle = it.dyn[0].endCycle;
    if (nsPerCycle == 0 || nsPerCycle > 1000000) {
        b.diagnostics().report("sophgo_bad_dyn_calibration",
            it.file + ": DYN_DATA calibration says " + std::to_string(nsPerCycle) + " ns per cycle; 1 is used");
        nsPerCycle = 1;
    }
    const uint64_t base = it.dyn[1].beginCycle;
    std::unordered_map<uint32_t, std::vector<size_t>> extras;
    for (size_t i = 0; i < it.dynExtra.size(); ++i)
        extras[it.dynExtra[i].first].push_back(i);
    auto timeOf = [&](uint64_t cycle) {
        if (cycle < base) {
            b.diagnostics().count("sophgo_dyn_before_base_cycle");
            return it.begin;
        }
        return it.begin + cyclesToNs(cycle - base, double(nsPerCycle));
    };
    for (size_t k = 1; k < it.dyn.size(); ++k) {
        const SophgoDynRecord& r = it.dyn[k];
        const uint32_t kind = r.type & 0xFF;
        const TimeNs begin = timeOf(r.beginCycle);
        const bool noEnd = r.endCycle == 0 || r.endCycle == ~uint64_t(0);
        TimeNs end = noEnd ? begin + 10 : timeOf(r.endCycle);
        if (end < begin) {
            b.diagnostics().count("sophgo_dyn_end_before_begin");
            end = begin;
        }
        SophgoArgList args(b);
        args.u("profile_id", r.profileId).u("type", r.type).hex("id", r.id);
        args.u("begin_cycle", r.beginCycle).u("end_cycle", r.endCycle);
        std::string name;
        uint32_t row = m_ctx.rows.mcu;
        float height = 1.0f;
        const char* kindName = dynKindName(kind);
        if (kind == 0) { // FUNC: a layer the firmware ran
            const uint64_t group = r.id >> 48, cls = (r.id >> 32) & 0xFFFF, layerType = r.id & 0xFFFF;
            static const char* const kClass[] = { "global", "local", "gdma" };
            const std::string c = cls < 3 ? kClass[cls] : "class " + std::to_string(cls);
            args.u("group_id", group).s("func_class", c).u("layer_type_id", layerType);
            name = c + ":" + std::to_string(layerType);
            row = m_ctx.rows.layers;
            height = cls == 2 ? 0.5f : 1.0f;
        } else if (kind == 1 || kind == 2) {
            const SophgoArch::NodeIds n = m_ctx.arch.nodeIds(r.id);
            args.u("bd_id", n.bdId).u("gdma_id", n.gdmaId);
            const char* engine = SophgoArch::engineName(n.engine);
            if (kind == 1) {
                args.s("engine", engine ? engine : "UNKNOWN").s("state", n.parallel ? "parallel" : "serial");
                args.i("version", n.version);
                const char* func
                    = n.engine == 0 ? SophgoArch::tiuFuncName(n.funcType) : SophgoArch::gdmaFuncName(n.funcType);
                if (n.funcType >= 0 && func)
                    args.s("func", func);
                if (info.firstNodeSet == store::kTimeMin)
                    info.firstNodeSet = begin;
                if (n.engine == 0) {
                    info.tiuWaitsFor[n.bdId] = n.gdmaId;
                    if (n.funcType >= 0)
                        info.tiuFunc[n.bdId] = n.funcType;
                } else if (n.engine == 1 && n.funcType >= 0) {
                    info.gdmaFunc[n.gdmaId] = n.funcType;
                }
                name = std::string("set ") + (engine ? engine : "UNKNOWN");
            } else {
                name = "wait";
            }
        } else if (kindName) {
            name = kindName;
            if (kind == 100)
                height = 0.5f;
        } else {
            b.diagnostics().count("sophgo_unknown_dyn_record");
            name = "type " + std::to_string(kind);
        }
        if (kindName)
            args.s("kind", kindName);
        if (auto e = extras.find(r.profileId); e != extras.end()) {
            std::string text;
            uint64_t binary = 0;
            for (size_t i : e->second) {
                const SophgoExtraEntry& x = it.dynExtra[i];
                if (x.second == 0)
                    text += (text.empty() ? "" : ", ") + x.content;
                else
                    binary += x.content.size();
            }
            if (!text.empty())
                args.s("extra", text);
            if (binary)
                args.u("extra_binary_bytes", binary);
        }
        const store::SliceHandle h
            = b.completeSlice(row, begin, end - begin, type(name, row == m_ctx.rows.mcu ? "mcu" : "layer"), args.set());
        if (height < 1.0f)
            b.setSliceHeight(h, height);
        if (row == m_ctx.rows.mcu)
            m_ctx.mcuBusy = store::TimeMath::saturatingAdd(m_ctx.mcuBusy, end - begin);
        m_latest = std::max(m_latest, end);
    }
}

std::vector<SophgoIterationBuilder::Pmu> SophgoIterationBuilder::gdmaTimes(const SophgoIterationData& it, TimeNs anchor)
{
    const uint32_t idMask = (1u << m_ctx.arch.gdmaIdBits()) - 1;
    auto read = [&](size_t i) {
        const SophgoGdmaRecord& r = it.gdma[i];
        return PmuRaw { r.start(), r.end(), r.rawId() & idMask,
            r.w[4] == kUnfilled || r.w[7] == kUnfilled || r.w[10] == kUnfilled };
    };
    return pmuTimes(
        it.gdma.size(), read, m_ctx.arch.gdmaIdBits(), m_ctx.arch.gdmaNsPerCycle(m_ctx.freqMhz), m_gdmaCommand, anchor);
}

std::vector<SophgoIterationBuilder::Pmu> SophgoIterationBuilder::tiuTimes(const SophgoIterationData& it, TimeNs anchor)
{
    auto read = [&](size_t i) {
        const SophgoTiuRecord& r = it.tiu[i];
        return PmuRaw { r.start, r.end, r.instId, false };
    };
    return pmuTimes(
        it.tiu.size(), read, m_ctx.arch.tiuIdBits(), m_ctx.arch.tiuNsPerCycle(m_ctx.freqMhz), m_tiuCommand, anchor);
}

std::vector<SophgoIterationBuilder::Pmu> SophgoIterationBuilder::pmuTimes(size_t count,
    const std::function<PmuRaw(size_t)>& read, uint32_t idBits, double nsPerCycle,
    const std::unordered_map<uint64_t, size_t>& commands, TimeNs anchor)
{
    std::vector<Pmu> out;
    SophgoCycleUnwrapper cycles;
    SophgoIdUnwrapper ids(idBits);
    uint64_t first = 0;
    for (size_t i = 0; i < count; ++i) {
        const PmuRaw r = read(i);
        if (r.start == kUnfilled || r.end == kUnfilled) { // the writer stops at the pre-filled part
            m_ctx.b.diagnostics().count("sophgo_pmu_unfilled_records", count - i);
            break;
        }
        Pmu p;
        p.id = ids(r.id);
        if (r.countersUnfilled) {
            m_ctx.b.diagnostics().count("sophgo_gdma_record_unfilled_counters");
            continue;
        }
        const uint64_t s = cycles(r.start), e = cycles(r.end);
        if (out.empty())
            first = s;
        p.start = anchor + cyclesToNs(s >= first ? s - first : 0, nsPerCycle);
        p.end = anchor + cyclesToNs(e >= first ? e - first : 0, nsPerCycle);
        if (p.end < p.start) {
            m_ctx.b.diagnostics().count("sophgo_pmu_end_before_start");
            p.end = p.start;
        }
        if (auto c = commands.find(p.id); c != commands.end())
            p.command = int(c->second);
        p.record = uint32_t(i);
        out.push_back(p);
    }
    return out;
}

TimeNs SophgoIterationBuilder::tiuShift(
    const std::vector<Pmu>& gdma, const std::vector<Pmu>& tiu, const DynInfo& info) const
{
    if (gdma.empty() || tiu.empty())
        return 0;
    std::unordered_map<uint64_t, TimeNs> gdmaEnd;
    for (const Pmu& g : gdma)
        gdmaEnd[g.id] = g.end;
    bool any = false;
    TimeNs shift = 0;
    for (const Pmu& t : tiu) {
        uint64_t dep = 0;
        if (t.command >= 0)
            dep = m_subnet->commands[size_t(t.command)].depId;
        else if (auto d = info.tiuWaitsFor.find(t.id); d != info.tiuWaitsFor.end())
            dep = d->second;
        if (dep == 0)
            continue;
        if (auto g = gdmaEnd.find(dep); g != gdmaEnd.end()) {
            shift = std::max(shift, g->second - t.start);
            any = true;
        }
    }
    if (!any)
        m_ctx.b.diagnostics().report("sophgo_pmu_alignment_without_dependencies",
            "no TIU command names a GDMA command it waits for: the TIU and GDMA rows are aligned at their first "
            "records");
    return shift;
}

void SophgoIterationBuilder::emitGdma(const SophgoIterationData& it, std::vector<Pmu>& gdma, const DynInfo& info)
{
    store::StoreBuilder& b = m_ctx.b;
    double maxSpeed = 0;
    std::vector<double> speed(gdma.size(), 0);
    for (size_t i = 0; i < gdma.size(); ++i) {
        const SophgoGdmaRecord& r = it.gdma[gdma[i].record];
        const TimeNs dur = gdma[i].end - gdma[i].start;
        speed[i] = dur > 0 ? double(r.writtenBytes()) / double(dur) : 0; // bytes per ns = GB/s
        maxSpeed = std::max(maxSpeed, speed[i]);
    }
    if (maxSpeed > 0) {
        m_ctx.gdmaFullMin = m_ctx.gdmaFullMin > 0 ? std::min(m_ctx.gdmaFullMin, maxSpeed) : maxSpeed;
        m_ctx.gdmaFullMax = std::max(m_ctx.gdmaFullMax, maxSpeed);
    }
    for (size_t i = 0; i < gdma.size(); ++i) {
        Pmu& p = gdma[i];
        const SophgoGdmaRecord& r = it.gdma[p.record];
        SophgoArgList args(b);
        args.u("gdma_id", p.id).u("bytes", r.writtenBytes()).d("speed_GBps", speed[i]);
        args.u("start_cycle", r.start()).u("end_cycle", r.end());
        for (size_t w = 3; w < r.w.size(); ++w) {
            // Words 15–47 (reserved, valid, stall and AXI timing counters) only when set: most are 0.
            if (w < 15 || r.w[w] != 0)
                args.u(SophgoGdmaRecord::wordName(w), r.w[w]);
        }
        std::string name = "GDMA";
        int func = -1;
        if (p.command >= 0) {
            const SophgoCommand& c = m_subnet->commands[size_t(p.command)];
            func = c.func;
            const int dir = m_mapper->direction(size_t(p.command));
            if (const char* d = SophgoArch::gdmaDirName(dir))
                args.s("direction", d);
            args.u("waits_for_bd_id", c.depId);
            if (c.layer >= 0)
                layerArgs(args, m_subnet->layers[size_t(c.layer)]);
            const char* f = SophgoArch::gdmaFuncName(func);
            const char* d = SophgoArch::gdmaDirName(dir);
            name = std::string(f ? f : "GDMA") + (d ? std::string(" ") + d : std::string());
        } else if (auto f = info.gdmaFunc.find(p.id); f != info.gdmaFunc.end()) {
            func = f->second;
            if (const char* n = SophgoArch::gdmaFuncName(func))
                name = n;
        }
        if (const char* f = SophgoArch::gdmaFuncName(func))
            args.s("func", f);
        p.slice = b.completeSlice(m_ctx.rows.gdma, p.start, p.end - p.start, type(name, "dma"), args.set());
        b.setSliceHeight(p.slice, maxSpeed > 0 ? float(speed[i] / maxSpeed) : 1.0f);
        m_latest = std::max(m_latest, p.end);
        ++m_ctx.gdmaRecords;
        emitAccesses(p);
    }
}

void SophgoIterationBuilder::emitTiu(const SophgoIterationData& it, std::vector<Pmu>& tiu, const DynInfo& info)
{
    store::StoreBuilder& b = m_ctx.b;
    for (Pmu& p : tiu) {
        const SophgoTiuRecord& r = it.tiu[p.record];
        SophgoArgList args(b);
        const uint64_t cycles = r.end >= r.start ? uint64_t(r.end - r.start) : 0;
        // Utilisation: the command's computation load over the cycles it took (1 if unknown).
        const double util
            = r.computationLoad > 0 && cycles > 0 ? std::min(1.0, double(r.computationLoad) / double(cycles)) : 1.0;
        args.u("bd_id", p.id).u("cycle", r.computationLoad).d("utilization", util);
        args.u("start_cycle", r.start).u("end_cycle", r.end);
        args.u("num_read", r.numRead).u("num_read_stall", r.numReadStall).u("num_write", r.numWrite);
        int func = -1;
        if (p.command >= 0) {
            const SophgoCommand& c = m_subnet->commands[size_t(p.command)];
            func = c.func;
            args.u("waits_for_gdma_id", c.depId);
            if (c.layer >= 0)
                layerArgs(args, m_subnet->layers[size_t(c.layer)]);
        } else if (auto f = info.tiuFunc.find(p.id); f != info.tiuFunc.end()) {
            func = f->second;
        }
        const char* f = SophgoArch::tiuFuncName(func);
        if (f)
            args.s("func", f);
        p.slice = b.completeSlice(m_ctx.rows.tiu, p.start, p.end - p.start, type(f ? f : "TIU", "tiu"), args.set());
        b.setSliceHeight(p.slice, float(util));
        m_latest = std::max(m_latest, p.end);
        ++m_ctx.tiuRecords;
        emitAccesses(p);
    }
}

void SophgoIterationBuilder::emitAccesses(const Pmu& p)
{
    if (p.command < 0 || !m_mapper)
        return;
    for (const SophgoMemoryMapper::Access& a : m_mapper->accesses(size_t(p.command))) {
        store::MemoryAccess m;
        m.start = p.start;
        m.end = p.end;
        m.address = a.address;
        m.size = a.size;
        m.space = a.local ? m_ctx.localMem : m_ctx.globalMem;
        m.write = a.write;
        m.lane = 0;
        m_ctx.b.memoryAccess(p.slice, m);
        ++m_ctx.accesses;
    }
}

std::string SophgoIterationBuilder::layerType(const SophgoLayer& l) const
{
    static const char* const kGdmaOps[] = { "Load", "Store", "Move", "LoadL2" };
    std::string type = l.type;
    if (type.empty() && l.gdmaType >= 0 && l.gdmaType < 4)
        type = kGdmaOps[l.gdmaType];
    if (type.empty())
        return "UNKNOWN";
    if (!m_ctx.global.isMlir && type.find_first_not_of("0123456789") == std::string::npos)
        return "layer_type " + type;
    return type;
}

void SophgoIterationBuilder::layerArgs(SophgoArgList& args, const SophgoLayer& l) const
{
    const std::string type = layerType(l);
    args.i("layer_id", l.id).s("layer_type", type).s("layer_name", l.name);
    // The layer instance: its name, else its type and id ("Conv #5"; gdma layers have id -1).
    std::string layer = l.name;
    if (layer.empty())
        layer = l.id >= 0 ? type + " #" + std::to_string(l.id) : type;
    args.s("layer", layer).s("framework_op", type);
}

void SophgoIterationBuilder::emitLayers(const std::vector<Pmu>& gdma, const std::vector<Pmu>& tiu)
{
    if (!m_subnet)
        return;
    store::StoreBuilder& b = m_ctx.b;
    const auto& layers = m_subnet->layers;
    std::vector<TimeNs> begin(layers.size(), store::kTimeMax), end(layers.size(), store::kTimeMin);
    std::vector<uint32_t> matched(layers.size(), 0);
    for (const auto* list : { &gdma, &tiu }) {
        for (const Pmu& p : *list) {
            if (p.command < 0)
                continue;
            const int l = m_subnet->commands[size_t(p.command)].layer;
            if (l < 0)
                continue;
            begin[size_t(l)] = std::min(begin[size_t(l)], p.start);
            end[size_t(l)] = std::max(end[size_t(l)], p.end);
            ++matched[size_t(l)];
        }
    }
    for (size_t i = 0; i < layers.size(); ++i) {
        if (!matched[i])
            continue;
        const SophgoLayer& l = layers[i];
        const std::string type = layerType(l);
        const bool local = l.kind != SophgoLayerKind::Global;
        const std::string name = type + (local ? "(L)" : "(G)");
        const std::string t = lower(type);
        const bool transfer = l.kind == SophgoLayerKind::Gdma || l.id == -1 || t == "load" || t == "store";
        SophgoArgList args(b);
        layerArgs(args, l);
        static const char* const kKinds[] = { "global", "local", "gdma" };
        args.s("kind", kKinds[int(l.kind)]);
        if (l.group >= 0)
            args.i("group", l.group);
        if (l.parallel)
            args.i("parallel", 1);
        if (l.gdmaType >= 0)
            args.i("gdma_type", l.gdmaType);
        args.u("commands", l.commands.size()).u("commands_profiled", matched[i]);
        if (l.lmemTotal)
            args.u("lmem_total_size", *l.lmemTotal);
        if (l.lmemFeature)
            args.u("lmem_feature_size", *l.lmemFeature);
        if (l.lmemWeight)
            args.u("lmem_weight_size", *l.lmemWeight);
        for (size_t k = 0; k < l.tensors.size(); ++k) {
            const SophgoTensor& x = l.tensors[k];
            const std::string p = std::string(x.isIn ? "in" : "out") + "." + std::to_string(k) + ".";
            args.i(p + "tensor_id", x.id).s(p + "shape", x.shape);
            const char* dt = SophgoArch::dtypeName(x.dtype);
            args.s(p + "dtype", dt ? dt : std::to_string(x.dtype));
            if (x.isConst)
                args.i(p + "is_const", 1);
            if (x.gaddr)
                args.hex(p + "gaddr", *x.gaddr);
            if (x.gsize)
                args.u(p + "gsize", *x.gsize);
            if (x.loffset)
                args.hex(p + "loffset", *x.loffset);
            if (x.nslice)
                args.i(p + "nslice", x.nslice);
            if (x.hslice)
                args.i(p + "hslice", x.hslice);
            if (x.l2addr)
                args.hex(p + "l2addr", *x.l2addr);
        }
        const store::SliceHandle h
            = b.completeSlice(m_ctx.rows.layers, begin[i], end[i] - begin[i], this->type(name, "layer"), args.set());
        if (transfer)
            b.setSliceHeight(h, 0.5f);
        ++m_ctx.layers;
    }
}

} // namespace strata::importers::sophgo
