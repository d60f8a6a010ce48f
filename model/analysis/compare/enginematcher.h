#pragma once
#include <analysis/summary/summaryresult.h>

#include <vector>

namespace strata::analysis {

// Pairs the engines (summary rows) of profile A with those of profile B, for the compare
// views' A | B | Δ mode. Two runs of one job differ in their pids, tids, stream ids and GPU
// index, so labels alone pair little; engines pair by where they sit instead. Passes, each
// over the rows the passes before left unpaired:
//  1. Explicit: the user's "pair with…" choices (Override), whatever the labels say.
//  2. Exact: the same process label and track label.
//  3. Label: the same track label in the same place: the n-th device (or host process) of
//     A and the n-th of B, devices and processes counted in display order (pid order, so a
//     device's index or a rank's process).
//  4. Role: the same role in the same place, in order: the n-th GPU stream (or DMA queue,
//     any label that differs only in its numbers) of A's n-th device with the n-th of B's;
//     host threads by their role (main, backward, dataloader), then in order.
//  5. Label anywhere, then the NameNormalizer-normalised label anywhere.
// Within a pass, rows sharing a key pair in display order. Pure; safe on any thread.
class EngineMatcher {
public:
    enum class Match : uint8_t { Exact, Label, Normalised, Role, Explicit, AOnly, BOnly };
    struct Pair {
        int a = -1; // index into A's tracks; -1 when only B has the engine
        int b = -1; // index into B's tracks; -1 when only A has it
        Match match = Match::Exact;
    };
    // "Pair A's track with B's": tracks of the two stores. One whose track either summary
    // lacks, or that repeats a side an earlier one took, is ignored.
    struct Override {
        store::TrackId a, b;
    };
    // A's engines in A's display order, each with its partner if any, then the engines only
    // B has, in B's order.
    static std::vector<Pair> match(
        const TraceSummary& a, const TraceSummary& b, const std::vector<Override>& overrides = {});

    // The role a host thread plays, from its name and ids: "main" (named so, or its tid is
    // its pid), "backward" (autograd), "dataloader", or empty when none is recognised.
    static std::string hostRole(const TrackSummaryRow& row);
};

} // namespace strata::analysis
