#include "fuzzload.h"

#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summarycalculator.h>
#include <analysis/summary/summaryindex.h>
#include <importerregistry.h>
#include <snapshot/snapshotwriter.h>
#include <store/storefinalizer.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

namespace strata::fuzz {

namespace {

const importers::Importer& importerNamed(const char* name)
{
    for (const auto& i : importers::ImporterRegistry::instance().importers()) {
        if (std::strcmp(i->name(), name) == 0)
            return *i;
    }
    std::fprintf(stderr, "fuzz: no importer named %s\n", name);
    std::abort();
}

void analyse(const store::EventStore& s)
{
    const analysis::SummaryIndex index(s);
    const analysis::TraceSummary sum = analysis::SummaryCalculator::compute(s, index, s.extent());
    (void)sum;
    const analysis::OperatorCatalog catalog(s);
    const analysis::LatencyStats stats = analysis::LatencyAnalyzer::analyze(s, catalog, "");
    (void)stats;
    (void)analysis::LatencyAnalyzer::operatorAverages(s, catalog);
}

// The store's bytes as a snapshot (no compression threads), or empty when nothing loaded.
std::vector<uint8_t> storeBytes(
    const importers::Importer& reader, const std::string& path, const importers::ImportContext& ctx)
{
    std::string error;
    auto input = importers::InputReader::open(path, &error);
    if (!input)
        return {};
    store::StoreBuilder builder;
    if (!reader.import(*input, builder, ctx).ok)
        return {};
    const auto s = store::StoreFinalizer::finalize(builder);
    if (!s)
        return {};
    store::SnapshotWriter::Options options;
    options.level = 1;
    options.threads = 0;
    return store::SnapshotWriter::encode(*s, "", options);
}

// Chrome JSON: the simdjson event parser must give the store nlohmann's SAX gives (the
// reference it falls back to); a difference is a finding. A load is repeatable byte for byte
// (the scanner's and the workers' diagnostics merge in file order), so one pair decides.
void compareParsers(const importers::Importer& reader, const std::string& path)
{
    importers::ImportContext reference;
    reference.referenceJsonParser = true;
    if (storeBytes(reader, path, {}) == storeBytes(reader, path, reference))
        return;
    std::fprintf(stderr, "fuzz: the simdjson and nlohmann event parsers built different stores\n");
    std::abort();
}

} // namespace

void FuzzLoad::run(const std::string& path, const char* importer)
{
    const importers::Importer& reader = importerNamed(importer);
    std::string error;
    auto input = importers::InputReader::open(path, &error);
    if (!input)
        return;
    // The probe runs too: it sees every input first in the product.
    (void)importers::ImporterRegistry::instance().pick(input->peek(64 * 1024), path);
    // As ProfileLoader::load: a reader may give up by throwing, which the user sees as a
    // message; running out of memory is reported the same way.
    try {
        store::StoreBuilder builder;
        const importers::ImportResult r = reader.import(*input, builder, {});
        if (!r.ok)
            return;
        const auto s = store::StoreFinalizer::finalize(builder);
        if (s)
            analyse(*s);
        if (std::strcmp(importer, "chrome-json") == 0)
            compareParsers(reader, path);
    } catch (const std::bad_alloc&) {
    } catch (const std::exception&) {
    }
}

} // namespace strata::fuzz
