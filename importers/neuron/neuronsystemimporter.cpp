#include "neuronsystemimporter.h"

#include "neuronargs.h"
#include "neuronengines.h"
#include "neuronprobe.h"
#include "neuronrecordreader.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace strata::importers {

namespace {

using store::IdValue;

constexpr std::string_view kRuntime = "Neuron_Runtime_API_Event";
constexpr std::string_view kFramework = "Framework_Event";
constexpr int64_t kFrameworkType = 99999; // `type` of framework events (formats.md §3.3)

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct Process {
    store::ProcessId id;
    int order = 1; // display group: 0 has framework rows, 1 other events, 2 a host's samples
    // row name → (builder thread, group rank: framework 0, runtime 1, other 2)
    std::map<std::string, std::pair<uint32_t, int>> rows;
};

class SystemBuild {
public:
    explicit SystemBuild(store::StoreBuilder& b)
        : m_b(b)
        , m_args(b)
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
        } else if (!endsWith(kind, "_Event") && !(r.has("timestamp") && r.has("duration"))) {
            skipped(kind, offset);
            return;
        }
        ++m_phases[eventKind];
        event(eventKind, r, offset);
    }

    void scalar(const std::string& key, std::string_view json, int depth)
    {
        if (depth != 1) {
            m_b.diagnostics().count("neuron_values_skipped");
            return;
        }
        std::string v(json);
        if (v.size() >= 2 && v.front() == '"')
            v = v.substr(1, v.size() - 2);
        m_b.addMetadata(key, v);
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
        for (auto& [key, p] : m_processes) {
            std::vector<std::pair<std::string, std::pair<uint32_t, int>>> rows(p.rows.begin(), p.rows.end());
            std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
                if (a.second.second != b.second.second)
                    return a.second.second < b.second.second;
                return NeuronEngines::rowLess(a.first, b.first);
            });
            for (size_t i = 0; i < rows.size(); ++i)
                m_b.setThreadSortIndex(rows[i].second.first, static_cast<int32_t>(i));
        }
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
            problem("neuron_bad_timestamp", offset, "an event without a numeric \"timestamp\"");
            return;
        }
        if (!r.integer({ "duration", "duration_ns" }, &dur, &durKey)) {
            problem("neuron_bad_duration", offset, "an event without a numeric \"duration\"");
            return;
        }
        if (dur < 0) {
            problem("neuron_negative_duration", offset, "an event with a negative duration");
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
        if (!tid.empty() && !endsWith(group, tid))
            row += " · tid " + tid;
        auto [rowIt, added] = p.rows.try_emplace(row);
        if (added) {
            const store::StringId name = m_b.intern(row);
            rowIt->second = { m_b.thread(p.id, IdValue::string(name)), framework ? 0 : runtime ? 1 : 2 };
            if (framework)
                p.order = 0;
            m_b.setThreadName(rowIt->second.first, name);
        }
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
        m_b.completeSlice(rowIt->second.first, ts, dur, type, m_args.build(r, { tsKey, durKey }, extra));
        ++m_events;
    }

    void sample(bool memory, const NeuronRecord& r, uint64_t offset)
    {
        int64_t ts = 0;
        if (!r.integer({ "timestamp" }, &ts)) {
            problem("neuron_bad_timestamp", offset, "a sample without a numeric \"timestamp\"");
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
            problem("neuron_bad_sample", offset,
                memory ? "a mem_usage sample without \"usage\" or \"percent_usage\""
                       : "a cpu_util sample without a numeric \"util\"");
    }

    void problem(const std::string& kind, uint64_t offset, const std::string& what)
    {
        m_b.diagnostics().report(kind, "byte " + std::to_string(offset) + ": " + what + "; it was skipped");
    }

    void skipped(const std::string& kind, uint64_t offset)
    {
        if (m_skippedKinds.insert(kind).second)
            m_b.diagnostics().report("neuron_records_skipped",
                "byte " + std::to_string(offset) + ": entries of \"" + kind + "\" are not events or samples");
        else
            m_b.diagnostics().count("neuron_records_skipped");
    }

    store::StoreBuilder& m_b;
    NeuronArgs m_args;
    std::map<std::string, Process> m_processes;
    std::map<std::string, uint64_t> m_phases;
    std::set<std::string> m_skippedKinds;
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
    ImportResult result;
    result.format = "neuron-system-profile";
    SystemBuild build(builder);
    NeuronRecordReader reader(input, builder.diagnostics());
    const auto status = reader.run(
        ctx, [&](const std::string& kind, const NeuronRecord& r, uint64_t offset) { build.record(kind, r, offset); },
        [&](const std::string& key, std::string_view json, int depth) { build.scalar(key, json, depth); });
    result.phases = build.phases();
    if (status == NeuronRecordReader::Status::Cancelled) {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    if (status == NeuronRecordReader::Status::NotJson) {
        result.error = "not a Neuron system profile: " + reader.error();
        result.errorOffset = reader.errorOffset();
        return result;
    }
    if (!build.finish()) {
        result.error = reader.stoppedEarly()
            ? "Neuron system profile cut short before its first event or sample"
            : "not a Neuron system profile: no runtime or framework events, mem_usage or cpu_util samples";
        result.errorOffset = reader.stoppedEarly() ? reader.errorOffset() : 0;
        return result;
    }
    result.ok = true;
    return result;
}

} // namespace strata::importers
