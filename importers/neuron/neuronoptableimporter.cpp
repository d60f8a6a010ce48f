#include "neuronoptableimporter.h"

#include "neuronargs.h"
#include "neuronprobe.h"
#include "neuronrecordreader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

namespace strata::importers {

namespace {

using store::Arg;
using store::IdValue;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool contains(const std::string& s, std::initializer_list<const char*> words)
{
    for (const char* w : words)
        if (s.find(w) != std::string::npos)
            return true;
    return false;
}

// Nanoseconds per unit of a time field, by the unit its name ends with.
double unitOf(const std::string& key)
{
    const std::string k = lower(key);
    if (endsWith(k, "_ps") || endsWith(k, "(ps)"))
        return 1e-3;
    if (endsWith(k, "_us") || endsWith(k, "(us)") || endsWith(k, "_usec"))
        return 1e3;
    if (endsWith(k, "_ms") || endsWith(k, "(ms)"))
        return 1e6;
    if (endsWith(k, "_s") || endsWith(k, "(s)") || endsWith(k, "_sec") || endsWith(k, "_seconds"))
        return 1e9;
    return 1.0;
}

// The field holding an operator's total time: a numeric field named like a time or a
// duration that is not a share, an average or a bound.
const NeuronField* timeField(const NeuronRecord& r)
{
    for (const char* k : { "total_time", "time", "execution_time", "exec_time", "duration", "wall_time" }) {
        const NeuronField* f = r.find(k);
        double v = 0;
        if (f && NeuronRecord::numberOf(*f, &v))
            return f;
    }
    for (size_t i = 0; i < r.size(); ++i) {
        const NeuronField& f = r.field(i);
        const std::string k = lower(f.key);
        double v = 0;
        if (contains(k, { "time", "dur" })
            && !contains(
                k, { "percent", "%", "pct", "ratio", "avg", "average", "mean", "min", "max", "start", "end", "stamp" })
            && NeuronRecord::numberOf(f, &v))
            return &f;
    }
    return nullptr;
}

std::string opName(const NeuronRecord& r, size_t index)
{
    std::string name = r.text({ "name", "op_name", "operator", "op", "framework_name", "framework_op", "hlo_name",
        "hlo_op", "Name", "Operator" });
    for (size_t i = 0; name.empty() && i < r.size(); ++i)
        if (r.field(i).kind == store::ArgKind::String && !r.field(i).s.empty())
            name = r.field(i).s;
    return name.empty() ? "op " + std::to_string(index) : name;
}

struct Op {
    NeuronRecord record;
    std::string name;
    std::string timeKey;
    store::TimeNs dur = 0;
};

} // namespace

int NeuronOpTableImporter::probe(std::string_view head, const std::string& path) const
{
    if (NeuronProbe::firstChar(head) != '{')
        return 0;
    const std::string file = NeuronProbe::fileName(path);
    const bool named = file == "neuron_framework_op.json" || file == "neuron_hlo_op.json";
    if (NeuronProbe::firstKey(head) == "ops")
        return named ? kScore : 55;
    return named ? 50 : 0;
}

ImportResult NeuronOpTableImporter::import(
    InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    ImportResult result;
    std::vector<Op> ops;
    uint64_t total = 0;
    store::Diagnostics& diag = builder.diagnostics();
    NeuronRecordReader reader(input, diag);
    const auto status = reader.run(
        ctx,
        [&](const std::string& kind, const NeuronRecord& r, uint64_t offset) {
            ++total;
            const NeuronField* f = timeField(r);
            double v = 0;
            if (!f || !NeuronRecord::numberOf(*f, &v) || v < 0) {
                diag.report("neuron_op_without_time",
                    "byte " + std::to_string(offset) + ": an entry of \"" + kind
                        + "\" has no total time; it was skipped");
                return;
            }
            if (ops.size() >= kMaxOps) {
                diag.count("neuron_ops_skipped");
                return;
            }
            Op op;
            op.record = r;
            op.name = opName(r, ops.size());
            op.timeKey = f->key;
            op.dur = static_cast<store::TimeNs>(std::llround(v * unitOf(f->key)));
            ops.push_back(std::move(op));
        },
        [&](const std::string& key, std::string_view json, int depth) {
            if (depth != 1) {
                diag.count("neuron_values_skipped");
                return;
            }
            std::string v(json);
            if (v.size() >= 2 && v.front() == '"')
                v = v.substr(1, v.size() - 2);
            builder.addMetadata(key, v);
        });
    result.phases["ops"] = total;
    if (status == NeuronRecordReader::Status::Cancelled) {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    if (status == NeuronRecordReader::Status::NotJson) {
        result.error = "not a Neuron operator table: " + reader.error();
        result.errorOffset = reader.errorOffset();
        return result;
    }
    if (ops.empty()) {
        result.error = reader.stoppedEarly() ? "Neuron operator table cut short before its first operator"
                                             : "not a Neuron operator table: no \"ops\" entries with a time";
        result.errorOffset = reader.stoppedEarly() ? reader.errorOffset() : 0;
        return result;
    }

    // Which view: the file name says it; a renamed file by the identity keys its ops carry.
    const std::string file = NeuronProbe::fileName(input.path());
    bool hlo = file.find("hlo") != std::string::npos;
    if (!hlo && file.find("framework") == std::string::npos)
        hlo = ops.front().record.has("hlo_name") && !ops.front().record.has("framework_name");
    const std::string level = hlo ? "hlo" : "framework";
    result.format = hlo ? "neuron-hlo-op-table" : "neuron-framework-op-table";

    std::stable_sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) { return a.dur > b.dur; });
    const store::ProcessId process = builder.process(IdValue::string(builder.intern("neuron-ops:" + level)));
    builder.setProcessName(process,
        builder.intern(
            hlo ? "Neuron HLO operators (total time each)" : "Neuron framework operators (total time each)"));
    const store::StringId rowName = builder.intern(hlo ? "HLO ops" : "Framework ops");
    const uint32_t thread = builder.thread(process, IdValue::string(rowName));
    builder.setThreadName(thread, rowName);
    const store::StringId identityKey = builder.intern(hlo ? "hlo_name" : "framework_name");
    const store::StringId category = builder.intern(hlo ? "hlo_op" : "framework_op");
    NeuronArgs args(builder);
    store::TimeNs at = 0;
    for (const Op& op : ops) {
        std::vector<Arg> extra;
        if (!op.record.has(hlo ? "hlo_name" : "framework_name"))
            extra.push_back(Arg::makeString(identityKey, builder.intern(op.name)));
        const store::TypeId type = builder.type(builder.intern(op.name), category);
        builder.completeSlice(thread, at, op.dur, type, args.build(op.record, { op.timeKey }, extra));
        at += op.dur;
    }
    builder.addMetadata("neuron.op_table", level);
    builder.addMetadata(
        "neuron.op_table.layout", "one slice per operator, laid end to end by total time (no timeline)");
    result.ok = true;
    return result;
}

} // namespace strata::importers
