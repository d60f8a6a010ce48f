#include "eventgap.h"

namespace strata::analysis {

EventGap EventGap::between(store::TimeRange first, store::TimeRange second)
{
    EventGap g;
    g.secondFirst = second.start < first.start;
    const store::TimeRange& earlier = g.secondFirst ? second : first;
    const store::TimeRange& later = g.secondFirst ? first : second;
    g.from = earlier.end;
    g.to = later.start;
    return g;
}

} // namespace strata::analysis
