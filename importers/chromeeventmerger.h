#pragma once
#include "parsedchunk.h"

#include <store/storebuilder.h>

#include <map>
#include <string>
#include <vector>

namespace strata::importers {

// Interprets parsed Chrome trace entries, in file order, as calls on the StoreBuilder:
// phases to slices, instants, counters, async slices, flows and metadata. Runs on one
// thread; chunk-local string ids are mapped to the store's pool once per distinct string.
class ChromeEventMerger {
public:
    explicit ChromeEventMerger(store::StoreBuilder& builder);
    void merge(const ParsedChunk& chunk);
    const std::map<std::string, uint64_t>& phases() const { return m_phases; }

private:
    store::StringId global(const ParsedChunk& c, uint32_t local);
    store::IdValue idValue(const ParsedChunk& c, const LocalId& id);
    uint64_t idHash(const ParsedChunk& c, const LocalId& id);
    void convertArgs(const ParsedChunk& c, const ParsedEvent& e);
    void metadata(const ParsedChunk& c, const ParsedEvent& e, store::ProcessId p);
    void counters(const ParsedChunk& c, const ParsedEvent& e, store::ProcessId p);
    bool isAnnotation(store::StringId cat);
    void report(const ParsedChunk& c, const ParsedEvent& e, const std::string& kind, const std::string& what);

    store::StoreBuilder& m_b;
    std::map<std::string, uint64_t> m_phases;
    std::vector<uint32_t> m_map; // chunk-local string id → store id (or ~0u)
    std::vector<uint64_t> m_phCount;
    std::vector<store::Arg> m_args;
    store::StringId m_source; // the source location arg becomes part of the event type
    std::vector<uint8_t>
        m_annotationCat; // by global StringId: DeviceRules says Annotation (lazily filled: 0 unknown, 1 no, 2 yes)
    store::StringId m_empty;
};

} // namespace strata::importers
