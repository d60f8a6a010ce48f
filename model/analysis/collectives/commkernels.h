#pragma once
#include "collectiverank.h"

#include <store/eventstore.h>

#include <string>
#include <vector>

namespace strata::analysis {

// One communication kernel of a rank, on the rank's own clock.
struct CommKernel {
    store::SliceRow row;
    store::TimeNs start = 0;
    store::TimeNs end = 0;
};

// The communication kernels of one name on one channel of a rank, in start order: the n-th
// of them is matched with the n-th of the same name and channel on every other rank.
struct CommSeries {
    std::string name;
    // Where the kernels run: "pg <name>" when the trace names the process group in the
    // kernel's args, else the stream as the trace writes its tid ("stream 24", "24").
    std::string channel;
    std::vector<CommKernel> kernels;
};

// Finds a rank's communication kernels: the depth-0 slices of its device tracks (and their
// overflow lanes) whose store::WorkClassifier kind is Communication, grouped by name and
// channel. Series are sorted by (name, channel) so every rank lists them alike.
class CommKernels {
public:
    static std::vector<CommSeries> of(const CollectiveRank& rank);
};

} // namespace strata::analysis
