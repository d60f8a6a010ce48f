#pragma once
// The packed little-endian records inside the blocks of iter*.profile and bmlib*.profile,
// decoded into plain values. Every decoder takes the whole payload and keeps the complete
// records; `leftover` says how many bytes did not make a whole one.
#include <store/timemath.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers::sophgo {

// The largest time in µs whose ns are still a time the store holds (store::kTimeLimit, ~146
// years): anything later in a file is corrupt and is reported, never multiplied into a
// wrapped time. What is added to such a time afterwards (cycle offsets, at most 1e15 ns each)
// still fits an int64; the store then drops or clamps what lies past its limit.
constexpr uint64_t kMaxUsec = uint64_t(store::kTimeLimit) / 1000;

// µs sums (shifts that pack iterations and host files end to end) saturate at kMaxUsec.
constexpr uint64_t addUsec(uint64_t a, uint64_t b)
{
    return a >= kMaxUsec || b >= kMaxUsec - a ? kMaxUsec : a + b;
}

struct SophgoSummary { // 36 bytes
    uint32_t iteration = 0;
    uint32_t subnetId = 0;
    uint32_t subnetType = 0; // 0 TPU, 1 CPU, 2 MERGE, 3 SWITCH
    uint64_t beginUsec = 0, endUsec = 0;
    uint64_t extraData = 0; // TPU: non-zero = dynamic subnet
};

struct SophgoDynRecord { // 32 bytes
    uint32_t profileId = 0;
    uint32_t type = 0; // & 0xFF: 0 FUNC, 1 NODE_SET, 2 NODE_WAIT, 3 CDMA, 4 GDE, 5 SORT, 6 NMS, 100 CUSTOM
    uint64_t id = 0;
    uint64_t beginCycle = 0, endCycle = 0;
};

struct SophgoTiuRecord { // 32 bytes
    uint32_t start = 0, end = 0; // TIU cycles, wrapping at 2^32
    uint32_t instId = 0; // 16 bits
    uint64_t computationLoad = 0; // 48 bits
    uint32_t numRead = 0, numReadStall = 0, numWrite = 0, reserved = 0;
};

struct SophgoGdmaRecord { // 192 bytes: 48 little-endian words (BM1684X naming)
    std::array<uint32_t, 48> w {};
    uint32_t start() const { return w[0]; }
    uint32_t end() const { return w[1]; }
    uint32_t rawId() const { return w[2]; }
    // Bytes written to DDR (d0, d1) and to local memory (gif): what the transfer moved.
    uint64_t writtenBytes() const { return uint64_t(w[4]) + w[7] + w[10]; }
    static const char* wordName(size_t i); // "d0_aw_bytes", ...; nullptr for words 0–2
};

// DYN_EXTRA: {profile_id, type, len, content}; BMLIB_EXTRA: {type, index, len, text}.
struct SophgoExtraEntry {
    uint32_t first = 0; // profile_id / type
    uint32_t second = 0; // type / index
    std::string content;
};

struct SophgoBmlib {
    struct Send {
        uint32_t api = 0;
        uint64_t beginUsec = 0;
    };
    struct Span {
        uint64_t beginUsec = 0, endUsec = 0;
    };
    struct Mark {
        uint64_t id = 0, beginUsec = 0, endUsec = 0;
    };
    struct Copy {
        uint64_t src = 0, dst = 0;
        uint32_t dir = 0, size = 0;
        uint64_t beginUsec = 0, endUsec = 0;
    };
    struct Mem {
        uint64_t addr = 0;
        uint32_t size = 0, type = 0;
        uint64_t beginUsec = 0, endUsec = 0;
    };
    uint64_t beginUsec = 0, endUsec = 0;
    std::vector<Send> sends;
    std::vector<Span> syncs;
    std::vector<Mark> marks;
    std::vector<Copy> copies;
    std::vector<Mem> mems;
};

bool decodeSummary(std::string_view payload, SophgoSummary* out);
std::vector<SophgoDynRecord> decodeDynData(std::string_view payload, size_t* leftover);
std::vector<SophgoTiuRecord> decodeTiu(std::string_view payload, size_t* leftover);
std::vector<SophgoGdmaRecord> decodeGdma(std::string_view payload, size_t* leftover);
// Entries with len 0 are kept (empty content) and counted in *empty; a cut entry ends the
// list and sets *leftover to the bytes it had.
std::vector<SophgoExtraEntry> decodeExtra(std::string_view payload, size_t* empty, size_t* leftover);
// False when the payload ends inside a list: the entries read so far are kept.
bool decodeBmlib(std::string_view payload, SophgoBmlib* out);

} // namespace strata::importers::sophgo
