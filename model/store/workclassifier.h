#pragma once
#include "eventstore.h"
#include "workkind.h"

#include <string_view>

namespace strata::store {

// Decides the WorkKind of every slice, event type and track, for every view: the operator
// tables' execution vs data-transfer split, the summaries' engine roles and bandwidth, the
// timeline's colours. It is the only place that reads names for that, so the views agree.
//
// The rule, in order of precedence, over the category and the name of an event:
//  1. Communication: NCCL/RCCL/HCCL work ("ncclKernel_*", "ncclDevKernel_*", "nccl:all_reduce"),
//     collectives by name ("all-reduce", "all_gather", "reduce_scatter", "alltoall", "sendrecv",
//     "collective", "CCL"), Sophgo's chip-to-chip CDMA.
//  2. Memory: memcpy/memset, DMA engines and queues (Task DMA, Neural DMA, HDMA, GDMA, SDMA),
//     host<->device copies (HtoD, d2h, ...), "copy", "transfer", nrt_tensor_read/write.
//  3. Sync: sync, wait, barrier and semaphore markers ("Device Sync", "cuda_sync", "wait").
//  4. Host: a host category (cpu_op, cuda_runtime, python_function, Nux, Host, *_runtime, ...).
//  5. Compute: everything else.
// Kineto's launched device work (kernels, copies, memsets, MTIA events) follows Holistic
// Trace Analysis's kernel types instead (ofLaunchedWork): communication by name (^nccl, ^hip,
// ^hccl, ncclKernel, and rule 1's words), memory by name (^Memcpy, ^Memset, ^dma) or copy
// category, sync for "Sync" and "Stream Wait Event", everything else compute, so a copy
// kernel on the cores is compute as HTA counts it.
// A track whose own name states communication or memory (a Neuron CC-core row, a DMA queue,
// Sophgo's GDMA) makes every slice on it that kind; a Sync row makes its otherwise compute
// slices sync; on a host track they are host work.
class WorkClassifier {
public:
    // What one text (a name, a category) says by itself: Communication, Memory or Sync, else
    // Compute. Words count only where they are not inside a longer word ("admac", "async").
    static WorkKind ofText(std::string_view text);
    // An event type, from its name and category (rules 1-5).
    static WorkKind ofType(std::string_view name, std::string_view category);
    // Device work a host call launched (Kineto's kernel, gpu_memcpy, gpu_memset, MTIA's
    // events): Holistic Trace Analysis's kernel types, extended (docs/counting.md).
    static WorkKind ofLaunchedWork(std::string_view name, std::string_view category);
    // What a track's own name says (an overflow lane: its thread's): ofText, and Neuron's
    // collective rows ("CC-core0", "cc_1") are Communication.
    static WorkKind ofTrackName(const EventStore& store, TrackId track);
    // A track's role as an engine: what its name says, else Host for a host track, else Compute.
    static WorkKind ofTrack(const EventStore& store, TrackId track);
    // One slice: combine(ofTrackName, host track, ofType).
    static WorkKind ofSlice(const EventStore& store, SliceRow row);
    // How a track's name kind and a slice type's kind make the slice's kind (see the class
    // comment); callers that cache both per track and per type call this per slice.
    static WorkKind combine(WorkKind trackName, bool hostTrack, WorkKind type)
    {
        if (trackName == WorkKind::Communication || trackName == WorkKind::Memory)
            return trackName;
        if (type != WorkKind::Compute)
            return type;
        if (trackName == WorkKind::Sync)
            return WorkKind::Sync;
        return hostTrack ? WorkKind::Host : WorkKind::Compute;
    }
};

} // namespace strata::store
