#include "sophgoimporter.h"

#include "sophgofiledecoder.h"
#include "sophgofolder.h"
#include "sophgoglobalprofileparser.h"
#include "sophgohostbuilder.h"
#include "sophgoiterationbuilder.h"
#include "sophgoiterationqueue.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>

namespace strata::importers {

using namespace sophgo;
using store::TimeNs;

namespace {

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

std::string folderName(const std::string& path)
{
    return std::filesystem::path(path).parent_path().filename().string();
}

uint32_t le32(std::string_view head)
{
    return uint32_t(uint8_t(head[0])) | uint32_t(uint8_t(head[1])) << 8 | uint32_t(uint8_t(head[2])) << 16
        | uint32_t(uint8_t(head[3])) << 24;
}

// The categories of the GLOBAL MEM breakdown Sophgo's profile view shows (Coeff / Runtime /
// Tensor), by the words bmruntime writes in an allocation's desc.
std::string category(const std::string& desc)
{
    std::string d = desc;
    for (char& c : d)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    auto has = [&](const char* w) { return d.find(w) != std::string::npos; };
    if (has("coeff") || has("weight"))
        return "Coeff";
    if (has("runtime") || has("neuron") || has("instruction") || has("cmd") || has("ctx"))
        return "Runtime";
    if (has("tensor") || has("input") || has("output"))
        return "Tensor";
    return "Other";
}

std::string megabytes(uint64_t bytes)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f MB", double(bytes) / 1e6);
    return buf;
}

std::string milliseconds(TimeNs ns)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3fms", double(ns) / 1e6);
    return buf;
}

// global.profile's static net info and allocations; defaults (with a diagnostic) when the
// folder has none or it cannot be read.
SophgoGlobalInfo readGlobal(const SophgoFolder& folder, SophgoFileDecoder& decoder, store::Diagnostics& diag)
{
    SophgoGlobalInfo global;
    if (folder.hasGlobal) {
        std::string text;
        if (decoder.readText(folder, "global.profile", &text))
            global = SophgoGlobalProfileParser::parse(text, diag);
        else
            diag.report("sophgo_global_profile_unreadable", decoder.error());
    } else {
        diag.report("sophgo_missing_global_profile",
            "the folder has no global.profile: BM1684X at 1000 MHz is "
            "assumed, and there are no layers or memory information");
    }
    return global;
}

// The arch and clock global.profile names, each checked: what is unknown or missing is
// reported and a default used.
void checkArchAndClock(SophgoContext& ctx, store::Diagnostics& diag)
{
    const SophgoGlobalInfo& global = ctx.global;
    if (global.present && !global.archGiven)
        diag.report("sophgo_no_arch", "global.profile names no arch: BM1684X is assumed");
    if (!ctx.arch.known())
        diag.report("sophgo_unknown_arch",
            "global.profile: arch=" + std::to_string(global.arch)
                + " is not a known TPU; its PMU records are read as BM1684X's");
    else if (!ctx.arch.pmuKnown())
        diag.report("sophgo_pmu_layout_unknown",
            ctx.arch.name()
                + " writes PMU records in a layout this reader does not know: the TIU and GDMA rows are left out");
    if (global.freqGiven && global.freqMhz <= 0)
        diag.report("sophgo_bad_tpu_freq", "global.profile: tpu_freq=0; 1000 MHz is used");
    ctx.freqMhz = global.freqMhz > 0 ? global.freqMhz : 1000;
}

// The TPU process with the rows of Sophgo's profile view, top to bottom, and the two memory
// spaces of the Memory dock.
void addRowsAndSpaces(SophgoContext& ctx)
{
    store::StoreBuilder& b = ctx.b;
    const store::ProcessId process = b.process(store::IdValue::string(b.intern("TPU")));
    const std::string net = ctx.global.netName.empty() ? "bmprofile" : ctx.global.netName;
    b.setProcessName(process, b.intern(net + " on " + ctx.arch.name()));
    auto row = [&](const char* name, int index) {
        const uint32_t t = b.thread(process, store::IdValue::number(index));
        b.setThreadName(t, b.intern(name));
        b.setThreadSortIndex(t, index);
        return t;
    };
    ctx.rows.subnet = row("Subnet", 0);
    ctx.rows.host = row("Host (bmlib)", 1);
    ctx.rows.layers = row("Layers", 2);
    ctx.rows.mcu = row("MCU (NODE_OP)", 3);
    ctx.rows.gdma = row("GDMA", 4);
    ctx.rows.tiu = row("TIU", 5);
    // The engines are the device; Subnet, Layers and MCU repeat their time from other records.
    for (uint32_t t : { ctx.rows.subnet, ctx.rows.host, ctx.rows.layers, ctx.rows.mcu })
        b.setThreadRole(t, store::TrackRole::Host);
    b.setThreadRole(ctx.rows.gdma, store::TrackRole::Device);
    b.setThreadRole(ctx.rows.tiu, store::TrackRole::Device);
    store::MemorySpace local;
    local.name = b.intern("LOCAL MEM");
    local.kind = store::MemoryKind::Local;
    local.size = ctx.arch.localMemBytes();
    local.banks = ctx.arch.localBanks();
    local.lanes = ctx.arch.lanes();
    ctx.localMem = b.addMemorySpace(local);
    store::MemorySpace gmem;
    gmem.name = b.intern("GLOBAL MEM");
    gmem.kind = store::MemoryKind::Global;
    ctx.globalMem = b.addMemorySpace(gmem);
}

// One bmlib*.profile, decoded.
struct HostFile {
    std::string file;
    SophgoBmlib data;
    std::vector<SophgoExtraEntry> extra;
};

// The bmlib files, read before the iterations: their start may be the earliest host time.
// False when the decoder was cancelled.
bool readHosts(
    const SophgoFolder& folder, SophgoFileDecoder& decoder, store::Diagnostics& diag, std::vector<HostFile>* hosts)
{
    for (const std::string& file : folder.bmlibs) {
        HostFile h { file, {}, {} };
        bool has = false;
        if (decoder.readBmlib(folder, file, &h.data, &h.extra, &has) && has)
            hosts->push_back(std::move(h));
        else if (decoder.cancelled())
            return false;
        else if (!has)
            diag.report(
                "sophgo_bmlib_unreadable", decoder.error().empty() ? file + ": no BMLIB block" : decoder.error());
    }
    return true;
}

// The host time (µs since the epoch) shown as 0: the earliest of the first iteration's
// SUMMARY and the bmlib files' starts.
uint64_t timeZero(const SophgoIterationData* first, const std::vector<HostFile>& hosts)
{
    uint64_t base = UINT64_MAX;
    if (first && first->hasSummary)
        base = first->summary.beginUsec;
    for (const HostFile& h : hosts)
        base = std::min(base, h.data.beginUsec);
    return base == UINT64_MAX ? 0 : base;
}

// What the iterations add up to: how many were shown and when the last one ends.
struct Packed {
    size_t shown = 0;
    TimeNs end = 0;
};

// Adds `current` (when haveFirst) and every later iteration the queue decodes. Consecutive
// iterations are packed end to end: the host's gaps between them (profile processing) are
// removed, as the reference viewer does. False when cancelled.
bool addIterations(SophgoContext& ctx, SophgoIterationQueue& queue, bool haveFirst, SophgoIterationData& current,
    const std::atomic<bool>* cancel, Packed* packed)
{
    SophgoIterationBuilder builder(ctx);
    uint64_t shift = 0;
    const SophgoSummary* prev = nullptr;
    SophgoSummary prevSummary;
    for (bool have = haveFirst; have; have = queue.next(&current)) {
        SophgoIterationData& it = current;
        if (it.hasSummary) {
            const SophgoSummary& s = it.summary;
            if (prev && s.beginUsec > prev->endUsec)
                shift = addUsec(shift, s.beginUsec - prev->endUsec);
            const uint64_t origin = addUsec(ctx.baseUsec, shift);
            it.begin = s.beginUsec > origin ? TimeNs(s.beginUsec - origin) * 1000 : packed->end;
            it.end = s.endUsec > origin ? std::max(it.begin, TimeNs(s.endUsec - origin) * 1000) : it.begin;
            prevSummary = s;
            prev = &prevSummary;
        } else {
            if (packed->shown > 0)
                ctx.b.diagnostics().report("sophgo_missing_summary",
                    it.file + ": no SUMMARY block; the subnet is placed after the previous one");
            it.begin = it.end = packed->end;
        }
        // Each iteration adds at most a few 1e15 ns after its begin; kept at the store's
        // limit, thousands of them cannot overflow (the store drops what lies past it).
        it.begin = std::min(it.begin, store::kTimeLimit);
        it.end = std::min(it.end, store::kTimeLimit);
        if (!ctx.arch.pmuKnown()) {
            it.tiu.clear();
            it.gdma.clear();
        }
        packed->end = builder.add(it);
        ++packed->shown;
        if (cancel && cancel->load(std::memory_order_relaxed))
            return false;
    }
    return true;
}

// The host row, bmlib files packed end to end like the iterations.
void addHosts(SophgoContext& ctx, const std::vector<HostFile>& hosts)
{
    SophgoHostBuilder host(ctx);
    uint64_t hostShift = 0;
    for (size_t i = 0; i < hosts.size(); ++i) {
        if (i > 0 && hosts[i].data.beginUsec > hosts[i - 1].data.endUsec)
            hostShift = addUsec(hostShift, hosts[i].data.beginUsec - hosts[i - 1].data.endUsec);
        host.add(hosts[i].file, hosts[i].data, hosts[i].extra, hostShift);
    }
}

// global.profile's allocations as GLOBAL and LOCAL MEM regions; returns the GLOBAL MEM bytes
// by category.
std::map<std::string, uint64_t> addAllocations(SophgoContext& ctx)
{
    store::StoreBuilder& b = ctx.b;
    std::map<std::string, uint64_t> usage;
    for (const SophgoAllocation& a : ctx.global.allocations) {
        if (a.mtype != 1 && a.mtype != 2) {
            b.diagnostics().count("sophgo_allocation_not_device_memory");
            continue;
        }
        store::MemoryRegion r;
        r.space = a.mtype == 1 ? ctx.globalMem : ctx.localMem;
        r.address = a.addr;
        r.size = a.size;
        r.label = b.intern(a.desc);
        const std::string cat = category(a.desc);
        r.category = b.intern(cat);
        const uint64_t origin = ctx.baseUsec;
        auto since = [&](uint64_t usec) -> TimeNs {
            if (usec <= origin)
                return 0;
            if (usec - origin > kMaxUsec) {
                b.diagnostics().report("sophgo_bad_allocation_time",
                    "global.profile: allocation \"" + a.desc + "\" at " + std::to_string(usec)
                        + " µs is no time a profile can hold; placed at the start");
                return 0;
            }
            return TimeNs(usec - origin) * 1000;
        };
        if (a.allocUsec)
            r.alloc = since(a.allocUsec);
        if (a.freeUsec)
            r.free = since(a.freeUsec);
        b.addMemoryRegion(r);
        if (a.mtype == 1)
            usage[cat] += a.size;
    }
    return usage;
}

void addMetadata(SophgoContext& ctx, const Packed& packed, const std::map<std::string, uint64_t>& usage)
{
    store::StoreBuilder& b = ctx.b;
    const SophgoGlobalInfo& global = ctx.global;
    // "total" first: the run time Sophgo's view reports (the MCU row's records summed; the
    // subnets' spans when there are none).
    if (ctx.mcuBusy > 0)
        b.addMetadata("total", milliseconds(ctx.mcuBusy));
    else if (packed.end > 0)
        b.addMetadata("total", milliseconds(packed.end));
    b.addMetadata("arch", ctx.arch.name() + " (arch=" + std::to_string(global.arch) + ")");
    if (!global.netName.empty())
        b.addMetadata("net_name", global.netName);
    b.addMetadata("tpu_freq", std::to_string(int64_t(ctx.freqMhz)) + " MHz");
    b.addMetadata("iterations", std::to_string(packed.shown));
    for (const auto& [cat, bytes] : usage)
        b.addMetadata("GLOBAL MEM " + cat, megabytes(bytes));
    if (!global.cores.empty()) {
        std::string cores;
        for (int c : global.cores)
            cores += (cores.empty() ? "" : ",") + std::to_string(c);
        b.addMetadata("cores", cores);
    }
}

// What the bar heights of the engine rows mean, for the row labels' hover cards: GDMA bars
// are scaled to the fastest transfer of their iteration, TIU bars to full utilisation.
void addHeightLegends(SophgoContext& ctx)
{
    store::StoreBuilder& b = ctx.b;
    if (ctx.gdmaRecords > 0 && ctx.gdmaFullMax > 0) {
        auto gbps = [](double v) {
            char text[32];
            std::snprintf(text, sizeof text, "%.3g", v);
            return std::string(text);
        };
        const std::string lo = gbps(ctx.gdmaFullMin), hi = gbps(ctx.gdmaFullMax);
        const std::string full = lo == hi ? hi + " GB/s, the fastest transfer of the iteration"
                                          : "the fastest transfer of its iteration, " + lo + "–" + hi + " GB/s";
        b.setThreadHeightLegend(ctx.rows.gdma, b.intern("bandwidth (bytes moved ÷ duration)"), b.intern(full));
    }
    if (ctx.tiuRecords > 0)
        b.setThreadHeightLegend(ctx.rows.tiu, b.intern("utilisation (computation load ÷ cycles)"),
            b.intern("100 %, computation load = cycles (also when the record has no load)"));
    if (ctx.layers > 0)
        b.setThreadHeightLegend(
            ctx.rows.layers, b.intern("what the layer does"), b.intern("computes; half height: moves data only"));
}

} // namespace

int SophgoImporter::probe(std::string_view head, const std::string& path) const
{
    const std::string name = fileName(path);
    const bool inFolder = SophgoFolder::isProfileFolderName(folderName(path));
    if (name == "global.profile") {
        if (head.find("[bmprofile]") != std::string_view::npos)
            return kScore;
        return inFolder ? kScore - 10 : 0;
    }
    if (SophgoFolder::isIterationFile(name) || SophgoFolder::isBmlibFile(name)) {
        // The first block header: a known block type.
        const bool block = head.size() >= 8 && le32(head) >= 1 && le32(head) <= 12;
        if (block)
            return inFolder ? kScore : kScore - 20;
        return inFolder ? 40 : 0; // let the importer say what is wrong with it
    }
    return 0;
}

ImportResult SophgoImporter::import(InputReader& input, store::StoreBuilder& b, const ImportContext& ictx) const
{
    ImportResult result;
    result.format = "sophgo-bmprofile";
    store::Diagnostics& diag = b.diagnostics();
    const SophgoFolder folder = SophgoFolder::scan(SophgoFolder::folderOf(input.path()));
    SophgoFileDecoder decoder(diag, result.phases, ictx.cancel);
    if (ictx.progress && folder.totalBytes)
        decoder.setProgress([&](uint64_t n) { ictx.progress(std::min(1.0, double(n) / double(folder.totalBytes))); });
    auto cancelled = [&] {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    };

    const SophgoGlobalInfo global = readGlobal(folder, decoder, diag);
    if (decoder.cancelled())
        return cancelled();
    SophgoIterationQueue iterations(folder, decoder, diag, result);
    if (iterations.empty() && folder.bmlibs.empty()) {
        result.error = folder.iterations.empty()
            ? "a bmprofile folder without iter0.profile: nothing was profiled"
            : "iter0.profile is missing (the folder has " + folder.iterations.begin()->second + ")";
        return result;
    }

    SophgoContext ctx(b, global, SophgoArch::forCode(global.arch));
    checkArchAndClock(ctx, diag);
    addRowsAndSpaces(ctx);
    std::vector<HostFile> hosts;
    if (!readHosts(folder, decoder, diag, &hosts))
        return cancelled();

    SophgoIterationData current;
    const bool haveFirst = iterations.next(&current);
    if (decoder.cancelled())
        return cancelled();
    ctx.baseUsec = timeZero(haveFirst ? &current : nullptr, hosts);
    if (haveFirst && !current.hasSummary)
        diag.report(
            "sophgo_missing_summary", current.file + ": no SUMMARY block; the subnet is placed after the previous one");
    Packed packed;
    if (!addIterations(ctx, iterations, haveFirst, current, ictx.cancel, &packed) || decoder.cancelled())
        return cancelled();
    addHosts(ctx, hosts);
    if (packed.shown == 0 && hosts.empty()) {
        if (result.error.empty())
            result.error = "no readable iter*.profile or bmlib*.profile in the folder";
        return result;
    }
    result.error.clear();
    result.errorOffset = 0;

    addMetadata(ctx, packed, addAllocations(ctx));
    addHeightLegends(ctx);
    result.ok = true;
    if (ictx.progress)
        ictx.progress(1.0);
    return result;
}

} // namespace strata::importers
