#pragma once
#include "importer.h"

namespace strata::importers {

// Chrome Trace Event JSON, object or bare-array form. The top level is streamed by
// TraceScanner; batches of entries are parsed on worker threads with nlohmann_json's SAX
// interface and merged into the builder in file order.
class ChromeTraceImporter : public Importer {
public:
    const char* name() const override { return "chrome-json"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr size_t kBatchBytes = 256u << 10;
};

} // namespace strata::importers
