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

// The step times the rank table shows (`strata-cli ranks`, the Ranks dock): the mean and the
// longest duration over a rank's steps.
struct StepTimes {
    size_t count = 0;
    store::TimeNs meanNs = 0; // the sum over the count, rounded down; 0 without a step
    store::TimeNs maxNs = 0;
};

// The training steps of a rank as PyTorch's profiler marks them: the ProfilerStep#N spans on
// host tracks (a device annotation lane's copy of them is left out), in start order. The
// rank table's step times, the "first step start" clock alignment and Holistic Trace
// Analysis's iterations all read them. Names follow HTA's pattern "ProfilerStep\s*#\s*(\d+)".
class ProfilerSteps {
public:
    static std::vector<ProfilerStep> of(const store::EventStore& store);
    // The steps on the tracks [trackBegin, trackEnd) only: one rank of a job's merged store.
    static std::vector<ProfilerStep> of(const store::EventStore& store, uint32_t trackBegin, uint32_t trackEnd);
    // N of "ProfilerStep#N" (spaces allowed around '#'), -1 for any other name.
    static int64_t numberOf(std::string_view name);
    static StepTimes timesOf(const std::vector<ProfilerStep>& steps);
};

} // namespace strata::analysis
