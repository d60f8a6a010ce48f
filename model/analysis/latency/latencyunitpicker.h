#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <store/eventstore.h>

#include <string>

namespace strata::analysis {

// The Latency view's default unit: the repeated top-level unit a user would pick — the
// training step (`ProfilerStep#N`), the Sophgo subnet iteration, the RBLN `forward`, the
// Furiosa inference. One rule for the dock and `strata-cli latency`:
//
//  1. Step-like names: numbered ("ProfilerStep#7"), or "step", "iteration", "inference" or
//     "subnet" in the name, or the word "forward" ("model.forward", not "ForwardWheelEvent").
//  2. Top-level slices: depth 0 of host (non-device) thread tracks. A slice whose name occurs
//     once among them, is not step-like and has children gives way to its children (again, a
//     few levels down), so a lone wrapper such as `<module>` does not hide the steps in it.
//     They are grouped by name without a trailing "#<digits>".
//  3. Outer groups: those seen at least twice, and a step-like one seen once (one Sophgo
//     iteration, one training step) — not a lone span such as Kineto's "PyTorch Profiler
//     (0)", which covers the whole trace.
//  4. A group is nested when more than half of its instances lie strictly inside an instance
//     of another, outer group, on any track: Sophgo's Layers row inside its Subnet row, a
//     data loader's next() inside the step.
//  5. Eligible: groups seen at least twice, and a step-like group seen once whose instance
//     holds instances of a repeated group.
//  6. The best eligible group: not nested; then step-like; then the longest in total; then
//     the most frequent. "" when no group is eligible.
//
// Linear in the top-level slices plus a sort of them; never visits device tracks.
class LatencyUnitPicker {
public:
    static constexpr int kMaxUnwrap = 8; // levels of lone wrappers looked through

    static std::string pick(const store::EventStore& store, const OperatorCatalog& catalog);
    // Whether a name (without its "#N") reads as a unit of repeated work.
    static bool stepLike(std::string_view name);
};

} // namespace strata::analysis
