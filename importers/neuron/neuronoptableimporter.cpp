#include "neuronoptableimporter.h"

#include "asciitext.h"
#include "neuronargs.h"
#include "neuronprobe.h"
#include "neuronrecordreader.h"
#include "neuronskiplog.h"

#include <store/timemath.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace strata::importers {

namespace {

using store::Arg;
using store::IdValue;

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
    const std::string k = AsciiText::lower(key);
    auto ends = [&k](std::initializer_list<std::string_view> suffixes) {
        for (std::string_view s : suffixes)
            if (AsciiText::endsWith(k, s))
                return true;
        return false;
    };
    if (ends({ "_ps", "(ps)" }))
        return 1e-3;
    if (ends({ "_us", "(us)", "_usec" }))
        return 1e3;
    if (ends({ "_ms", "(ms)" }))
        return 1e6;
    if (ends({ "_s", "(s)", "_sec", "_seconds" }))
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
        const std::string k = AsciiText::lower(f.key);
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
    NeuronSkipLog skips(diag);
    const auto status = reader.run(
        ctx,
        [&](const std::string& kind, const NeuronRecord& r, uint64_t offset) {
            ++total;
            const NeuronField* f = timeField(r);
            double v = 0;
            if (!f || !NeuronRecord::numberOf(*f, &v) || v < 0) {
                skips.record("neuron_op_without_time", offset, "an entry of \"" + kind + "\" has no total time");
                return;
            }
            const auto dur = store::TimeMath::fromDouble(v * unitOf(f->key));
            if (!dur) {
                skips.record("neuron_op_without_time", offset,
                    "an entry of \"" + kind + "\" has a total time too large to be a time");
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
            op.dur = *dur;
            ops.push_back(std::move(op));
        },
        NeuronRecordReader::metadataScalars(builder));
    result.phases["ops"] = total;
    const std::string what = "Neuron operator table";
    if (reader.failed(status, what, &result))
        return result;
    if (ops.empty()) {
        reader.nothingUsable(what, "its first operator", "no \"ops\" entries with a time", &result);
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
    builder.setThreadRole(thread, store::TrackRole::Device); // device time of each operator, end to end
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
        // Laid end to end: the sum saturates (and the store clamps what passes its limit).
        at = store::TimeMath::saturatingAdd(at, op.dur);
    }
    builder.addMetadata("neuron.op_table", level);
    builder.addMetadata(
        "neuron.op_table.layout", "one slice per operator, laid end to end by total time (no timeline)");
    result.ok = true;
    return result;
}

} // namespace strata::importers
