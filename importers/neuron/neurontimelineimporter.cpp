#include "neurontimelineimporter.h"

#include "asciitext.h"
#include "chrometraceimporter.h"
#include "neuronprobe.h"
#include "neurontimelinelevels.h"

#include <store/workclassifier.h>

namespace strata::importers {

namespace {

std::string idText(store::StoreBuilder& b, const store::IdValue& id)
{
    return id.isString ? std::string(b.strings().view(id.str)) : std::to_string(id.num);
}

// Labels the sections of the op timeline (processes named Process Overview, Control,
// Execution, Data Transfer): the execution and data-transfer sections are the device's
// (NeuronTimelineLevels decides which of their rows count as busy time). Returns whether any
// was found.
bool markSections(store::StoreBuilder& b)
{
    bool found = false;
    uint64_t unfilled = 0;
    for (uint32_t i = 0; i < b.processCount(); ++i) {
        const store::ProcessId p(i);
        const store::ProcessInfo& info = b.processInfo(p);
        const std::string name
            = AsciiText::lower(info.name.valid() ? std::string(b.strings().view(info.name)) : idText(b, info.pid));
        const bool transfer = name.find("data transfer") != std::string::npos;
        if (!transfer && name.find("execution") == std::string::npos)
            continue;
        found = true;
        unfilled += NeuronTimelineLevels::apply(b, p);
        if (!transfer)
            continue;
        // A row's work is what its name says (store::WorkClassifier): make the section's rows
        // say they move data, unless they already name memory or communication work.
        for (uint32_t t : b.processThreads(p)) {
            const std::string label = NeuronTimelineLevels::rowLabel(b, t);
            const store::WorkKind said = store::WorkClassifier::ofText(label);
            if (said != store::WorkKind::Memory && said != store::WorkKind::Communication)
                b.setThreadName(t, b.intern(label + " (data transfer)"));
        }
    }
    // Their time stays under "(none)" at the framework level of the operator table.
    if (unfilled)
        b.diagnostics().count("neuron_hlo_op_without_framework_op", unfilled);
    return found;
}

} // namespace

int NeuronTimelineImporter::probe(std::string_view head, const std::string& path) const
{
    if (NeuronProbe::firstChar(head) != '{')
        return 0;
    if (NeuronProbe::mentions(head, "neuronStartTimestampNs"))
        return kScore;
    const std::string file = NeuronProbe::fileName(path);
    return file.rfind("neuron_op_timeline", 0) == 0 || file == "neuron_trace.json" ? kScore - 5 : 0;
}

ImportResult NeuronTimelineImporter::import(
    InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    ImportResult result = ChromeTraceImporter().import(input, builder, ctx);
    if (!result.ok)
        return result;
    const bool sections = markSections(builder);
    result.format = sections || NeuronProbe::fileName(input.path()).rfind("neuron_op_timeline", 0) == 0
        ? "neuron-op-timeline"
        : "neuron-tb-trace";
    return result;
}

} // namespace strata::importers
