#include "neuronsystemimporter.h"

#include "asciitext.h"
#include "neuronargs.h"
#include "neuronprobe.h"
#include "neuronrecordreader.h"
#include "neuronrows.h"
#include "neuronskiplog.h"

#include <algorithm>
#include <map>
#include <vector>

namespace strata::importers {

namespace {

using store::IdValue;

constexpr std::string_view kRuntime = "Neuron_Runtime_API_Event";
constexpr std::string_view kFramework = "Framework_Event";
constexpr int64_t kFrameworkType = 99999; // `type` of Framework_Event records

struct Process {
    store::ProcessId id;
    int order = 1; // display group: 0 has framework rows, 1 other events, 2 a host's samples
    NeuronRows rows; // ranked by group: framework 0, runtime 1, other 2
};

class SystemBuild {
public:
    explicit SystemBuild(store::StoreBuilder& b)
        : m_b(b)
        , m_args(b)
        , m_skips(b.diagnostics())
    {
    }

    void record(const std::string& kind, const NeuronRecord& r, uint64_t offset)
    {
        if (kind == "mem_usage" || kind == "cpu_util") {
            ++m_phases[kind];
            sample(kind == "mem_usage", r, offset);
            return;
        }
        std::string eventKind = kind;
        if (kind == "trace_events" || kind == "events" || kind.empty()) {
            int64_t type = 0;
            const bool framework = (r.integer({ "type" }, &type) && type == kFrameworkType)
                || r.text("group").rfind("framework", 0) == 0;
            eventKind = std::string(framework ? kFramework : kRuntime);
        } else if (!AsciiText::endsWith(kind, "_Event") && !(r.has("timestamp") && r.has("duration"))) {
            m_skips.recordKind(kind, offset, "are not events or samples");
            return;
        }
        ++m_phases[eventKind];
        event(eventKind, r, offset);
    }

    bool finish()
    {
        if (m_events == 0 && m_samples == 0)
            return false;
        // Processes with framework rows first (the calls that drive the runtime's), then by key;
        // the hosts' samples last. Files list kinds in any order: this keeps the view the same.
        std::vector<std::pair<std::string, Process*>> order;
        for (auto& [key, p] : m_processes)
            order.emplace_back(key, &p);
        std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
            return std::make_pair(a.second->order, a.first) < std::make_pair(b.second->order, b.first);
        });
        for (size_t i = 0; i < order.size(); ++i)
            m_b.setProcessSortIndex(order[i].second->id, static_cast<int32_t>(i));
        for (auto& [key, p] : m_processes)
            p.rows.order(m_b);
        return true;
    }

    const std::map<std::string, uint64_t>& phases() const { return m_phases; }

private:
    Process& process(const std::string& key, const std::string& name, bool host)
    {
        auto [it, added] = m_processes.try_emplace(key);
        if (added) {
            it->second.id = m_b.process(IdValue::string(m_b.intern(key)));
            it->second.order = host ? 2 : 1;
            m_b.setProcessName(it->second.id, m_b.intern(name));
        }
        return it->second;
    }

    void event(const std::string& kind, const NeuronRecord& r, uint64_t offset)
    {
        int64_t ts = 0, dur = 0;
        std::string_view tsKey, durKey;
        if (!r.integer({ "timestamp", "start_ts" }, &ts, &tsKey)) {
            m_skips.record("neuron_bad_timestamp", offset, "an event without a numeric \"timestamp\"");
            return;
        }
        if (!r.integer({ "duration", "duration_ns" }, &dur, &durKey)) {
            m_skips.record("neuron_bad_duration", offset, "an event without a numeric \"duration\"");
            return;
        }
        if (dur < 0) {
            m_skips.record("neuron_negative_duration", offset, "an event with a negative duration");
            return;
        }
        const bool framework = kind == kFramework, runtime = kind == kRuntime;
        const std::string instance = r.text("instance_id"), pid = r.text("process_id");
        std::string processName = pid.empty() ? "Process" : "Process " + pid;
        if (!instance.empty())
            processName += " · " + instance;
        Process& p = process("events:" + instance + "/" + pid, processName, false);

        const std::string group = r.text("group"), tid = r.text("thread_id"), lnc = r.text("lnc_idx"),
                          worker = r.text("worker_gid");
        std::string row = group.empty() ? (framework ? "framework" : runtime ? "runtime" : kind) : group;
        if (!worker.empty())
            row = "worker " + worker + " · " + row;
        if (!lnc.empty() && group.find("nc-") == std::string::npos)
            row += " · lnc " + lnc;
        if (!tid.empty() && !AsciiText::endsWith(group, tid))
            row += " · tid " + tid;
        bool added = false;
        const uint32_t thread = p.rows.thread(m_b, p.id, row, framework ? 0 : runtime ? 1 : 2, &added);
        if (added && framework)
            p.order = 0;
        std::string name = r.text("name");
        if (name.empty())
            name = kind;
        const std::string category = framework ? "framework" : runtime ? "runtime" : kind;
        const store::TypeId type = m_b.type(m_b.intern(name), m_b.intern(category));
        // A framework event is a framework-level op (a jitted function, an annotation): say
        // so to the operator identity, as the device importer does with `layer`.
        std::vector<store::Arg> extra;
        if (framework && !r.has("framework_name"))
            extra.push_back(store::Arg::makeString(m_b.intern("framework_name"), m_b.intern(name)));
        m_b.completeSlice(thread, ts, dur, type, m_args.build(r, { tsKey, durKey }, extra));
        ++m_events;
    }

    void sample(bool memory, const NeuronRecord& r, uint64_t offset)
    {
        int64_t ts = 0;
        if (!r.integer({ "timestamp" }, &ts)) {
            m_skips.record("neuron_bad_timestamp", offset, "a sample without a numeric \"timestamp\"");
            return;
        }
        const std::string instance = r.text("instance_id");
        Process& p = process("host:" + instance, instance.empty() ? "Host" : "Host · " + instance, true);
        auto put = [&](const std::string& series, std::string_view key) {
            double v = 0;
            if (!r.number(key, &v))
                return false;
            m_b.counter(p.id, m_b.intern(series), ts, v);
            return true;
        };
        bool any = false;
        if (memory) {
            any |= put("Host memory used (bytes)", "usage");
            any |= put("Host memory used (%)", "percent_usage");
        } else {
            const std::string cpu = r.text("cpu_id");
            any |= put(cpu.empty() ? "CPU utilisation (%)" : "CPU " + cpu + " utilisation (%)", "util");
        }
        if (any)
            ++m_samples;
        else
            m_skips.record("neuron_bad_sample", offset,
                memory ? "a mem_usage sample without \"usage\" or \"percent_usage\""
                       : "a cpu_util sample without a numeric \"util\"");
    }

    store::StoreBuilder& m_b;
    NeuronArgs m_args;
    NeuronSkipLog m_skips;
    std::map<std::string, Process> m_processes;
    std::map<std::string, uint64_t> m_phases;
    uint64_t m_events = 0, m_samples = 0;
};

} // namespace

int NeuronSystemImporter::probe(std::string_view head, const std::string& path) const
{
    const char c = NeuronProbe::firstChar(head);
    if (c != '{' && c != '[')
        return 0;
    const std::string key = NeuronProbe::firstKey(head);
    if (key == kRuntime || key == kFramework || key == "trace_events" || key == "mem_usage" || key == "cpu_util")
        return kScore;
    if (NeuronProbe::mentions(head, kRuntime) || NeuronProbe::mentions(head, kFramework))
        return kScore - 5;
    return c == '{' && NeuronProbe::fileName(path) == "system_profile.json" ? 60 : 0;
}

ImportResult NeuronSystemImporter::import(
    InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    return NeuronRecordReader::import <SystemBuild>(input, builder, ctx,
        { name(), "Neuron system profile", "its first event or sample",
            "no runtime or framework events, mem_usage or cpu_util samples" });
}

} // namespace strata::importers
