#include "importerregistry.h"

#include "chrometraceimporter.h"
#include "perfetto/perfettoimporter.h"

namespace strata::importers {

ImporterRegistry::ImporterRegistry()
{
    m_importers.push_back(std::make_unique<ChromeTraceImporter>());
    m_importers.push_back(std::make_unique<PerfettoImporter>());
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
