#pragma once
#include <cstdint>

namespace strata::store {

// The kind of work a slice or an engine does: the one vocabulary every view counts with
// (WorkClassifier decides it). Compute is the default: device work that is none of the others.
enum class WorkKind : uint8_t {
    Compute, // kernels, engine instructions, operators
    Communication, // collectives and point-to-point between devices (NCCL/RCCL/HCCL, CC engines, CDMA)
    Memory, // memcpy/memset, DMA queues and engines, HBM copies, host<->device transfers
    Sync, // waits, barriers, semaphores, sync engines and markers
    Host, // host (CPU) work
};
constexpr int kWorkKindCount = 5;

// "compute", "communication", "memory", "sync", "host".
inline const char* workKindName(WorkKind k)
{
    switch (k) {
    case WorkKind::Compute: return "compute";
    case WorkKind::Communication: return "communication";
    case WorkKind::Memory: return "memory";
    case WorkKind::Sync: return "sync";
    case WorkKind::Host: return "host";
    }
    return "compute";
}

} // namespace strata::store
