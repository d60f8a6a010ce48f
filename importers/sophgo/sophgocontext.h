#pragma once
// State shared by the parts of one Sophgo import: where rows and memory spaces are, the
// clock, and the decoded contents of one iter*.profile.
#include "sophgoarch.h"
#include "sophgoglobalinfo.h"
#include "sophgorecords.h"

#include <store/storebuilder.h>

#include <string>
#include <vector>

namespace strata::importers::sophgo {

// The rows of Sophgo's TPU profile view, top to bottom (raw thread ids of the builder).
struct SophgoRows {
    uint32_t subnet = 0, host = 0, layers = 0, mcu = 0, gdma = 0, tiu = 0;
};

struct SophgoContext {
    SophgoContext(store::StoreBuilder& builder, const SophgoGlobalInfo& info, const SophgoArch& a)
        : b(builder)
        , global(info)
        , arch(a)
    {
    }
    store::StoreBuilder& b;
    const SophgoGlobalInfo& global;
    SophgoArch arch;
    double freqMhz = 1000;
    SophgoRows rows;
    store::MemorySpaceId localMem, globalMem;
    uint64_t baseUsec = 0; // host time (µs since epoch) shown as 0
    store::TimeNs mcuBusy = 0; // sum of the MCU row's records: the run time Sophgo's view calls total=
    uint64_t gdmaRecords = 0, tiuRecords = 0, layers = 0, accesses = 0;
    // GB/s of each iteration's fastest GDMA transfer (the full height of its bars): the least
    // and the most over the iterations; 0 before any.
    double gdmaFullMin = 0, gdmaFullMax = 0;
};

// One iter*.profile, decoded; begin/end are the subnet's host times on the packed time axis.
struct SophgoIterationData {
    std::string file;
    bool hasSummary = false;
    SophgoSummary summary;
    store::TimeNs begin = 0, end = 0;
    std::vector<SophgoDynRecord> dyn;
    std::vector<SophgoExtraEntry> dynExtra;
    std::vector<SophgoTiuRecord> tiu;
    std::vector<SophgoGdmaRecord> gdma;
    std::vector<uint32_t> groupCounts; // COMMAND block: per group gdma count, bd count, …
};

} // namespace strata::importers::sophgo
