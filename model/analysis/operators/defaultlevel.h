#pragma once
#include "operatorlevel.h"

#include <store/eventstore.h>

namespace strata::analysis {

class OperatorCatalog;

// The operator level the views open at, one rule for the GUI and strata-cli: the first of
// framework › op › command whose "(none)" share is under half of the default scope's time
// (device tracks, or every thread when there are none); command when none is. The share is
// measured on depth-0 slices, whose durations on one track do not overlap.
class DefaultLevel {
public:
    static OperatorLevel pick(const store::EventStore& store, const OperatorCatalog& catalog);
};

} // namespace strata::analysis
