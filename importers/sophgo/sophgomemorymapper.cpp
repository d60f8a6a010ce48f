#include "sophgomemorymapper.h"

#include <algorithm>
#include <map>
#include <string>

namespace strata::importers::sophgo {

namespace {
constexpr int kS2L = 0, kL2S = 1, kS2S = 2, kL2L = 3;
}

SophgoMemoryMapper::SophgoMemoryMapper(const SophgoSubnet& subnet, const SophgoArch& arch)
    : m_subnet(subnet)
    , m_arch(arch)
    , m_ordinal(subnet.commands.size(), 0)
    , m_count(subnet.commands.size(), 1)
{
    for (const SophgoLayer& l : subnet.layers) {
        std::map<int, uint32_t> perDirection;
        for (size_t c : l.commands) {
            if (c < subnet.commands.size() && subnet.commands[c].gdma)
                m_ordinal[c] = perDirection[direction(c)]++;
        }
        for (size_t c : l.commands) {
            if (c < subnet.commands.size() && subnet.commands[c].gdma)
                m_count[c] = perDirection[direction(c)];
        }
    }
}

int SophgoMemoryMapper::direction(size_t command) const
{
    const SophgoCommand& c = m_subnet.commands[command];
    if (!c.gdma)
        return -1;
    if (c.dir >= kS2L && c.dir <= kL2L)
        return c.dir;
    if (c.layer >= 0) {
        switch (m_subnet.layers[size_t(c.layer)].gdmaType) {
        case 0:
        case 3: return kS2L;
        case 1: return kL2S;
        default: break;
        }
    }
    return kS2S;
}

uint64_t SophgoMemoryMapper::localBytes(const SophgoTensor& t, const SophgoArch& arch)
{
    std::vector<uint64_t> dims;
    size_t at = 0;
    while (at <= t.shape.size()) {
        size_t e = t.shape.find('x', at);
        if (e == std::string::npos)
            e = t.shape.size();
        const std::string part = t.shape.substr(at, e - at);
        if (part.empty() || part.size() > 12 || part.find_first_not_of("0123456789") != std::string::npos)
            return 0;
        dims.push_back(std::stoull(part));
        at = e + 1;
    }
    if (dims.empty())
        return 0;
    while (dims.size() < 4)
        dims.insert(dims.begin() + (dims.size() == 1 ? 0 : 1), 1); // pad as N, C, H, W
    uint64_t w = 1;
    for (size_t i = 3; i < dims.size(); ++i)
        w *= dims[i]; // more than four dims: the trailing ones make one W
    const uint64_t n = t.nslice > 0 ? uint64_t(t.nslice) : dims[0];
    const uint64_t h = t.hslice > 0 ? uint64_t(t.hslice) : dims[2];
    const uint64_t cPerLane = (dims[1] + arch.lanes() - 1) / arch.lanes();
    const uint64_t bytes = std::max(1, SophgoArch::dtypeBytes(t.dtype));
    return n * cPerLane * h * w * bytes;
}

std::vector<SophgoMemoryMapper::Access> SophgoMemoryMapper::accesses(size_t command) const
{
    std::vector<Access> out;
    if (command >= m_subnet.commands.size())
        return out;
    const SophgoCommand& c = m_subnet.commands[command];
    if (c.layer < 0)
        return out;
    const SophgoLayer& layer = m_subnet.layers[size_t(c.layer)];
    const auto& tensors = layer.tensors;
    auto side = [&](bool inputs) {
        std::vector<int> pick;
        for (size_t i = 0; i < tensors.size(); ++i) {
            if (tensors[i].isIn == inputs)
                pick.push_back(int(i));
        }
        if (pick.empty()) {
            for (size_t i = 0; i < tensors.size(); ++i)
                pick.push_back(int(i));
        }
        return pick;
    };
    const uint32_t k = m_ordinal[command], n = std::max<uint32_t>(1, m_count[command]);
    auto global = [&](int i, bool write) {
        const SophgoTensor& t = tensors[size_t(i)];
        if (!t.gaddr || !t.gsize || *t.gsize == 0)
            return;
        const uint64_t part = std::max<uint64_t>(1, *t.gsize / n);
        const uint64_t offset = std::min<uint64_t>(*t.gsize - 1, part * k);
        out.push_back({ false, write, *t.gaddr + offset, std::min(part, *t.gsize - offset), i });
    };
    auto local = [&](int i, bool write) {
        const SophgoTensor& t = tensors[size_t(i)];
        if (!t.loffset)
            return;
        const uint64_t start = *t.loffset % m_arch.localMemBytes();
        const uint64_t size = std::min(localBytes(t, m_arch), m_arch.localMemBytes() - start);
        if (size > 0)
            out.push_back({ true, write, start, size, i });
    };
    if (!c.gdma) {
        for (int i : side(true))
            local(i, false);
        for (int i : side(false))
            local(i, true);
        return out;
    }
    switch (direction(command)) {
    case kS2L:
        for (int i : side(true)) {
            global(i, false);
            local(i, true);
        }
        break;
    case kL2S:
        for (int i : side(false)) {
            local(i, false);
            global(i, true);
        }
        break;
    case kL2L:
        for (int i : side(true))
            local(i, false);
        for (int i : side(false))
            local(i, true);
        break;
    default:
        for (int i : side(true))
            global(i, false);
        for (int i : side(false))
            global(i, true);
        break;
    }
    return out;
}

} // namespace strata::importers::sophgo
