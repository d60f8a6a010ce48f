#pragma once
#include <store/types.h>

#include <string>
#include <vector>

namespace strata::analysis {

// One row of the operator table: every slice whose key at the table's level is `key`.
// Durations are whole slices (a slice belongs to a window when it starts inside it).
struct OperatorRow {
    uint32_t key = 0; // OperatorCatalog key; 0 = the slices unknown at this level
    std::string name; // the key's text, "(none)" for key 0
    uint64_t count = 0;
    store::TimeNs totalNs = 0; // sum of durations
    store::TimeNs selfNs = 0; // sum of durations minus the time of their direct children
    store::TimeNs minNs = 0;
    store::TimeNs maxNs = 0;
    double avgNs = 0; // totalNs / count
    double medianNs = 0; // exact; the mean of the two middle values for an even count (numpy)
    double percent = 0; // selfNs as a share of the table's busyNs
    store::TimeNs transferNs = 0; // the part of selfNs spent in data transfers (store::WorkKind::Memory)
    store::TimeNs communicationNs = 0; // the part of selfNs spent communicating (store::WorkKind::Communication)
    double bytes = 0; // sum of "bytes" args
    double flops = 0; // sum of "flops" args
    double mfu = -1; // duration-weighted mean of the slices' MFU args, percent; -1 = none
    double hfu = -1; // likewise for HFU
    bool hasBytes = false;
    bool hasFlops = false;
    std::vector<std::string> engines; // labels of the tracks it ran on, in track order
    std::vector<std::string> fusedMembers; // the member layers when the key is a fused group

    store::TimeNs executionNs() const { return selfNs - transferNs; }
};

} // namespace strata::analysis
