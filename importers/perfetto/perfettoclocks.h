#pragma once
// Packet timestamps to the trace clock, through ClockSnapshot packets.
// Timestamps on the trace clock (BOOTTIME unless a snapshot names another primary clock)
// pass through unchanged. Other clocks, including sequence-scoped ones (ids 64..127) with
// a unit multiplier and incremental encoding, are converted through the latest snapshot
// that holds both that clock and the trace clock (one hop; no multi-clock path search).
#include "protowire.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace strata::importers::perfetto {

class ClockConverter {
public:
    // Reads a ClockSnapshot packet. Returns false (and fills *error/*errorOffset) when the
    // message is malformed; what was read before the error is kept.
    bool addSnapshot(uint32_t sequence, const proto::Field& snapshot, std::string* error, uint64_t* errorOffset);

    enum class Result { Ok, Unsynced, Invalid };
    // `clockId` 0 means the packet named none (BOOTTIME). Writes trace-clock ns to *out.
    // Unsynced: no snapshot relates that clock to the trace clock (*out holds the raw value).
    Result toTrace(uint32_t sequence, uint32_t clockId, uint64_t ts, int64_t* out);

    uint32_t traceClock() const { return m_traceClock; }
    bool sawSnapshot() const { return m_snapshots > 0; }

private:
    static uint64_t key(uint32_t sequence, uint32_t clockId);
    struct Clock {
        int64_t multiplier = 1;
        bool incremental = false;
        uint64_t last = 0; // last absolute value, for incremental clocks
        // (ns on this clock, ns on the trace clock), in snapshot order
        std::vector<std::pair<int64_t, int64_t>> sync;
    };
    std::unordered_map<uint64_t, Clock> m_clocks;
    uint32_t m_traceClock = 6; // BOOTTIME
    bool m_traceClockFixed = false;
    uint64_t m_snapshots = 0;
};

} // namespace strata::importers::perfetto
