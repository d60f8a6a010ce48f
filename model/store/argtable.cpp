#include "argtable.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace strata::store {

namespace {

// The value words of `a` (at most 2) into `out`, and whether they are two (the arg is wide).
uint32_t encode(const Arg& a, uint32_t* out, bool* wide)
{
    *wide = false;
    uint64_t bits = 0;
    switch (a.kind) {
    case ArgKind::Null: return 0;
    case ArgKind::String: out[0] = a.s; return 1;
    case ArgKind::Int:
    case ArgKind::Bool:
        if (a.i >= INT32_MIN && a.i <= INT32_MAX) {
            out[0] = static_cast<uint32_t>(a.i);
            return 1;
        }
        break;
    case ArgKind::Uint:
        if (a.u <= UINT32_MAX) {
            out[0] = static_cast<uint32_t>(a.u);
            return 1;
        }
        break;
    case ArgKind::Double: break;
    }
    std::memcpy(&bits, &a.i, 8);
    out[0] = static_cast<uint32_t>(bits);
    out[1] = static_cast<uint32_t>(bits >> 32);
    *wide = true;
    return 2;
}

} // namespace

bool Arg::number(double* out) const
{
    switch (kind) {
    case ArgKind::Int:
    case ArgKind::Bool: *out = static_cast<double>(i); return true;
    case ArgKind::Uint: *out = static_cast<double>(u); return true;
    case ArgKind::Double: *out = d; return true;
    default: return false;
    }
}

ArgTable::ArgTable()
    : m_index(1024)
{
}

uint32_t ArgTable::hashOf(size_t id) const
{
    const uint64_t off = m_offsets[id];
    return WordSetIndex::hash(&m_words[off], 1 + size_t(m_shapes.valueWords(m_words[off])));
}

void ArgTable::buildIndex()
{
    if (!m_index.built())
        m_index.rebuild(setCount(), [this](size_t id) { return hashOf(id); });
}

ArgSetId ArgTable::intern(const uint32_t* words, size_t n, uint32_t h)
{
    buildIndex();
    size_t slot = 0;
    const uint32_t found = m_index.find(
        h,
        [&](uint32_t id) {
            // Equal shapes have equal value word counts: the shape word decides the length. A
            // set is a few words: compared inline, not by a call.
            const uint32_t* w = &m_words[m_offsets[id]];
            if (w[0] != words[0])
                return false;
            for (size_t i = 1; i < n; ++i)
                if (w[i] != words[i])
                    return false;
            return true;
        },
        &slot);
    if (found != WordSetIndex::kNone)
        return ArgSetId(found);
    const ArgSetId id = append(words, n);
    m_index.insert(slot, h);
    return id;
}

ArgSetId ArgTable::append(const uint32_t* words, size_t n)
{
    requireIds(setCount() + 1, "distinct argument sets");
    const auto id = static_cast<uint32_t>(setCount());
    m_offsets.push_back(m_words.size());
    m_words.append(words, n);
    return ArgSetId(id);
}

ArgSetId ArgTable::add(const Arg* args, size_t n)
{
    if (n == 0)
        return ArgSetId();
    // m_scratch: the n arg words, then the set's words [shape id][values].
    m_scratch.resize(n + 1 + 2 * n);
    uint32_t* set = &m_scratch[n];
    size_t values = 1;
    for (size_t i = 0; i < n; ++i) {
        bool wide = false;
        values += encode(args[i], &set[values], &wide);
        m_scratch[i] = ArgShapes::argWord(args[i].kind, m_shapes.keyCode(args[i].key), wide);
    }
    set[0] = m_shapes.intern(m_scratch.data(), n);
    if (!m_deduplicating)
        return append(set, values);
    return intern(set, values, WordSetIndex::hash(set, values));
}

void ArgTable::addAll(const ArgTable& from, const std::vector<StringId>& strings, std::vector<ArgSetId>* ids)
{
    const auto map = [&](uint32_t v) { return v < strings.size() ? strings[v].v : StringId::kInvalid; };
    // from's shapes in this table, and the value offsets of their string values
    // (stringAt[stringBegin[s]..stringBegin[s + 1]) for shape s).
    const ArgShapes& shapes = from.m_shapes;
    std::vector<uint32_t> shapeMap(shapes.size()), stringAt, stringBegin(shapes.size() + 1, 0);
    for (uint32_t s = 0; s < shapes.size(); ++s) {
        const uint32_t n = shapes.count(s);
        const uint32_t* args = shapes.args(s);
        m_scratch.resize(n);
        for (uint32_t i = 0; i < n; ++i) {
            const uint32_t key = map(shapes.keyOf(args[i] & ArgShapes::kKeyMask).v);
            const ArgKind kind = ArgShapes::kindOf(args[i]);
            m_scratch[i] = ArgShapes::argWord(kind, m_shapes.keyCode(StringId(key)), args[i] & ArgShapes::kWide);
            if (kind == ArgKind::String)
                stringAt.push_back(shapes.valueOffsets(s)[i]);
        }
        shapeMap[s] = m_shapes.intern(m_scratch.data(), n);
        stringBegin[s + 1] = static_cast<uint32_t>(stringAt.size());
    }
    // The sets go in blocks, each in stages, so that a probe rarely waits for memory: the
    // block's sets are mapped and hashed and their buckets prefetched; then the set each
    // bucket names, when its hash bits match, has its offset prefetched, then its words (in a
    // job most of a rank's sets are new to the merged table, and most of the others are held
    // since an earlier rank: either way the probe would miss); then the sets are interned in
    // order (ids as one by one). Each stage's misses overlap across the block.
    constexpr uint32_t kBlock = 64;
    uint32_t widest = 0;
    for (uint32_t s = 0; s < shapes.size(); ++s)
        widest = std::max(widest, shapes.valueWords(s));
    m_scratch.resize(size_t(kBlock) * (1 + widest));
    std::vector<uint32_t> begin(kBlock + 1), hashes(kBlock), candidate(kBlock);
    ids->resize(from.setCount());
    buildIndex();
    for (uint32_t first = 0; first < from.setCount(); first += kBlock) {
        const uint32_t count = std::min<uint32_t>(kBlock, uint32_t(from.setCount() - first));
        uint32_t* out = m_scratch.data();
        for (uint32_t k = 0; k < count; ++k) {
            const ArgSetId a(first + k);
            const uint32_t s = from.shapeOf(a);
            const uint32_t n = shapes.valueWords(s);
            begin[k] = uint32_t(out - m_scratch.data());
            out[0] = shapeMap[s];
            std::memcpy(out + 1, from.valuesOf(a), size_t(n) * 4);
            for (uint32_t i = stringBegin[s]; i < stringBegin[s + 1]; ++i)
                out[1 + stringAt[i]] = map(out[1 + stringAt[i]]);
            hashes[k] = WordSetIndex::hash(out, 1 + size_t(n));
            m_index.prefetch(hashes[k]);
            out += 1 + n;
        }
        begin[count] = uint32_t(out - m_scratch.data());
        for (uint32_t k = 0; k < count; ++k) {
            candidate[k] = m_index.firstCandidate(hashes[k]);
            if (candidate[k] != WordSetIndex::kNone)
                m_offsets.prefetch(candidate[k]);
        }
        for (uint32_t k = 0; k < count; ++k)
            if (candidate[k] != WordSetIndex::kNone)
                __builtin_prefetch(&m_words[m_offsets[candidate[k]]]);
        for (uint32_t k = 0; k < count; ++k)
            (*ids)[first + k] = intern(&m_scratch[begin[k]], begin[k + 1] - begin[k], hashes[k]);
    }
}

Arg ArgTable::decode(ArgSetId set, uint32_t argWord, uint32_t valueOffset) const
{
    const uint32_t* v = valuesOf(set) + valueOffset;
    Arg a;
    a.key = m_shapes.keyOf(argWord & ArgShapes::kKeyMask);
    a.kind = ArgShapes::kindOf(argWord);
    if (argWord & ArgShapes::kWide) {
        const uint64_t bits = uint64_t(v[0]) | (uint64_t(v[1]) << 32);
        std::memcpy(&a.i, &bits, 8);
        return a;
    }
    switch (a.kind) {
    case ArgKind::Null: break;
    case ArgKind::String: a.s = v[0]; break;
    case ArgKind::Uint: a.u = v[0]; break;
    case ArgKind::Int:
    case ArgKind::Bool: a.i = static_cast<int32_t>(v[0]); break;
    case ArgKind::Double: break; // always wide
    }
    return a;
}

Arg ArgTable::at(ArgSetId set, size_t i) const
{
    const uint32_t shape = shapeOf(set);
    return decode(set, m_shapes.args(shape)[i], m_shapes.valueOffsets(shape)[i]);
}

std::vector<Arg> ArgTable::get(ArgSetId set) const
{
    std::vector<Arg> out;
    if (!set.valid())
        return out;
    const uint32_t shape = shapeOf(set);
    const size_t n = m_shapes.count(shape);
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
        out.push_back(decode(set, m_shapes.args(shape)[i], m_shapes.valueOffsets(shape)[i]));
    return out;
}

bool ArgTable::find(ArgSetId set, StringId key, Arg* out) const
{
    uint32_t code = 0;
    if (!set.valid() || !m_shapes.findKeyCode(key, &code))
        return false;
    const uint32_t shape = shapeOf(set);
    const uint32_t* args = m_shapes.args(shape);
    const size_t n = m_shapes.count(shape);
    for (size_t i = 0; i < n; ++i) {
        if ((args[i] & ArgShapes::kKeyMask) == code) {
            *out = decode(set, args[i], m_shapes.valueOffsets(shape)[i]);
            return true;
        }
    }
    return false;
}

void ArgTable::shrink()
{
    m_words.shrink_to_fit();
    m_offsets.shrink_to_fit();
    m_shapes.shrink();
    m_index.drop();
    std::vector<uint32_t>().swap(m_scratch);
}

size_t ArgTable::residentBytes() const
{
    return m_words.capacity() * 4 + m_offsets.residentBytes() + m_shapes.residentBytes() + m_index.residentBytes()
        + m_scratch.capacity() * 4;
}

} // namespace strata::store
