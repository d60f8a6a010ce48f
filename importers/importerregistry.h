#pragma once
#include "importer.h"

#include <memory>
#include <vector>

namespace strata::importers {

// Every importer the product knows, picked by content (probe), not by extension alone.
class ImporterRegistry {
public:
    static const ImporterRegistry& instance();
    // The importer with the highest probe score for these first bytes, or nullptr.
    const Importer* pick(std::string_view head, const std::string& path) const;
    const std::vector<std::unique_ptr<Importer>>& importers() const { return m_importers; }

private:
    ImporterRegistry();
    std::vector<std::unique_ptr<Importer>> m_importers;
};

} // namespace strata::importers
