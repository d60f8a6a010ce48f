#include "neurondeviceimporter.h"

#include "asciitext.h"
#include "neuronargs.h"
#include "neuronengines.h"
#include "neuronprobe.h"
#include "neuronrecordreader.h"
#include "neuronrows.h"
#include "neuronskiplog.h"

#include <store/timemath.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace strata::importers {

namespace {

using store::IdValue;
using store::TimeNs;

// The summary metrics to show first (run time, utilisation estimates, engine activity), in this order.
const char* const kHeadline[] = { "total_time", "mfu_estimated_percent", "hfu_estimated_percent",
    "mbu_estimated_percent", "tensor_engine_active_time_percent", "vector_engine_active_time_percent",
    "scalar_engine_active_time_percent", "gpsimd_engine_active_time_percent", "sync_engine_active_time_percent",
    "dma_active_time_percent", "event_count", "nd_idx", "nc_idx" };

constexpr size_t kMaxFactRecords = 64;
constexpr size_t kMaxParked = 1u << 20;

// One NeuronCore (process) and its rows, created as records name them.
struct Core {
    store::ProcessId process;
    int64_t nd = -1, nc = -1, pcore = -1;
    NeuronRows rows;
};

// An instruction at timestamp 0, kept until the end shows whether real timestamps exist.
struct Parked {
    std::string core, row;
    int64_t nd, nc, pcore;
    TimeNs dur;
    store::TypeId type;
    store::ArgSetId args;
};

class DeviceBuild {
public:
    explicit DeviceBuild(store::StoreBuilder& b)
        : m_b(b)
        , m_args(b)
        , m_skips(b.diagnostics())
    {
    }

    void record(const std::string& kind, const NeuronRecord& r, uint64_t offset)
    {
        if (kind != m_kind) {
            m_kind = kind;
            m_kindLower = AsciiText::lower(kind);
        }
        const std::string& k = m_kindLower;
        ++m_phases[kind.empty() ? "record" : kind];
        if (k == "summary" || k == "metadata") {
            if (k == "summary")
                ++m_summaryRecords;
            if (m_facts.size() < kMaxFactRecords)
                m_facts.emplace_back(k, r);
            else
                m_b.diagnostics().count("neuron_fact_records_skipped");
            return;
        }
        timed(kind, k == "instruction", r, offset);
    }

    // Parked rows, summary metadata, process names and row order; false when nothing
    // usable was read.
    bool finish()
    {
        auto& diag = m_b.diagnostics();
        if (!m_parked.empty()) {
            if (m_sawNonZero) {
                diag.report("neuron_zero_timestamp_dropped",
                    "the profile's " + std::to_string(m_parked.size())
                        + " instructions at timestamp 0 (setup/teardown) were dropped: the others carry device "
                          "timestamps");
            } else {
                for (const Parked& p : m_parked)
                    m_b.completeSlice(thread(p.core, p.nd, p.nc, p.pcore, p.row), 0, p.dur, p.type, p.args);
                m_slices += m_parked.size();
            }
            m_parked.clear();
        }
        if (m_slices == 0 && m_facts.empty())
            return false;
        if (m_summaryRecords == 0)
            diag.report("neuron_summary_missing",
                "the profile has no \"summary\": the Overall Summary shows no "
                "Neuron metrics");
        if (m_instructions == 0)
            diag.report("neuron_no_instructions", "the profile has no instructions");
        emitFacts();
        nameCores();
        return true;
    }

    const std::map<std::string, uint64_t>& phases() const { return m_phases; }

private:
    void timed(const std::string& kind, bool instruction, const NeuronRecord& r, uint64_t offset)
    {
        auto& diag = m_b.diagnostics();
        int64_t ts = 0, dur = 0, end = 0;
        std::string_view tsKey, durKey;
        if (!r.integer({ "timestamp", "start_ts", "ts" }, &ts, &tsKey)) {
            if (instruction)
                m_skips.record("neuron_bad_timestamp", offset, "an instruction without a numeric \"timestamp\"");
            else
                m_skips.recordKind(kind, offset, "have no timestamp and are not shown (counted here)");
            return;
        }
        bool haveDur = r.integer({ "duration", "duration_ns", "dur" }, &dur, &durKey);
        if (!haveDur && r.integer({ "end_ts" }, &end, &durKey)) {
            const auto d = store::TimeMath::sub(end, ts);
            if (!d) {
                m_skips.record("neuron_bad_timestamp", offset, "an \"end_ts\" too far from its start to be a time");
                return;
            }
            dur = *d;
            haveDur = true;
        }
        std::string row = r.text({ "label", "timeline_track" });
        if (row.empty())
            row = r.text("queue_name");
        if (row.empty()) {
            const std::string engine = r.text("engine");
            row = engine.empty() ? std::string() : NeuronEngines::rowForEngine(engine);
        }
        if (row.empty())
            row = instruction ? "Instructions" : kind;
        const RowInfo& info = rowInfo(row);
        std::string name = r.text({ "opcode", "compiler_opcode", "name", "op" });
        if (name.empty())
            name = info.dma ? "DMA" : kind;
        else if (info.dma && !NeuronEngines::isDmaQueue(name) && !r.has("opcode"))
            name = "DMA " + name;
        row = info.row;
        std::string category = info.category;
        if (category.empty())
            category = AsciiText::lower(r.text("engine"));
        if (category.empty())
            category = AsciiText::lower(kind);
        int64_t nd = -1, nc = -1, pcore = -1;
        r.integer({ "nd_idx", "neuron_device_idx" }, &nd);
        r.integer({ "nc_idx", "neuroncore_idx" }, &nc);
        r.integer({ "pcore_idx" }, &pcore);
        // The process key (shown as its pid): "neuroncore", or the indices the record names.
        std::string core = nd >= 0 ? "nd" + std::to_string(nd) : std::string();
        if (nc >= 0)
            core += (core.empty() ? "nc" : ".nc") + std::to_string(nc);
        if (pcore >= 0)
            core += (core.empty() ? "pcore" : ".pcore") + std::to_string(pcore);
        if (core.empty())
            core = "neuroncore";
        const store::TypeId type = m_b.type(m_b.intern(name), m_b.intern(category));
        if (!haveDur) {
            if (instruction) {
                m_skips.record("neuron_bad_duration", offset, "an instruction without a numeric \"duration\"");
                return;
            }
            // Point events (semaphore updates, triggers) of other tables are instants.
            m_b.threadInstant(thread(core, nd, nc, pcore, row), ts, type, m_args.build(r, { tsKey }));
            return;
        }
        if (dur < 0) {
            m_skips.record("neuron_negative_duration", offset, "a negative duration (or end before start)");
            return;
        }
        // `layer` is the framework-level name of an instruction (e.g. "layer_1" or a module path);
        // the operator identity reads that level from framework_name, so the Operator Table groups
        // instructions by their framework op.
        m_extra.clear();
        if (!r.has("framework_name")) {
            const std::string layer = r.text("layer");
            if (!layer.empty())
                m_extra.push_back(store::Arg::makeString(m_b.intern("framework_name"), m_b.intern(layer)));
        }
        const store::ArgSetId args = m_args.build(r, { tsKey, durKey }, m_extra);
        if (instruction)
            ++m_instructions;
        if (ts == 0) {
            if (m_parked.size() < kMaxParked)
                m_parked.push_back({ core, row, nd, nc, pcore, dur, type, args });
            else
                diag.count("neuron_zero_timestamp_dropped");
            return;
        }
        m_sawNonZero = true;
        m_b.completeSlice(thread(core, nd, nc, pcore, row), ts, dur, type, args);
        ++m_slices;
    }

    // What a row name implies, worked out once per distinct name.
    struct RowInfo {
        std::string row; // as shown
        std::string category;
        bool dma = false;
    };
    const RowInfo& rowInfo(const std::string& raw)
    {
        auto it = m_rowInfo.find(raw);
        if (it != m_rowInfo.end())
            return it->second;
        RowInfo info;
        info.dma = NeuronEngines::isDmaQueue(raw);
        info.category = NeuronEngines::category(raw);
        // Queue names are kept as written; the suffix makes every view (summary, colours,
        // operator charts) count the row as data movement, which "qSyncIO0" alone does not say.
        info.row = info.dma && AsciiText::lower(raw).find("dma") == std::string::npos ? raw + " (DMA)" : raw;
        return m_rowInfo.emplace(raw, std::move(info)).first->second;
    }

    uint32_t thread(const std::string& key, int64_t nd, int64_t nc, int64_t pcore, const std::string& row)
    {
        auto [it, added] = m_cores.try_emplace(key);
        Core& core = it->second;
        if (added) {
            core.process = m_b.process(IdValue::string(m_b.intern(key)));
            core.nd = nd;
            core.nc = nc;
            core.pcore = pcore;
        }
        bool made = false;
        const uint32_t t = core.rows.thread(m_b, core.process, row, 0, &made);
        if (made)
            m_b.setThreadRole(t, store::TrackRole::Device); // every row of a NeuronCore is one of its engines
        return t;
    }

    void emitFacts()
    {
        std::map<std::string, size_t> perKind;
        for (const auto& [kind, r] : m_facts)
            ++perKind[kind];
        std::map<std::string, size_t> index;
        for (const auto& [kind, r] : m_facts) {
            const size_t i = index[kind]++;
            const std::string prefix = perKind[kind] == 1 ? kind + "." : kind + "[" + std::to_string(i) + "].";
            std::set<std::string> done;
            for (const char* key : kHeadline) {
                const NeuronField* f = r.find(key);
                if (f && done.insert(key).second)
                    m_b.addMetadata(prefix + key, NeuronRecord::textOf(*f));
            }
            for (size_t j = 0; j < r.size(); ++j)
                if (!done.count(r.field(j).key))
                    m_b.addMetadata(prefix + r.field(j).key, NeuronRecord::textOf(r.field(j)));
        }
    }

    void nameCores()
    {
        int64_t nd = -1, nc = -1;
        for (const auto& [kind, r] : m_facts) {
            if (kind != "summary")
                continue;
            r.integer({ "nd_idx", "neuron_device_idx" }, &nd);
            r.integer({ "nc_idx", "neuroncore_idx" }, &nc);
            break;
        }
        for (auto& [key, core] : m_cores) {
            const int64_t d = core.nd >= 0 ? core.nd : nd, c = core.nc >= 0 ? core.nc : nc;
            // The core first: process labels are narrow.
            std::string name = c >= 0 ? "NeuronCore " + std::to_string(c) : std::string("NeuronCore");
            if (core.pcore >= 0)
                name += " · pcore " + std::to_string(core.pcore);
            if (d >= 0)
                name += " · device " + std::to_string(d);
            m_b.setProcessName(core.process, m_b.intern(name));
            core.rows.order(m_b);
        }
        // Cores in (device, core, pcore) order.
        int32_t order = 0;
        std::vector<Core*> cores;
        for (auto& [key, core] : m_cores)
            cores.push_back(&core);
        std::sort(cores.begin(), cores.end(), [](const Core* a, const Core* b) {
            return std::tie(a->nd, a->nc, a->pcore) < std::tie(b->nd, b->nc, b->pcore);
        });
        for (Core* c : cores)
            m_b.setProcessSortIndex(c->process, order++);
    }

    store::StoreBuilder& m_b;
    NeuronArgs m_args;
    NeuronSkipLog m_skips;
    std::vector<store::Arg> m_extra;
    std::map<std::string, Core> m_cores;
    std::unordered_map<std::string, RowInfo> m_rowInfo;
    std::string m_kind, m_kindLower; // the last record's kind, lower case
    std::vector<Parked> m_parked;
    std::vector<std::pair<std::string, NeuronRecord>> m_facts; // summary/metadata records
    std::map<std::string, uint64_t> m_phases;
    uint64_t m_instructions = 0, m_slices = 0, m_summaryRecords = 0;
    bool m_sawNonZero = false;
};

} // namespace

int NeuronDeviceImporter::probe(std::string_view head, const std::string& path) const
{
    if (NeuronProbe::firstChar(head) != '{')
        return 0;
    const std::string key = NeuronProbe::firstKey(head);
    if (key == "summary" || key == "instruction")
        return kScore;
    if (NeuronProbe::mentions(head, "instruction")
        && (NeuronProbe::mentions(head, "opcode") || NeuronProbe::mentions(head, "hlo_name")))
        return kScore - 10;
    // The tool's default `--output-file` name; the importer explains what is missing.
    return NeuronProbe::fileName(path) == "ntff.json" ? 60 : 0;
}

ImportResult NeuronDeviceImporter::import(
    InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    return NeuronRecordReader::import <DeviceBuild>(input, builder, ctx,
        { name(), "Neuron device profile", "its first instruction or summary",
            "no \"instruction\" or \"summary\" entries" });
}

} // namespace strata::importers
