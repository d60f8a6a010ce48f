#pragma once
#include "eventstore.h"

#include <string_view>

namespace strata::store {

// Decides what counts as data movement rather than compute: DMA queues and engines
// (Task DMA, External HDMA, Neural DMA, Sophgo's GDMA/CDMA), memcpy/memset, host↔device
// copies, collectives' transfers. Used by the timeline's colours, the summaries (bandwidth)
// and the operator analytics (execution vs data-transfer split), so all of them agree.
class TransferClassifier {
public:
    // True when a name or category reads as a data transfer ("Task DMA", "GDMA", "Memcpy HtoD",
    // "dma(layer1.weight)", "hdma_h2d(input_0)", "gpu_memcpy", "DtoH").
    static bool isTransferText(std::string_view text);
    // A track is a transfer engine when its own name says so (e.g. "External HDMA").
    static bool isTransferTrack(const EventStore& store, TrackId track);
    // A slice is a transfer when its track is one, or its name or category says so.
    static bool isTransferSlice(const EventStore& store, SliceRow row);
};

} // namespace strata::store
