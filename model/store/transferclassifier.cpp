#include "transferclassifier.h"

#include <cctype>
#include <string>

namespace strata::store {

namespace {
bool containsWord(const std::string& lower, const char* word)
{
    // A match must not sit inside a longer alphabetic word ("dma" in "admac" is not one).
    const std::string w(word);
    for (size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1)) {
        const bool startOk = at == 0 || !std::isalpha(static_cast<unsigned char>(lower[at - 1]))
            || (at >= 1 && lower[at - 1] == 'h'); // "hdma"
        const size_t end = at + w.size();
        const bool endOk = end >= lower.size() || !std::isalpha(static_cast<unsigned char>(lower[end]));
        if (startOk && endOk)
            return true;
    }
    return false;
}
} // namespace

bool TransferClassifier::isTransferText(std::string_view text)
{
    if (text.empty())
        return false;
    std::string lower(text);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("memcpy") != std::string::npos || lower.find("memset") != std::string::npos)
        return true;
    // Engines named "<letter>DMA": Sophgo's GDMA (global memory) and CDMA (chip to chip), SDMA.
    for (const char* w : { "dma", "hdma", "gdma", "cdma", "sdma", "h2d", "d2h", "htod", "dtoh", "dtod", "copy",
             "transfer", "tensor_write", "tensor_read" })
        if (containsWord(lower, w))
            return true;
    return false;
}

bool TransferClassifier::isTransferTrack(const EventStore& store, TrackId track)
{
    const TrackInfo& t = store.track(track);
    if (t.kind == TrackKind::Overflow)
        return isTransferTrack(store, t.parent);
    return t.name.valid() && isTransferText(store.str(t.name));
}

bool TransferClassifier::isTransferSlice(const EventStore& store, SliceRow row)
{
    if (isTransferTrack(store, store.sliceTrack(row)))
        return true;
    const EventType& type = store.types().get(store.sliceType(row));
    return isTransferText(store.str(type.name)) || isTransferText(store.str(type.category));
}

} // namespace strata::store
