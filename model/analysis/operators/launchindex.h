#pragma once
#include <store/eventstore.h>

#include <atomic>
#include <string_view>
#include <vector>

namespace strata::analysis {

// Ties device work to the host code that launched it, as Kineto traces record it:
//  - a device slice's correlation id ("correlation", also "correlation id") names its launch,
//    the runtime call (cuda_runtime, Runtime, cuda_driver, mtia_runtime, hip_runtime) with the
//    same id;
//  - without one, an ac2g flow into the slice from such a call names it;
//  - without either, its "External id" names the CPU op that launched it.
// Ids are matched within one file: in a job's merged store, within each rank.
// The CPU ops (cpu_op, legacy Operator; never ProfilerStep#N) that enclose the launch on its
// thread are the op stack: the outermost is the framework op, the innermost the op.
// Only slices of the categories Kineto launches from the host (store::DeviceRules::
// launchedByHost) are linked. 16 bytes per linked slice; immutable after construction.
class LaunchIndex {
public:
    static constexpr uint32_t kNone = 0xffffffffu;
    struct Link {
        uint32_t device = kNone; // the device slice
        uint32_t launch = kNone; // the runtime call, kNone when linked by External id
        uint32_t outerOp = kNone; // outermost enclosing CPU op, kNone when there is none
        uint32_t innerOp = kNone; // innermost
    };

    LaunchIndex() = default;
    // Stops early (and is left empty) when *cancel turns true.
    explicit LaunchIndex(const store::EventStore& store, const std::atomic<bool>* cancel = nullptr);

    // An index of these links (sorted by device row) and unlinked count, as links() and
    // unlinked() gave them: OperatorCatalog::restore checks them against its store first.
    static LaunchIndex fromLinks(std::vector<Link> links, size_t unlinked)
    {
        LaunchIndex index;
        index.m_links = std::move(links);
        index.m_unlinked = unlinked;
        return index;
    }

    static bool isLaunchCall(std::string_view category);
    static bool isCpuOp(std::string_view category, std::string_view name);

    // The link of a device slice; null when it has none.
    const Link* find(store::SliceRow device) const;
    const std::vector<Link>& links() const { return m_links; }
    // The enclosing CPU ops of a link, outermost first.
    std::vector<store::SliceRow> opStack(const store::EventStore& store, const Link& link) const;
    // Device slices whose launch (or op) lies inside `row` on its thread: the kernels an op
    // or a launch call started, in device-row order, at most `limit`; *total gets the count.
    std::vector<store::SliceRow> launchedBy(
        const store::EventStore& store, store::SliceRow row, size_t limit, size_t* total = nullptr) const;
    // Device slices of the launched categories that found no launch.
    size_t unlinked() const { return m_unlinked; }
    size_t residentBytes() const { return m_links.capacity() * sizeof(Link); }

private:
    std::vector<Link> m_links; // sorted by device row
    size_t m_unlinked = 0;
};

} // namespace strata::analysis
