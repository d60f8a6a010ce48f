#include "indexblobreader.h"

#include "indexblobshape.h"
#include "indexblobwriter.h"

namespace strata::analysis {

IndexBlobReader::IndexBlobReader(
    std::string_view bytes, std::string_view tag, uint64_t layout, const store::EventStore& store)
    : m_bytes(bytes)
{
    char name[8] = {}, expected[8] = {};
    std::memcpy(expected, tag.data(), std::min<size_t>(tag.size(), sizeof expected));
    getArray(name, sizeof name);
    check(std::memcmp(name, expected, sizeof name) == 0, "not this index");
    check(get<uint32_t>() == IndexBlobWriter::kByteOrderMark, "written on a machine of another byte order");
    check(get<uint64_t>() == layout, "written by a build with another layout of this index");
    check(get<IndexBlobShape>() == IndexBlobShape::of(store), "built from another store");
}

void IndexBlobReader::expectEnd() const
{
    check(m_at == m_bytes.size(), "the index has bytes after its end");
}

} // namespace strata::analysis
