// The operator catalog as a kind of derived index (IndexRegistry): built after the first
// paint, with the summary index; a snapshot keeps it as "index.catalog".
#include <analysis/indexkind.h>
#include <analysis/operators/operatorcatalog.h>

namespace strata::analysis {

IndexKind operatorCatalogKind()
{
    IndexKind kind = IndexKind::of<OperatorCatalog>(
        "catalog", IndexStage::AfterFirstPaint,
        [](const store::EventStore& s, const IndexSet&, const std::atomic<bool>* cancel) {
            auto catalog = std::make_shared<const OperatorCatalog>(s, cancel);
            return catalog->cancelled() ? nullptr : catalog;
        },
        [](const store::EventStore& s, const OperatorCatalog& catalog) { return catalog.serialize(s); },
        [](const store::EventStore& s, std::string_view blob, std::string* why) {
            return OperatorCatalog::restore(s, blob, why);
        });
    // A cancelled catalog is left empty and has no blob.
    kind.fitting<OperatorCatalog>([](const store::EventStore&, const OperatorCatalog& c) { return !c.cancelled(); });
    return kind;
}

} // namespace strata::analysis
