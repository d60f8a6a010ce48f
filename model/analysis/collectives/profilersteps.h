#pragma once
#include <store/eventstore.h>

#include <cstdint>
#include <string>
#include <vector>

namespace strata::analysis {

// One ProfilerStep#N span of a rank's host thread.
struct ProfilerStep {
    store::SliceRow row;
    std::string name; // "ProfilerStep#12"
    int64_t number = -1; // N, -1 when the name carries none
    store::TimeNs start = 0; // absolute, on the rank's own clock
    store::TimeNs dur = 0;
};

// The training steps of a rank as PyTorch's profiler marks them: the ProfilerStep#N spans on
// host tracks (a device annotation lane's copy of them is left out), in start order. The
// rank table's step times, the "first step start" clock alignment and Holistic Trace
// Analysis's iterations all read them. Names follow HTA's pattern "ProfilerStep\s*#\s*(\d+)".
class ProfilerSteps {
public:
    static std::vector<ProfilerStep> of(const store::EventStore& store);
    // N of "ProfilerStep#N" (spaces allowed around '#'), -1 for any other name.
    static int64_t numberOf(std::string_view name);
};

} // namespace strata::analysis
