#include "slicenamelookup.h"
#include "textmatcher.h"

#include <vector>

namespace strata::analysis {

namespace {

constexpr uint32_t kPollRows = 1u << 16;

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

store::SliceRow SliceNameLookup::longest(
    const store::EventStore& s, std::string_view text, const std::atomic<bool>* cancel)
{
    if (text.empty())
        return {};
    // Each type's name is tested once; the row pass then reads the type and duration
    // columns alone.
    const TextMatcher needle(text, /*caseSensitive*/ false);
    const store::TypeTable& types = s.types();
    std::vector<uint8_t> match(types.size(), 0);
    bool any = false;
    for (uint32_t t = 0; t < types.size(); ++t) {
        match[t] = needle.contains(s.str(types.get(store::TypeId(t)).name));
        any = any || match[t];
    }
    if (!any || cancelled(cancel))
        return {};
    store::SliceRow best;
    store::TimeNs bestDur = 0;
    uint32_t poll = 0;
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        if (++poll == kPollRows) {
            poll = 0;
            if (cancelled(cancel))
                return {};
        }
        const store::SliceRow row(r);
        if (!match[s.sliceType(row).v])
            continue;
        // Strictly longer: of equal durations the first row stays.
        const store::TimeNs dur = s.sliceDur(row);
        if (!best.valid() || dur > bestDur) {
            best = row;
            bestDur = dur;
        }
    }
    return best;
}

} // namespace strata::analysis
