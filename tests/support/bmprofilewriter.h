#pragma once
// Writes Sophgo bmprofile_data-N folders from a small spec: global.profile (arch, net,
// tpu_freq, subnet, layers with tensors and static command lists, core list, allocations)
// and iter0.profile (SUMMARY, DYN_DATA with its calibration record, DYN_EXTRA,
// MONITOR_GDMA, MONITOR_BD blocks), optionally bmlib0.profile. No real output of this
// format is public, so the importer tests and the screenshot profile are made here.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace bmprofile {

struct Tensor {
    int64_t id = 0;
    bool in = true;
    std::string shape = "1x64x32x32";
    int dtype = 1; // FP16
    bool isConst = false;
    uint64_t gaddr = 0, gsize = 0;
    int64_t loffset = -1; // -1: not written
    int nslice = 0, hslice = 0;
};

// One static command with its PMU record. Cycles are absolute (the writer wraps them at 2^32).
struct Command {
    bool gdma = true;
    uint32_t id = 0;
    uint32_t dep = 0;
    int func = 0;
    int dir = -1; // gdma_dir, -1: not written
    uint64_t start = 0, end = 0;
    uint32_t bytes = 0; // GDMA: bytes moved
    uint64_t load = 0; // TIU: computation_load
    bool profiled = true; // has a PMU record
    bool listed = true; // has a static line in global.profile
};

inline Command gdmaCommand(
    uint32_t id, uint32_t dep, int dir, uint64_t start, uint64_t end, uint32_t bytes, int func = 0)
{
    return Command { true, id, dep, func, dir, start, end, bytes };
}

inline Command tiuCommand(uint32_t id, uint32_t dep, int func, uint64_t start, uint64_t end, uint64_t load)
{
    return Command { false, id, dep, func, -1, start, end, 0, load };
}

struct Layer {
    std::string kind = "global_layer"; // or local_layer, gdma_layer
    int64_t id = 0;
    std::string type = "Conv", name = "conv0";
    int gdmaType = -1;
    std::vector<Tensor> tensors;
    std::vector<Command> commands;
};

struct Dyn {
    uint32_t profileId = 0, type = 0;
    uint64_t id = 0, begin = 0, end = 0;
};

struct Extra {
    uint32_t first = 0, second = 0;
    std::string content;
};

struct Alloc {
    int mtype = 1;
    uint64_t addr = 0, size = 0, alloc = 0, free = 0;
    std::string desc;
};

struct Spec {
    int arch = 3;
    std::string net = "synthetic";
    std::string freqLine = "[bmprofile] tpu_freq=1000";
    uint32_t subnetId = 0, subnetType = 0;
    uint64_t extraData = 0;
    uint64_t beginUsec = 1700000000000000ull, endUsec = 1700000000001000ull;
    std::vector<Layer> layers;
    uint64_t nsPerCycle = 1;
    std::vector<Dyn> dyn; // after the calibration record
    std::vector<Extra> dynExtra;
    std::vector<Alloc> allocs;
    std::vector<std::string> extraGlobalLines;
    bool writeSummary = true;
    bool gdmaAllFfRecord = false; // a pre-filled (all 0xFF) GDMA record after the real ones
};

inline void put32(std::string& s, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        s.push_back(char((v >> (8 * i)) & 0xFF));
}

inline void put64(std::string& s, uint64_t v)
{
    put32(s, uint32_t(v));
    put32(s, uint32_t(v >> 32));
}

inline std::string block(uint32_t type, const std::string& payload)
{
    std::string s;
    put32(s, type);
    put32(s, uint32_t(payload.size()));
    return s + payload;
}

inline std::string globalProfile(const Spec& spec)
{
    std::string g = "[bmprofile] arch=" + std::to_string(spec.arch) + "\n";
    g += "[bmprofile] net_name=" + spec.net + "\n";
    if (!spec.freqLine.empty())
        g += spec.freqLine + "\n";
    g += "is_mlir=1\n";
    g += "[bmprofile] subnet_id " + std::to_string(spec.subnetId) + " start\n";
    for (const Layer& l : spec.layers) {
        if (l.kind == "gdma_layer")
            g += "gdma_layer gdma_type=" + std::to_string(l.gdmaType) + " layer_id=" + std::to_string(l.id)
                + " layer_type=" + l.type + " layer_name=" + l.name + "\n";
        else
            g += l.kind + " layer_id=" + std::to_string(l.id) + " layer_type=" + l.type + " layer_name=" + l.name
                + "\n";
        for (const Tensor& t : l.tensors) {
            g += "tensor_id=" + std::to_string(t.id) + " is_in=" + (t.in ? "1" : "0") + " shape=" + t.shape
                + " dtype=" + std::to_string(t.dtype) + " is_const=" + (t.isConst ? "1" : "0")
                + " gaddr=" + std::to_string(t.gaddr) + " gsize=" + std::to_string(t.gsize);
            if (t.loffset >= 0)
                g += " loffset=" + std::to_string(t.loffset) + " nslice=" + std::to_string(t.nslice)
                    + " hslice=" + std::to_string(t.hslice);
            g += "\n";
        }
        for (const Command& c : l.commands) {
            if (!c.listed)
                continue;
            if (c.gdma)
                g += "gdma cmd_id bd_id=" + std::to_string(c.dep) + " gdma_id=" + std::to_string(c.id)
                    + (c.dir >= 0 ? " gdma_dir=" + std::to_string(c.dir) : std::string())
                    + " gdma_func=" + std::to_string(c.func) + "\n";
            else
                g += "bd cmd_id bd_id=" + std::to_string(c.id) + " gdma_id=" + std::to_string(c.dep)
                    + " bd_func=" + std::to_string(c.func) + "\n";
        }
    }
    for (const std::string& line : spec.extraGlobalLines)
        g += line + "\n";
    g += "[bmprofile] core_list=0,\n";
    for (const Alloc& a : spec.allocs)
        g += "[bmprofile] mtype=" + std::to_string(a.mtype) + " addr=" + std::to_string(a.addr)
            + " size=" + std::to_string(a.size) + " alloc=" + std::to_string(a.alloc)
            + " free=" + std::to_string(a.free) + " desc=" + a.desc + "\n";
    return g;
}

inline std::vector<Command> profiled(const Spec& spec, bool gdma)
{
    std::vector<Command> out;
    for (const Layer& l : spec.layers)
        for (const Command& c : l.commands)
            if (c.gdma == gdma && c.profiled)
                out.push_back(c);
    std::stable_sort(out.begin(), out.end(), [](const Command& a, const Command& b) { return a.start < b.start; });
    return out;
}

inline std::string gdmaRecord(const Command& c)
{
    uint32_t w[48] = {};
    w[0] = uint32_t(c.start);
    w[1] = uint32_t(c.end);
    w[2] = c.id & 0xFFFFF;
    const bool toLocal = c.dir == 0 || c.dir == 3;
    const bool fromLocal = c.dir == 1 || c.dir == 3;
    if (toLocal) {
        w[9] = c.bytes; // gif_aw
        w[10] = c.bytes; // gif_wr
    } else {
        w[3] = c.bytes; // d0_aw
        w[4] = c.bytes; // d0_wr
    }
    (fromLocal ? w[11] : w[5]) = c.bytes; // gif_ar or d0_ar
    w[16] = c.bytes; // axi_d0_wr_valid_bytes
    std::string s;
    for (uint32_t v : w)
        put32(s, v);
    return s;
}

inline std::string tiuRecord(const Command& c)
{
    std::string s;
    put32(s, uint32_t(c.start));
    put32(s, uint32_t(c.end));
    put64(s, (c.load << 16) | (c.id & 0xFFFF));
    put32(s, 100); // num_read
    put32(s, 3); // num_read_stall
    put32(s, 50); // num_write
    put32(s, 0);
    return s;
}

inline std::string iterProfile(const Spec& spec)
{
    std::string out;
    if (spec.writeSummary) {
        std::string s;
        put32(s, 0);
        put32(s, spec.subnetId);
        put32(s, spec.subnetType);
        put64(s, spec.beginUsec);
        put64(s, spec.endUsec);
        put64(s, spec.extraData);
        out += block(1, s);
    }
    if (!spec.dyn.empty()) {
        std::string d;
        auto rec = [&d](const Dyn& r) {
            put32(d, r.profileId);
            put32(d, r.type);
            put64(d, r.id);
            put64(d, r.begin);
            put64(d, r.end);
        };
        rec(Dyn { 0, 0, 0, 0, spec.nsPerCycle }); // calibration: end_cycle = ns per cycle
        for (const Dyn& r : spec.dyn)
            rec(r);
        out += block(5, d);
    }
    if (!spec.dynExtra.empty()) {
        std::string e;
        for (const Extra& x : spec.dynExtra) {
            put32(e, x.first);
            put32(e, x.second);
            put32(e, uint32_t(x.content.size()));
            e += x.content;
        }
        out += block(6, e);
    }
    std::string g;
    for (const Command& c : profiled(spec, true))
        g += gdmaRecord(c);
    if (spec.gdmaAllFfRecord)
        g += std::string(192, char(0xFF));
    if (!g.empty())
        out += block(4, g);
    std::string t;
    for (const Command& c : profiled(spec, false))
        t += tiuRecord(c);
    if (!t.empty())
        out += block(3, t);
    return out;
}

inline void writeBytes(const QString& path, const std::string& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
        qFatal("cannot write %s", qPrintable(path));
}

inline void writeFolder(const QString& dir, const Spec& spec)
{
    QDir().mkpath(dir);
    writeBytes(dir + "/global.profile", globalProfile(spec));
    writeBytes(dir + "/iter0.profile", iterProfile(spec));
}

// bmlib0.profile: BMLIB with one send, one sync, one mark, one copy and one mem op, then
// BMLIB_EXTRA naming the copy, with an entry of length 0 before it when emptyExtra.
inline std::string bmlibProfile(uint64_t beginUsec, bool emptyExtra)
{
    std::string p;
    put64(p, beginUsec);
    put64(p, beginUsec + 900);
    put32(p, 2);
    put32(p, 986); // SET_PROFILE_ENABLE: skipped by readers
    put64(p, beginUsec);
    put32(p, 3); // a kernel launch
    put64(p, beginUsec + 10);
    put32(p, 1);
    put64(p, beginUsec + 20);
    put64(p, beginUsec + 800);
    put32(p, 1);
    put64(p, 7);
    put64(p, beginUsec + 25);
    put64(p, beginUsec + 35);
    put32(p, 1);
    put64(p, 0x1000);
    put64(p, 0x100000000ull);
    put32(p, 0);
    put32(p, 4096);
    put64(p, beginUsec + 1);
    put64(p, beginUsec + 9);
    put32(p, 1);
    put64(p, 0x100000000ull);
    put32(p, 4096);
    put32(p, 0);
    put64(p, beginUsec);
    put64(p, beginUsec + 1);
    std::string e;
    if (emptyExtra) {
        put32(e, 2);
        put32(e, 0);
        put32(e, 0);
    }
    const std::string text = "input image";
    put32(e, 3);
    put32(e, 0);
    put32(e, uint32_t(text.size()));
    e += text;
    return block(9, p) + block(10, e);
}

// A small BM1684X network, pipelined as Sophgo's TPU Profile article shows: a layer group
// of four slices (load, conv, store per slice, loads and stores at half height), then three
// global layers. Every command moves or reads real tensor ranges in three allocations
// (coeff, runtime, tensor).
inline Spec showcase()
{
    Spec s;
    s.net = "yolov5s_synthetic";
    const uint64_t coeff = 0x100000000ull, runtime = coeff + 0x1000000, tensor = runtime + 0x1000000;
    s.allocs = { { 1, coeff, 14070000, 0, 0, "coeff" }, { 1, runtime, 15200000, 0, 0, "runtime" },
        { 1, tensor, 6230000, 0, 0, "tensor" } };
    uint32_t gid = 1, bid = 1;
    uint64_t gdmaFree = 1000, tiuFree = 1000; // cycles; 1 cycle = 1 ns at 1000 MHz
    const int slices = 6;
    const uint64_t bank = 16 * 1024;
    // Weights loaded once into bank 12.
    Layer w;
    w.kind = "gdma_layer";
    w.gdmaType = 0;
    w.id = -1;
    w.type = "Load";
    w.name = "conv1.weight";
    w.tensors = { { 1, true, "64x64x3x3", 1, true, coeff, 64 * 64 * 9 * 2, int64_t(12 * bank), 0, 0 } };
    w.commands.push_back(gdmaCommand(gid++, 0, 0, gdmaFree, gdmaFree + 9000, 73728));
    gdmaFree += 9000;
    s.layers.push_back(w);
    std::vector<uint64_t> loadEnd(slices), convEnd(slices);
    for (int i = 0; i < slices; ++i) {
        const uint64_t in = tensor + uint64_t(i) * 196608, out = tensor + 0x200000 + uint64_t(i) * 196608;
        Layer load;
        load.kind = "gdma_layer";
        load.gdmaType = 0;
        load.id = -1;
        load.type = "Load";
        load.name = "images.slice" + std::to_string(i);
        load.tensors = { { 10, true, "1x3x640x640", 1, false, in, 196608, int64_t((i % 2) * 4 * bank), 1, 16 } };
        const uint64_t lstart = gdmaFree, ldur = 14000 + 1500 * uint64_t(i % 3);
        load.commands.push_back(gdmaCommand(gid++, bid - 1, 0, lstart, lstart + ldur, 196608));
        gdmaFree = lstart + ldur + 400;
        loadEnd[size_t(i)] = lstart + ldur;
        s.layers.push_back(load);

        Layer conv;
        conv.kind = "local_layer";
        conv.id = 1;
        conv.type = "Conv2D";
        conv.name = "model.0.conv";
        conv.tensors = { { 10, true, "1x3x640x640", 1, false, in, 196608, int64_t((i % 2) * 4 * bank), 1, 16 },
            { 1, true, "64x64x3x3", 1, true, coeff, 73728, int64_t(12 * bank), 0, 0 },
            { 11, false, "1x64x320x320", 1, false, out, 196608, int64_t((8 + (i % 2) * 2) * bank), 1, 8 } };
        const uint64_t cstart = std::max(tiuFree, loadEnd[size_t(i)] + 200);
        const uint64_t cdur = 21000;
        // The first slice computes at low utilisation (as in Sophgo's example: an input channel of 3).
        conv.commands.push_back(tiuCommand(bid++, gid - 1, 0, cstart, cstart + cdur, cdur * (i == 0 ? 3 : 9) / 10));
        tiuFree = cstart + cdur + 300;
        convEnd[size_t(i)] = cstart + cdur;
        s.layers.push_back(conv);

        Layer store;
        store.kind = "gdma_layer";
        store.gdmaType = 1;
        store.id = -1;
        store.type = "Store";
        store.name = "model.0.out.slice" + std::to_string(i);
        store.tensors
            = { { 11, false, "1x64x320x320", 1, false, out, 196608, int64_t((8 + (i % 2) * 2) * bank), 1, 8 } };
        const uint64_t sstart = std::max(gdmaFree, convEnd[size_t(i)] + 200), sdur = 9000 + 2500 * uint64_t(i % 2);
        store.commands.push_back(gdmaCommand(gid++, bid - 1, 1, sstart, sstart + sdur, 196608));
        gdmaFree = sstart + sdur + 400;
        s.layers.push_back(store);
    }
    // Global layers: each moves its input in, computes, writes back (as Sophgo's Global Layer example shows).
    const char* const types[] = { "Permute", "Cast", "Add" };
    uint64_t inAddr = tensor + 0x200000, outAddr = tensor + 0x400000;
    for (int k = 0; k < 3; ++k) {
        Layer g;
        g.kind = "global_layer";
        g.id = 2 + k;
        g.type = types[k];
        g.name = std::string("model.") + std::to_string(1 + k) + "." + types[k];
        g.tensors = { { 20 + k, true, "1x3x40x40x85", 1, false, inAddr, 816000, -1, 0, 0 },
            { 21 + k, false, "1x3x40x40x85", k == 1 ? 0 : 1, false, outAddr, k == 1 ? 1632000u : 816000u, -1, 0, 0 } };
        for (int part = 0; part < 3; ++part) {
            uint64_t t0 = std::max(gdmaFree, tiuFree);
            g.commands.push_back(gdmaCommand(gid++, bid - 1, 0, t0, t0 + 18000, 300000));
            const uint64_t c0 = t0 + 18200;
            g.commands.push_back(tiuCommand(bid++, gid - 1, 3, c0, c0 + 8000, 7600));
            const uint64_t st = c0 + 8200, sd = k == 1 ? 36000 : 18000;
            g.commands.push_back(gdmaCommand(gid++, bid - 1, 1, st, st + sd, k == 1 ? 600000u : 300000u));
            gdmaFree = st + sd + 300;
            tiuFree = c0 + 8000 + 300;
        }
        std::swap(inAddr, outAddr);
        s.layers.push_back(g);
    }
    const uint64_t runEnd = std::max(gdmaFree, tiuFree);
    // MCU: set the first GDMA command, wait for everything, set the output copy.
    const uint64_t base = 5000000;
    s.dyn = { { 1, 1, (uint64_t(1) << 40) | (uint64_t(1) << 20), base, base + 300 },
        { 2, 2, 0, base + 300, base + runEnd - 700 },
        { 3, 1, (uint64_t(1) << 40) | (uint64_t(gid - 1) << 20), base + runEnd - 700, base + runEnd } };
    s.dynExtra = { { 2, 0, "wait for all engines" } };
    s.endUsec = s.beginUsec + runEnd / 1000 + 40;
    return s;
}

} // namespace bmprofile
