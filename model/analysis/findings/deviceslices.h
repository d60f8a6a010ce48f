#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <functional>

namespace strata::analysis {

// Visits the device work of a profile that starts in a window (WindowRule::StartsIn, whole
// slices, as the operator table counts): every slice of every depth of the device tracks
// and their overflow lanes, with its kind of work (OperatorCatalog::work). What the memory
// rules and the hot operator's ranges read; two binary searches per track level.
class DeviceSlices {
public:
    using Visit = std::function<void(store::SliceRow row, store::TrackId track, store::WorkKind kind)>;
    static void forEach(
        const store::EventStore& store, const OperatorCatalog& catalog, store::TimeRange window, const Visit& visit);
    // Whether the profile has any device work of `kind`, anywhere.
    static bool any(const store::EventStore& store, const OperatorCatalog& catalog, store::WorkKind kind);
};

} // namespace strata::analysis
