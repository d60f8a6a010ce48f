#pragma once
#include "breakdowntimes.h"

#include <optional>
#include <string>

namespace strata::analysis {

// A device's time breakdown as one short line of shares, the one the Overall and Selection
// Summaries show per device and `strata-cli summary` prints under it:
// "compute 8 % · communication 45 % (4 % overlapped) · idle 49 %". Each share is of the
// device's span in the window (BreakdownTimes::spanNs); "overlapped" is of communication
// (BreakdownTimes::commOverlapPct, `strata-cli breakdown`'s comm_overlap_pct). The
// communication part is left out for a device without communication, memory for one
// without memory work. The shares overlap (communication under compute counts in both), so
// they need not add up to 100.
//
// One writer for the GUI and the CLI, so both read the same text; whole percents, written
// with plain digits whatever the C locale (a Qt program sets the user's).
class BreakdownShares {
public:
    struct Shares {
        double compute = 0, communication = 0, memory = 0, idle = 0; // % of the span
        std::optional<double> overlapped; // % of communication; none without communication
        bool memoryShown = false; // the device moved memory in the window
    };
    // None when the device did no work in the window (its span is 0).
    static std::optional<Shares> of(const BreakdownTimes& times);
    // The line; "no device work in the window" when of() has none.
    static std::string line(const BreakdownTimes& times);
    // A share as the line writes it: whole percents, "<1 %" for a share that would read 0
    // without being 0, ">99 %" for one that would read 100 without being all: "45 %".
    static std::string percent(double pct);
};

} // namespace strata::analysis
