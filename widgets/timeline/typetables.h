#pragma once
#include "trackrenderer.h"

#include <common/operatorcolors.h>
#include <store/eventstore.h>

#include <cstddef>

namespace strata::widgets {

// The timeline's tables per TypeId: operator colours and slice labels as QStrings, built
// once per store. That is string work per type, about 1 µs each: 55 ms for the 54K types of
// the 100M-event benchmark trace, too long for the GUI thread. A store with more than
// kSyncTypes types therefore gets its tables from a worker, and TimelineWidget waits for
// them as it waits for its LOD index; a smaller one gets them at once.
struct TypeTables {
    static constexpr size_t kSyncTypes = 4096; // a few ms at most

    OperatorColors colors;
    SliceLabelCache labels;

    static bool buildOnWorker(const store::EventStore* s) { return s && s->types().size() > kSyncTypes; }
    void build(const store::EventStore* s)
    {
        colors.reset(s);
        labels.reset(s);
    }
};

} // namespace strata::widgets
