#include "sophgoarch.h"

#include <iterator>

namespace strata::importers::sophgo {

SophgoArch SophgoArch::forCode(int code)
{
    SophgoArch a;
    a.m_code = code;
    switch (code) {
    case 1:
        a.m_name = "BM1684";
        a.m_known = true;
        a.m_fixedPeriods = true;
        a.m_gdmaIdBits = 16;
        a.m_localMemBytes = 512 * 1024;
        a.m_localBanks = 8;
        break;
    case 3:
        a.m_name = "BM1684X";
        a.m_known = true;
        break;
    case 4:
        a.m_name = "BM1688";
        a.m_known = true;
        a.m_pmuKnown = false;
        break;
    case 5:
        a.m_name = "BM1690";
        a.m_known = true;
        a.m_pmuKnown = false;
        break;
    default: a.m_name = "arch " + std::to_string(code); break;
    }
    return a;
}

double SophgoArch::gdmaNsPerCycle(double freqMhz) const
{
    if (m_fixedPeriods)
        return 1000.0 / 575.0;
    return 1000.0 / (freqMhz > 0 ? freqMhz : 1000.0);
}

double SophgoArch::tiuNsPerCycle(double freqMhz) const
{
    if (m_fixedPeriods)
        return 1000.0 / 550.0;
    return 1000.0 / (freqMhz > 0 ? freqMhz : 1000.0);
}

SophgoArch::NodeIds SophgoArch::nodeIds(uint64_t id) const
{
    NodeIds n;
    if (m_code == 1) {
        n.bdId = uint32_t(id & 0xFFFF);
        n.gdmaId = uint32_t((id >> 16) & 0xFFFF);
        n.engine = int((id >> 48) & 0xF);
        return n;
    }
    n.bdId = uint32_t(id & 0xFFFFF);
    n.gdmaId = uint32_t((id >> 20) & 0xFFFFF);
    n.engine = int((id >> 40) & 0x7);
    n.version = int((id >> 60) & 0xF);
    n.parallel = ((id >> 52) & 1) != 0;
    if (n.version > 0)
        n.funcType = int((id >> 43) & 0xF);
    return n;
}

namespace {
template <size_t N> const char* lookup(const char* const (&table)[N], int i)
{
    return i >= 0 && size_t(i) < N ? table[i] : nullptr;
}
} // namespace

const char* SophgoArch::tiuFuncName(int f)
{
    static const char* const kNames[] = { "CONV", "PD", "MM", "AR", "RQDQ", "TRANS_BC", "SG", "LAR", nullptr, "SFU",
        "LIN", nullptr, nullptr, "CMP", "VC", "SYS" };
    return lookup(kNames, f);
}

const char* SophgoArch::gdmaFuncName(int f)
{
    static const char* const kNames[]
        = { "TENSOR", "MATRIX", "MASKED_SEL", "GENERAL", "CW_TRANS", "NONZERO", "SYS", "GATHER", "SCATTER" };
    return lookup(kNames, f);
}

const char* SophgoArch::gdmaDirName(int d)
{
    static const char* const kNames[] = { "S2L", "L2S", "S2S", "L2L" };
    return lookup(kNames, d);
}

const char* SophgoArch::engineName(int e)
{
    static const char* const kNames[] = { "TIU", "GDMA", "GDE", "SORT", "NMS", "CDMA" };
    return lookup(kNames, e);
}

const char* SophgoArch::dtypeName(int t)
{
    static const char* const kNames[]
        = { "FP32", "FP16", "INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "BF16" };
    return lookup(kNames, t);
}

int SophgoArch::dtypeBytes(int t)
{
    static const int kBytes[] = { 4, 2, 1, 1, 2, 2, 4, 4, 2 };
    return t >= 0 && size_t(t) < std::size(kBytes) ? kBytes[t] : 0;
}

} // namespace strata::importers::sophgo
