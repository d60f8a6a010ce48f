#pragma once
// Writes AWS Neuron profiler files from a small spec, field by field as Neuron documents
// them, for the Neuron importer tests (no real output is public): the legacy device JSON,
// the Profiler 2.0 system_profile.json (in each layout the docs allow) and the TensorBoard
// plugin files. Values are written as JSON text so that tests can also write what the tools
// never do (wrong types, strings for numbers, unknown keys).
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace neurontest {

using Members = std::vector<std::pair<std::string, std::string>>; // name → JSON text of the value

inline std::string str(std::string_view s)
{
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

inline std::string num(int64_t v)
{
    return std::to_string(v);
}

inline std::string dbl(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

inline std::string object(const Members& members)
{
    std::string out = "{";
    for (size_t i = 0; i < members.size(); ++i)
        out += (i ? ", " : "") + str(members[i].first) + ": " + members[i].second;
    return out + "}";
}

// One element per line, indented, as the tools' pretty printers write arrays.
inline std::string array(const std::vector<std::string>& elements, int indent = 2)
{
    if (elements.empty())
        return "[]";
    const std::string pad(size_t(indent) + 2, ' ');
    std::string out = "[\n";
    for (size_t i = 0; i < elements.size(); ++i)
        out += pad + elements[i] + (i + 1 < elements.size() ? ",\n" : "\n");
    return out + std::string(size_t(indent), ' ') + "]";
}

inline std::string topObject(const Members& members)
{
    std::string out = "{\n";
    for (size_t i = 0; i < members.size(); ++i)
        out += "  " + str(members[i].first) + ": " + members[i].second + (i + 1 < members.size() ? ",\n" : "\n");
    return out + "}\n";
}

// --- legacy device JSON -----------------------------------------------------------------

struct Instruction {
    int64_t timestamp = 0;
    int64_t duration = 0;
    std::string label; // timeline row, "TensorMatrix"
    std::string opcode; // "MATMUL"
    std::string operands; // engine-specific text
    std::string hloName; // "%add.1 = add(%dot, %custom-call.44)"
    Members extra; // more columns (Neuron Explorer's column names), as JSON text
};

struct DeviceSpec {
    Members summary; // one summary element
    std::vector<Instruction> instructions;
    std::vector<std::pair<std::string, std::vector<std::string>>> otherArrays; // e.g. "dma": [objects]
    bool summaryAsObject = false; // an object instead of the usual array
    bool summaryLast = false; // keys in the other order
    bool omitSummary = false;
    bool timesAsStrings = false; // numbers as strings
};

inline std::string instructionJson(const Instruction& in, bool timesAsStrings)
{
    auto t = [&](int64_t v) { return timesAsStrings ? str(std::to_string(v)) : num(v); };
    Members m { { "timestamp", t(in.timestamp) }, { "duration", t(in.duration) } };
    if (!in.label.empty())
        m.emplace_back("label", str(in.label));
    if (!in.hloName.empty())
        m.emplace_back("hlo_name", str(in.hloName));
    if (!in.opcode.empty())
        m.emplace_back("opcode", str(in.opcode));
    if (!in.operands.empty())
        m.emplace_back("operands", str(in.operands));
    m.insert(m.end(), in.extra.begin(), in.extra.end());
    return object(m);
}

inline std::string deviceJson(const DeviceSpec& spec)
{
    std::vector<std::string> ins;
    for (const Instruction& i : spec.instructions)
        ins.push_back(instructionJson(i, spec.timesAsStrings));
    const std::string summary = spec.summaryAsObject ? object(spec.summary) : array({ object(spec.summary) });
    Members top;
    if (!spec.omitSummary && !spec.summaryLast)
        top.emplace_back("summary", summary);
    top.emplace_back("instruction", array(ins));
    for (const auto& [key, elements] : spec.otherArrays)
        top.emplace_back(key, array(elements));
    if (!spec.omitSummary && spec.summaryLast)
        top.emplace_back("summary", summary);
    return topObject(top);
}

// A small but complete device profile: `steps` repetitions of a layer that loads weights on
// DMA queues, multiplies on the Tensor engine (TensorMatrix row for the weight load),
// and finishes on Vector, Scalar, GpSimd and Sync. Device timestamps start at t0 (ns).
inline DeviceSpec sampleDevice(int steps, int64_t t0 = 10261883214)
{
    DeviceSpec s;
    s.summary = { { "total_time", dbl(double(steps) * 3200e-9) }, { "event_count", num(int64_t(steps) * 9) },
        { "nc_idx", num(0) }, { "nd_idx", num(0) }, { "mfu_estimated_percent", dbl(41.5) },
        { "hfu_estimated_percent", dbl(47.25) }, { "mbu_estimated_percent", dbl(12.5) },
        { "tensor_engine_active_time_percent", dbl(55.0) }, { "dma_active_time_percent", dbl(38.0) } };
    // `layer` holds the framework op, here the module paths of the Neuron TensorBoard tutorial's model.
    const char* layers[] = { "NN[model]/Linear[layer1]/aten__addmm", "NN[model]/Linear[layer2]/aten__addmm",
        "NN[model]/Tanh[nl2]/aten__tanh" };
    for (int i = 0; i < steps; ++i) {
        const int64_t base = t0 + int64_t(i) * 3200;
        const std::string layer = layers[i % 3];
        const std::string hlo = "dot." + std::to_string(36 + i % 3);
        auto add = [&](int64_t at, int64_t dur, const char* label, const char* opcode, const std::string& hloName,
                       const std::string& operands, Members extra = {}) {
            extra.emplace_back("layer", str(layer));
            // The engine column is lower case; DMA queues have none.
            const std::string row = label;
            const std::string engine = row == "TensorMatrix" ? "tensor" : row == "GpSimd" ? "gpsimd" : row;
            if (row[0] != 'q') {
                std::string lowerEngine;
                for (char c : engine)
                    lowerEngine += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
                extra.emplace_back("engine", str(lowerEngine));
            }
            s.instructions.push_back({ base + at, dur, label, opcode, operands, hloName, extra });
        };
        add(0, 600, "qSyncIO0", "DMA_LOAD", hlo, "src=hbm@0x1000 dst=sb@0x2000 4096B",
            { { "queue_name", str("qSyncIO0") }, { "transfer_bytes", num(4096) } });
        add(150, 500, "qVectorSpillReload0", "DMA_LOAD", hlo, "src=hbm@0x8000 dst=sb@0x3000 2048B",
            { { "queue_name", str("qVectorSpillReload0") }, { "transfer_bytes", num(2048) } });
        add(650, 300, "TensorMatrix", "LOAD_WEIGHTS", "%" + hlo + " = dot(%p0, %p1)",
            "S[5] (Tensor)++@complete row_grp=q0 src=fp16@0x5600[1,0,0][3,1,1]");
        add(950, 900, "Tensor", "MATMUL", "%" + hlo + " = dot(%p0, %p1)",
            "S[5] (Tensor)++@complete acc_flags=3 src=fp16@0x5600[1,0,0][3,1,1] dst=0x2000000[1,0,0][3,1,1] 3*128",
            { { "raw_flops", num(2 * 128 * 128 * 128) } });
        add(1900, 400, "Vector", "TENSOR_TENSOR", "%add.1 = add(%" + hlo + ", %custom-call.44)",
            "S[6] (Vector) src=fp32@0x2000000 dst=0x4000");
        add(2350, 350, "Scalar", "ACTIVATE", "%tanh.2 = tanh(%add.1)", "S[7] (Scalar) func=tanh");
        add(2750, 200, "GpSimd", "IOTA", "%iota.3 = iota()", "S[8] (GpSimd)");
        add(3000, 120, "Sync", "EVENT_SEMAPHORE", "", "S[22] (qSyncIO0) wait=1");
        add(3050, 100, "qSyncIO0", "DMA_STORE", "%add.1 = add(%" + hlo + ", %custom-call.44)",
            "src=sb@0x4000 dst=hbm@0x9000 1024B",
            { { "queue_name", str("qSyncIO0") }, { "transfer_bytes", num(1024) } });
    }
    return s;
}

// --- Profiler 2.0 system_profile.json ---------------------------------------------------

struct SystemEvent {
    bool framework = false;
    int64_t timestamp = 0;
    int64_t duration = 0;
    std::string name;
    std::string group; // "nrt-nc-000", "framework-<tid>"
    int64_t threadId = 0;
    std::string processId;
    std::string instance = "i-0f207fb2a99bd2d08";
    Members extra;
};

struct MemSample {
    int64_t timestamp;
    int64_t usage;
    double percent;
};

struct CpuSample {
    int64_t timestamp;
    std::string cpu;
    double util;
};

enum class SystemLayout {
    KeyedArrays, // {"Neuron_Runtime_API_Event": [...], "Framework_Event": [...], ...}
    KeyedObjects, // the docs' example: one object per kind (first event of each)
    TraceEventsFlat, // {"trace_events": [{...event...}], ...}
    TraceEventsWrapped, // {"trace_events": [{"Framework_Event": {...}}], ...}
};

struct SystemSpec {
    std::vector<SystemEvent> events;
    std::vector<MemSample> mem;
    std::vector<CpuSample> cpu;
    SystemLayout layout = SystemLayout::KeyedArrays;
    bool numbersAsStrings = false; // timestamps and durations as strings
};

inline std::string systemEventJson(const SystemEvent& e, bool asStrings)
{
    auto t = [&](int64_t v) { return asStrings ? str(std::to_string(v)) : num(v); };
    Members m { { "duration", t(e.duration) }, { "group", str(e.group) } };
    if (!e.framework)
        m.emplace_back("id", num(1));
    m.emplace_back("instance_id", str(e.instance));
    if (!e.framework)
        m.emplace_back("lnc_idx", str("0"));
    m.emplace_back("name", str(e.name));
    if (!e.framework)
        m.emplace_back("parent_id", num(0));
    m.emplace_back("process_id", str(e.processId));
    m.insert(m.end(), e.extra.begin(), e.extra.end());
    m.emplace_back("thread_id", num(e.threadId));
    m.emplace_back("timestamp", t(e.timestamp));
    m.emplace_back("type", num(e.framework ? 99999 : 11));
    return object(m);
}

inline std::string systemJson(const SystemSpec& spec)
{
    const char* kRuntime = "Neuron_Runtime_API_Event";
    const char* kFramework = "Framework_Event";
    std::vector<std::string> runtime, framework, flat, wrapped, mem, cpu;
    for (const SystemEvent& e : spec.events) {
        const std::string j = systemEventJson(e, spec.numbersAsStrings);
        (e.framework ? framework : runtime).push_back(j);
        flat.push_back(j);
        wrapped.push_back(object({ { e.framework ? kFramework : kRuntime, j } }));
    }
    for (const MemSample& s : spec.mem)
        mem.push_back(object({ { "duration", num(1) }, { "instance_id", str("i-0f207fb2a99bd2d08") },
            { "percent_usage", dbl(s.percent) }, { "timestamp", num(s.timestamp) }, { "usage", num(s.usage) } }));
    for (const CpuSample& s : spec.cpu)
        cpu.push_back(
            object({ { "cpu_id", str(s.cpu) }, { "duration", num(1) }, { "instance_id", str("i-0f207fb2a99bd2d08") },
                { "timestamp", num(s.timestamp) }, { "util", dbl(s.util) } }));
    Members top;
    switch (spec.layout) {
    case SystemLayout::KeyedArrays: top = { { kRuntime, array(runtime) }, { kFramework, array(framework) } }; break;
    case SystemLayout::KeyedObjects:
        if (!runtime.empty())
            top.emplace_back(kRuntime, runtime.front());
        if (!framework.empty())
            top.emplace_back(kFramework, framework.front());
        break;
    case SystemLayout::TraceEventsFlat: top = { { "trace_events", array(flat) } }; break;
    case SystemLayout::TraceEventsWrapped: top = { { "trace_events", array(wrapped) } }; break;
    }
    top.emplace_back("mem_usage", array(mem));
    top.emplace_back("cpu_util", array(cpu));
    return topObject(top);
}

// A JAX-style run: `steps` framework calls (PjitFunction) on one thread, each driving
// runtime calls on NeuronCore 0 and 1; host memory and two CPUs sampled every 500 µs.
inline SystemSpec sampleSystem(int steps, int64_t t0 = 1729888371056597613)
{
    SystemSpec s;
    const int64_t step = 4000000; // 4 ms
    for (int i = 0; i < steps; ++i) {
        const int64_t base = t0 + int64_t(i) * step;
        s.events.push_back({ true, base, 3758079, "PjitFunction(matmul_allgather)", "framework-80375131", 80375131,
            "701", "i-0f207fb2a99bd2d08", {} });
        for (int nc = 0; nc < 2; ++nc) {
            const std::string group = "nrt-nc-00" + std::to_string(nc);
            const int64_t at = base + 20000 + nc * 5000;
            s.events.push_back(
                { false, at, 27094, "nrt_tensor_write", group, 1627711 + nc, "1627711", "i-0f207fb2a99bd2d08",
                    { { "size", str("4") }, { "tensor_id", str("4900392441224765051") },
                        { "tensor_name", str("_unknown_") } } });
            s.events.push_back({ false, at + 60000, 3500000, "nrt_execute", group, 1627711 + nc, "1627711",
                "i-0f207fb2a99bd2d08", {} });
            s.events.push_back({ false, at + 3580000, 19000, "nrt_tensor_read", group, 1627711 + nc, "1627711",
                "i-0f207fb2a99bd2d08", { { "size", str("64") } } });
        }
    }
    for (int64_t t = 0; t <= int64_t(steps) * step; t += 500000) {
        s.mem.push_back({ t0 + t, 1000000000 + t / 10, 5.0 + double(t) / double(step) });
        s.cpu.push_back({ t0 + t, "0", 20.0 + double((t / 500000) % 5) * 10.0 });
        s.cpu.push_back({ t0 + t, "1", 70.0 - double((t / 500000) % 3) * 15.0 });
    }
    return s;
}

// --- TensorBoard plugin files -----------------------------------------------------------

// neuron_op_timeline.json: sections as processes (Process Overview, Control, Execution,
// Data Transfer), each with framework-op and HLO-op rows; ts/dur in µs.
inline std::string opTimelineJson(int ops)
{
    std::vector<std::string> ev;
    const char* sections[] = { "Process Overview", "Control", "Execution", "Data Transfer" };
    for (int p = 0; p < 4; ++p) {
        ev.push_back(object({ { "name", str("process_name") }, { "ph", str("M") }, { "pid", num(p + 1) },
            { "args", object({ { "name", str(sections[p]) } }) } }));
        ev.push_back(object({ { "name", str("process_sort_index") }, { "ph", str("M") }, { "pid", num(p + 1) },
            { "args", object({ { "sort_index", num(p) } }) } }));
        for (int t = 0; t < 2; ++t)
            ev.push_back(object(
                { { "name", str("thread_name") }, { "ph", str("M") }, { "pid", num(p + 1) }, { "tid", num(t + 1) },
                    { "args", object({ { "name", str(t == 0 ? "Framework Ops" : "HLO Ops") } }) } }));
    }
    ev.push_back(object({ { "name", str("SyncTensorsGraph.53") }, { "ph", str("X") }, { "pid", num(1) },
        { "tid", num(1) }, { "ts", num(0) }, { "dur", num(ops * 100 + 50) } }));
    for (int i = 0; i < ops; ++i) {
        const std::string fw = i % 2 ? "NN[model]/Linear[layer1]/aten__addmm_add" : "NN[model]/Tanh[nl2]/aten__tanh";
        const std::string hlo = i % 2 ? "dot." + std::to_string(36 + i) : "tanh." + std::to_string(40 + i);
        const int pid = i % 3 == 0 ? 4 : 3; // every third op moves data
        const int64_t ts = int64_t(i) * 100;
        ev.push_back(object({ { "name", str(fw) }, { "cat", str("framework") }, { "ph", str("X") }, { "pid", num(pid) },
            { "tid", num(1) }, { "ts", num(ts) }, { "dur", num(90) } }));
        ev.push_back(object({ { "name", str(i % 4 == 1 ? "fused_" + std::to_string(i) : hlo) }, { "cat", str("hlo") },
            { "ph", str("X") }, { "pid", num(pid) }, { "tid", num(2) }, { "ts", num(ts + 5) }, { "dur", num(80) },
            { "args", object({ { "hlo_name", str(hlo) } }) } }));
    }
    return topObject({ { "displayTimeUnit", str("ns") }, { "neuronStartTimestampNs", num(1666807250000000000) },
        { "traceEvents", array(ev) } });
}

// An op timeline spelled out event by event: sections (pid → process name), rows (pid, tid →
// thread name; none written for an empty name) and X events, times in µs.
struct TimelineEvent {
    int pid, tid;
    std::string name;
    int64_t ts, dur;
    std::string cat; // none written when empty
    std::string framework; // a framework_name arg when not empty
};

inline std::string opTimelineJson(const std::vector<std::pair<int, std::string>>& sections,
    const std::vector<std::pair<std::pair<int, int>, std::string>>& rows, const std::vector<TimelineEvent>& events)
{
    std::vector<std::string> ev;
    ev.reserve(sections.size() + rows.size() + events.size());
    for (const auto& [pid, name] : sections)
        ev.push_back(object({ { "name", str("process_name") }, { "ph", str("M") }, { "pid", num(pid) },
            { "args", object({ { "name", str(name) } }) } }));
    for (const auto& [row, name] : rows)
        if (!name.empty())
            ev.push_back(object({ { "name", str("thread_name") }, { "ph", str("M") }, { "pid", num(row.first) },
                { "tid", num(row.second) }, { "args", object({ { "name", str(name) } }) } }));
    for (const TimelineEvent& e : events) {
        Members m { { "name", str(e.name) }, { "ph", str("X") }, { "pid", num(e.pid) }, { "tid", num(e.tid) },
            { "ts", num(e.ts) }, { "dur", num(e.dur) } };
        if (!e.cat.empty())
            m.push_back({ "cat", str(e.cat) });
        if (!e.framework.empty())
            m.push_back({ "args", object({ { "framework_name", str(e.framework) } }) });
        ev.push_back(object(m));
    }
    return topObject({ { "displayTimeUnit", str("ns") }, { "neuronStartTimestampNs", num(1666807250000000000) },
        { "traceEvents", array(ev) } });
}

// neuron_framework_op.json / neuron_hlo_op.json: {"ops": [...], "total_time": N}. The per-op
// keys are undocumented; `keys` picks the names used for name, occurrences and time.
struct OpRow {
    std::string name;
    int64_t occurrences;
    int64_t time;
};

inline std::string opTableJson(const std::vector<OpRow>& rows, const std::string& nameKey = "name",
    const std::string& timeKey = "time", const std::string& countKey = "occurrences")
{
    int64_t total = 0;
    for (const OpRow& r : rows)
        total += r.time;
    std::vector<std::string> ops;
    ops.reserve(rows.size());
    for (const OpRow& r : rows)
        ops.push_back(object({ { nameKey, str(r.name) }, { countKey, num(r.occurrences) }, { timeKey, num(r.time) },
            { "time_percent", dbl(total ? 100.0 * double(r.time) / double(total) : 0.0) }, { "device", num(0) },
            { "core", num(0) } }));
    return topObject({ { "ops", array(ops) }, { "total_time", num(total) } });
}

} // namespace neurontest
