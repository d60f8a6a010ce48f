#include "importerregistry.h"

#include "chrometraceimporter.h"
#include "neuron/neurondeviceimporter.h"
#include "neuron/neuronoptableimporter.h"
#include "neuron/neuronsystemimporter.h"
#include "neuron/neurontimelineimporter.h"
#include "perfetto/perfettoimporter.h"
#include "sophgo/sophgoimporter.h"

namespace strata::importers {

ImporterRegistry::ImporterRegistry()
{
    m_importers.push_back(std::make_unique<ChromeTraceImporter>());
    m_importers.push_back(std::make_unique<PerfettoImporter>());
    m_importers.push_back(std::make_unique<SophgoImporter>());
    m_importers.push_back(std::make_unique<NeuronDeviceImporter>());
    m_importers.push_back(std::make_unique<NeuronSystemImporter>());
    m_importers.push_back(std::make_unique<NeuronTimelineImporter>());
    m_importers.push_back(std::make_unique<NeuronOpTableImporter>());
}

const ImporterRegistry& ImporterRegistry::instance()
{
    static const ImporterRegistry registry;
    return registry;
}

const Importer* ImporterRegistry::pick(std::string_view head, const std::string& path) const
{
    const Importer* best = nullptr;
    int bestScore = 0;
    for (const auto& imp : m_importers) {
        const int score = imp->probe(head, path);
        if (score > bestScore) {
            best = imp.get();
            bestScore = score;
        }
    }
    return best;
}

} // namespace strata::importers
