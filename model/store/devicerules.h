#pragma once
#include "eventstore.h"

#include <optional>
#include <string_view>
#include <vector>

namespace strata::store {

// The one rule for what counts as device time (docs/counting.md). A thread
// track is Device when
//  1. its importer declared it (Neuron engines, Sophgo's TIU/GDMA, RBLN engines in Perfetto),
//  2. or its slices are device work: Kineto's kernel, gpu_memcpy, gpu_memset, legacy
//     Kernel/Memcpy/Memset, mtia_ccp_events; FuriosaAI's NPU spans; RBLN's engine
//     categories (Neural Engine Clusters, Task DMA, ...),
//  3. or, when none of its slices has a category this rule knows (a plain Chrome JSON from a
//     vendor tool), its process declares a device in its metadata: process_labels or a
//     process name of the form "NPU 0", "GPU:1", "MTIA 17", "/device:TPU:0".
// Host work (cpu_op, cuda_runtime, python_function, user_annotation, ...) is never device,
// whatever its process is called; a word inside a longer name ("launcher_test_mtia#3",
// "GPU Process", "CrGpuMain") never makes a device.
class DeviceRules {
public:
    enum Work : uint8_t {
        Unknown = 0, // a category the rule does not know
        HostWork = 1,
        DeviceWork = 2,
        Annotation = 4, // labels device work: goes to an annotation lane, never busy
    };
    static Work categoryWork(std::string_view category);
    // Device work that a host launch call starts (Kineto's categories): its framework op and
    // op come from the launching CPU ops (analysis::LaunchIndex), never from its name.
    static bool launchedByHost(std::string_view category);
    // Whether a process's own metadata names a device (rule 3).
    static bool processDeclaresDevice(std::string_view name, std::string_view labels);
    // The role of every track of a finalized store; `declared` holds the importers' word per
    // track (empty optional: none). Overflow lanes take their thread's role.
    static std::vector<TrackRole> roles(const EventStore& store, const std::vector<std::optional<TrackRole>>& declared);
};

} // namespace strata::store
