#pragma once
#include <analysis/operators/operatorlevel.h>
#include <store/types.h>

#include <optional>
#include <string>
#include <vector>

namespace strata::analysis {

// What happened to one operator between profile A (the baseline) and B.
// Added: only B has it. Removed: only A has it. Unchanged: |Δ %| under the threshold.
enum class CompareStatus : uint8_t { Added, Removed, Slower, Faster, Unchanged };
const char* compareStatusName(CompareStatus status); // "added", "removed", "slower", "faster", "unchanged"
bool parseCompareStatus(std::string_view text, CompareStatus* out);

// One row of the Compare table: every operator-table row of A and of B whose name at the
// level normalises (NameNormalizer) to `name`. Totals are OperatorRow::totalNs summed over
// those rows, so with one raw name per side they are exactly what `strata-cli ops` reports;
// with the per-step switch on, counts and totals are divided by the side's step count.
struct CompareRow {
    std::string name; // the normalised identity
    CompareStatus status = CompareStatus::Unchanged;
    double aCount = 0; // slices; per step when per-step
    double bCount = 0;
    double aTotalNs = 0; // sum of durations; per step when per-step
    double bTotalNs = 0;
    double deltaNs = 0; // bTotalNs - aTotalNs
    std::optional<double> deltaPct; // 100 * deltaNs / aTotalNs; none when A has none
    double aAvgNs = 0; // total / count (0 when the side has none); per-step does not change it
    double bAvgNs = 0;
    double deltaAvgNs = 0; // bAvgNs - aAvgNs
    // The raw names merged on each side, as the operator table shows them (at most 8 each,
    // first by total time), and their OperatorCatalog keys (all of them), for highlighting.
    std::vector<std::string> aNames, bNames;
    std::vector<uint32_t> aKeys, bKeys;
    // Present on both sides with no raw name in common: matched only after normalisation.
    bool normalisedMatch = false;
};

// One side's totals in a comparison.
struct CompareSideTotals {
    store::TimeRange window; // as asked for, clamped to the trace
    // OperatorTable::busyNs of the side; strata-cli diff puts the union of each device's work
    // (BreakdownIndex) summed over the devices in its place in the device scope.
    store::TimeNs busyNs = 0;
    uint64_t events = 0; // slices aggregated
    uint64_t steps = 0; // repeated units (LatencyAnalyzer's default unit) starting in the window
};

// What CompareAggregator::compare returns: rows sorted by |deltaNs| (largest first, ties by
// name).
struct CompareResult {
    OperatorLevel level = OperatorLevel::Op;
    OperatorScope scope = OperatorScope::Device;
    bool perStep = false;
    double thresholdPct = 2.0;
    CompareSideTotals a, b;
    std::vector<CompareRow> rows;
    double seconds = 0; // wall time of the comparison
};

} // namespace strata::analysis
