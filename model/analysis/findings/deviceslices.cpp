#include "deviceslices.h"

namespace strata::analysis {

void DeviceSlices::forEach(
    const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window, const Visit& visit)
{
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        const store::TrackKind k = store.track(track).kind;
        if ((k != store::TrackKind::Thread && k != store::TrackKind::Overflow) || !catalog.isDeviceTrack(track))
            continue;
        for (uint32_t d = 0; d < store.levelCount(track); ++d) {
            const store::RowRange level = store.level(track, d);
            const uint32_t first = store.firstStartAtOrAfter(level, window.start);
            const uint32_t last = store.firstStartAtOrAfter(level, window.end);
            for (uint32_t i = first; i < last; ++i) {
                const store::SliceRow row(i);
                visit(row, track, catalog.work(track, store.sliceType(row)));
            }
        }
    }
}

bool DeviceSlices::any(const store::EventStore& store, const OperatorCatalog& catalog, store::WorkKind kind)
{
    // Stops at the first slice of the kind: most profiles with copies have one early on.
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        const store::TrackId track(t);
        const store::TrackKind k = store.track(track).kind;
        if ((k != store::TrackKind::Thread && k != store::TrackKind::Overflow) || !catalog.isDeviceTrack(track))
            continue;
        const store::RowRange rows = store.track(track).slices;
        for (uint32_t i = rows.begin; i < rows.end; ++i)
            if (catalog.work(track, store.sliceType(store::SliceRow(i))) == kind)
                return true;
    }
    return false;
}

} // namespace strata::analysis
