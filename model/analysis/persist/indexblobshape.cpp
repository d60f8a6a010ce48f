#include "indexblobshape.h"

namespace strata::analysis {

IndexBlobShape IndexBlobShape::of(const store::EventStore& s)
{
    IndexBlobShape x;
    x.slices = s.sliceCount();
    x.counterSamples = s.counterSampleCount();
    x.counters = s.counterCount();
    x.tracks = s.trackCount();
    x.types = s.types().size();
    x.argSets = s.args().setCount();
    x.strings = s.strings().size();
    return x;
}

bool IndexBlobShape::operator==(const IndexBlobShape& o) const
{
    return slices == o.slices && counterSamples == o.counterSamples && counters == o.counters && tracks == o.tracks
        && types == o.types && argSets == o.argSets && strings == o.strings;
}

} // namespace strata::analysis
