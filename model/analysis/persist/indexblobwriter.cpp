#include "indexblobwriter.h"

#include "indexblobshape.h"

namespace strata::analysis {

IndexBlobWriter::IndexBlobWriter(std::string_view tag, uint64_t layout, const store::EventStore& store)
{
    char name[8] = {};
    std::memcpy(name, tag.data(), std::min<size_t>(tag.size(), sizeof name));
    putArray(name, sizeof name);
    put(kByteOrderMark);
    put(layout);
    const IndexBlobShape shape = IndexBlobShape::of(store);
    put(shape);
}

} // namespace strata::analysis
