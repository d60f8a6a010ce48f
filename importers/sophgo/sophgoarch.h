#pragma once
#include <cstdint>
#include <string>

namespace strata::importers::sophgo {

// What differs between Sophgo TPU generations for the profile reader (record layouts, clocks),
// selected by global.profile's `arch=`. BM1684 and BM1684X share the PMU record layouts;
// BM1688/BM1690 write other ones, so their PMU blocks are not decoded (pmuKnown false).
class SophgoArch {
public:
    static SophgoArch forCode(int code); // unknown codes: BM1684X's layout, known() false

    int code() const { return m_code; }
    const std::string& name() const { return m_name; }
    bool known() const { return m_known; }
    bool pmuKnown() const { return m_pmuKnown; }

    // Nanoseconds per PMU cycle: fixed per engine on BM1684, 1000 / tpu_freq (MHz) otherwise.
    double gdmaNsPerCycle(double freqMhz) const;
    double tiuNsPerCycle(double freqMhz) const;
    uint32_t tiuIdBits() const { return 16; }
    uint32_t gdmaIdBits() const { return m_gdmaIdBits; }

    // NODE_SET / NODE_WAIT `id` fields.
    struct NodeIds {
        uint32_t bdId = 0;
        uint32_t gdmaId = 0;
        int engine = 0; // 0 TIU, 1 GDMA, 2 GDE, 3 SORT, 4 NMS, 5 CDMA
        int funcType = -1; // TIU or GDMA function of the set command (version > 0 only)
        bool parallel = false;
        int version = 0;
    };
    NodeIds nodeIds(uint64_t id) const;

    // Local memory of one lane (the charts show lane 0).
    uint64_t localMemBytes() const { return m_localMemBytes; }
    uint32_t localBanks() const { return m_localBanks; }
    uint32_t lanes() const { return 64; }

    static const char* tiuFuncName(int f); // "CONV", "MM", ... or nullptr
    static const char* gdmaFuncName(int f); // "TENSOR", "MATRIX", ... or nullptr
    static const char* gdmaDirName(int d); // "S2L", "L2S", "S2S", "L2L" or nullptr
    static const char* engineName(int e); // "TIU", "GDMA", ... or nullptr
    static const char* dtypeName(int t); // "FP32", ... or nullptr
    static int dtypeBytes(int t); // 0 when unknown

private:
    int m_code = 3;
    std::string m_name;
    bool m_known = false;
    bool m_pmuKnown = true;
    bool m_fixedPeriods = false;
    uint32_t m_gdmaIdBits = 20;
    uint64_t m_localMemBytes = 256 * 1024;
    uint32_t m_localBanks = 16;
};

} // namespace strata::importers::sophgo
