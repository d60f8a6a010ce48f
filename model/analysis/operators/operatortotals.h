#pragma once
#include "operatorcatalog.h"
#include "operatorrow.h"
#include <store/timemath.h>
#include <store/types.h>
#include <store/workkind.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace strata::analysis {

// The running totals of one operator-table row while its slices are added, on one core:
// what OperatorAggregator counts per row and the Operator Table's tree per node, so a
// node's figures are defined exactly as a row's. add() runs once per slice and stays inline.
struct OperatorTotals {
    uint64_t count = 0;
    store::TimeNs total = 0, self = 0, transfer = 0, communication = 0;
    store::TimeNs min = store::kTimeMax, max = store::kTimeMin;
    double bytes = 0, flops = 0, mfuWeighted = 0, mfuDur = 0, hfuWeighted = 0, hfuDur = 0;
    uint8_t has = 0; // OperatorCatalog::Metrics bits seen
    uint16_t lastEngine = 0xffff; // a track's slices come in runs: skips the search of engines
    std::vector<uint16_t> engines;
    std::vector<store::TimeNs> durations; // every slice's, for the exact median

    // A slice of `dur` on engine group `engine` doing `kind` of work: memory work is data
    // transfer, communication work is communication; the rest is execution.
    void add(store::TimeNs dur, uint16_t engine, store::WorkKind kind, const OperatorCatalog::Metrics& m)
    {
        ++count;
        // Sums saturate (store/timemath.h): only a trace of absurd durations gets there.
        total = store::TimeMath::saturatingAdd(total, dur);
        self = store::TimeMath::saturatingAdd(self, dur);
        if (kind == store::WorkKind::Memory)
            transfer = store::TimeMath::saturatingAdd(transfer, dur);
        else if (kind == store::WorkKind::Communication)
            communication = store::TimeMath::saturatingAdd(communication, dur);
        min = std::min(min, dur);
        max = std::max(max, dur);
        durations.push_back(dur);
        if (lastEngine != engine) {
            lastEngine = engine;
            if (std::find(engines.begin(), engines.end(), engine) == engines.end())
                engines.push_back(engine);
        }
        if (!m.has)
            return;
        has |= m.has;
        if (m.has & OperatorCatalog::Metrics::kBytes)
            bytes += m.bytes;
        if (m.has & OperatorCatalog::Metrics::kFlops)
            flops += m.flops;
        if (m.has & OperatorCatalog::Metrics::kMfu) {
            mfuWeighted += m.mfu * double(dur);
            mfuDur += double(dur);
        }
        if (m.has & OperatorCatalog::Metrics::kHfu) {
            hfuWeighted += m.hfu * double(dur);
            hfuDur += double(dur);
        }
    }

    // A direct child of a slice counted here: its time is not this row's own.
    // `kind`: the parent's, whose own time the child's was counted in.
    void subtractChild(store::TimeNs dur, store::WorkKind kind)
    {
        self = store::TimeMath::saturatingSub(self, dur);
        if (kind == store::WorkKind::Memory)
            transfer = store::TimeMath::saturatingSub(transfer, dur);
        else if (kind == store::WorkKind::Communication)
            communication = store::TimeMath::saturatingSub(communication, dur);
    }

    // Another core's totals of the same row; their durations stay where they are.
    void merge(const OperatorTotals& from);

    // The row of `key`: every figure but medianNs and percent, which need every core's
    // durations and the table's busy time. Sorts `engines` (track order).
    OperatorRow row(uint32_t key, const OperatorCatalog& catalog);
};

} // namespace strata::analysis
