#pragma once
#include <cstdint>
#include <string>

namespace strata::importers {
class InputReader;
}

namespace strata::importers::sophgo {

// Block types of iter*.profile and bmlib*.profile (each block: u32 type, u32 length, payload).
enum class SophgoBlockType : uint32_t {
    Summary = 1,
    CompilerLog = 2,
    MonitorBd = 3,
    MonitorGdma = 4,
    DynData = 5,
    DynExtra = 6,
    FirmwareLog = 7,
    Command = 8,
    Bmlib = 9,
    BmlibExtra = 10,
    MonitorSdma = 11,
    MonitorCdma = 12,
};

struct SophgoBlock {
    uint32_t type = 0;
    uint64_t offset = 0; // of the block's 8-byte header in the file
    uint32_t declaredLength = 0;
    std::string payload; // the bytes read: declaredLength of them unless truncated
    bool truncated = false; // the file ended inside the payload
};

// The block container: no file header, then {u32 type, u32 length, payload} until the end.
// A block whose length runs past the end of the file is returned with what is there
// (truncated), so record arrays keep their complete prefix; reading then stops.
class SophgoBlockReader {
public:
    explicit SophgoBlockReader(InputReader& input)
        : m_input(input)
    {
    }

    enum class Status { Block, End, TrailingBytes };
    // TrailingBytes: 1–7 bytes after the last block, too few for a header (at offset()).
    Status next(SophgoBlock* out);
    uint64_t offset() const { return m_offset; }

private:
    size_t readUpTo(char* dst, size_t n);

    InputReader& m_input;
    uint64_t m_offset = 0;
    bool m_done = false;
};

} // namespace strata::importers::sophgo
