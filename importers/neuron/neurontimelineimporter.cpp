#include "neurontimelineimporter.h"

#include "asciitext.h"
#include "chrometraceimporter.h"
#include "neuronprobe.h"

#include <store/transferclassifier.h>

namespace strata::importers {

namespace {

std::string idText(store::StoreBuilder& b, const store::IdValue& id)
{
    return id.isString ? std::string(b.strings().view(id.str)) : std::to_string(id.num);
}

// Labels the sections of the op timeline (processes named Process Overview, Control,
// Execution, Data Transfer). Returns whether any was found.
bool markSections(store::StoreBuilder& b)
{
    bool found = false;
    for (uint32_t i = 0; i < b.processCount(); ++i) {
        const store::ProcessId p(i);
        const store::ProcessInfo& info = b.processInfo(p);
        const std::string name
            = AsciiText::lower(info.name.valid() ? std::string(b.strings().view(info.name)) : idText(b, info.pid));
        const bool transfer = name.find("data transfer") != std::string::npos;
        if (!transfer && name.find("execution") == std::string::npos)
            continue;
        found = true;
        // The execution and data-transfer sections are the device's engines.
        for (uint32_t t : b.processThreads(p))
            b.setThreadRole(t, store::TrackRole::Device);
        if (!transfer)
            continue;
        // Rows are transfers when their names say so (TransferClassifier): make the section's say it.
        for (uint32_t t : b.processThreads(p)) {
            const store::StringId n = b.threadName(t);
            std::string label = n.valid() && !b.strings().view(n).empty() ? std::string(b.strings().view(n))
                : b.threadTid(t).isString                                 ? idText(b, b.threadTid(t))
                                                                          : "Thread " + idText(b, b.threadTid(t));
            if (!store::TransferClassifier::isTransferText(label))
                b.setThreadName(t, b.intern(label + " (data transfer)"));
        }
    }
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
