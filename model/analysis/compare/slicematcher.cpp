#include "slicematcher.h"

#include "namenormalizer.h"

#include <analysis/operators/nameparser.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace strata::analysis {

namespace {

// The rows whose type normalises to `name`, in (start, row) order.
std::vector<store::SliceRow> rowsNamed(const store::EventStore& store, std::string_view name)
{
    std::vector<uint8_t> match(store.types().size(), 0);
    for (uint32_t t = 0; t < match.size(); ++t)
        match[t] = NameNormalizer::normalize(store.str(store.types().get(store::TypeId(t)).name)) == name;
    std::vector<std::pair<store::TimeNs, uint32_t>> found;
    for (uint32_t r = 0; r < store.sliceCount(); ++r) {
        const store::SliceRow row(r);
        if (match[store.sliceType(row).v])
            found.emplace_back(store.sliceTs(row), r);
    }
    std::sort(found.begin(), found.end());
    std::vector<store::SliceRow> out;
    out.reserve(found.size());
    for (const auto& f : found)
        out.emplace_back(f.second);
    return out;
}

} // namespace

std::optional<SliceMatcher::Identity> SliceMatcher::identify(const store::EventStore& store, store::SliceRow row)
{
    if (row.v >= store.sliceCount())
        return std::nullopt;
    Identity id;
    id.name = NameNormalizer::normalize(store.str(store.sliceName(row)));
    const std::vector<store::SliceRow> rows = rowsNamed(store, id.name);
    const auto it = std::find_if(rows.begin(), rows.end(), [row](store::SliceRow r) { return r.v == row.v; });
    if (it == rows.end())
        return std::nullopt;
    id.ordinal = uint32_t(it - rows.begin());
    return id;
}

std::optional<store::SliceRow> SliceMatcher::find(const store::EventStore& store, const Identity& id)
{
    const std::vector<store::SliceRow> rows = rowsNamed(store, id.name);
    if (id.ordinal >= rows.size())
        return std::nullopt;
    return rows[id.ordinal];
}

std::optional<store::TimeNs> SliceMatcher::firstInstanceStart(
    const store::EventStore& store, const OperatorCatalog& catalog, std::string_view unit)
{
    if (unit.empty())
        return std::nullopt;
    std::vector<uint8_t> match(store.types().size(), 0);
    for (uint32_t t = 0; t < match.size(); ++t) {
        const std::string_view name = store.str(store.types().get(store::TypeId(t)).name);
        match[t] = name == unit || NameParser::stripStepNumber(name) == unit;
    }
    const bool ownCatalog = catalog.typeCount() >= store.types().size();
    const uint32_t opKey = ownCatalog ? catalog.findKey(unit) : OperatorCatalog::kNoKey;
    std::optional<store::TimeNs> first;
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        const store::TrackKind k = store.track(track).kind;
        if (k != store::TrackKind::Thread && k != store::TrackKind::Overflow && k != store::TrackKind::Async)
            continue;
        for (uint32_t d = 0; d < store.levelCount(track); ++d) {
            const store::RowRange lv = store.level(track, d);
            for (uint32_t r = lv.begin; r < lv.end; ++r) {
                const store::SliceRow row(r);
                const store::TypeId type = store.sliceType(row);
                if (match[type.v]
                    || (opKey != OperatorCatalog::kNoKey
                        && catalog.key(OperatorLevel::Op, row, type, store.sliceArgs(row)) == opKey)) {
                    if (!first || store.sliceTs(row) < *first)
                        first = store.sliceTs(row);
                    break; // a level is in start order: its first match is its earliest
                }
            }
        }
    }
    return first;
}

} // namespace strata::analysis
