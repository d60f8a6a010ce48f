#include "sophgorecords.h"

#include <iterator>

namespace strata::importers::sophgo {

namespace {

// Reads little-endian values from a payload; reading past the end yields zeros and sets ok false.
class Cursor {
public:
    explicit Cursor(std::string_view data)
        : m_data(data)
    {
    }
    uint32_t u32()
    {
        uint32_t v = 0;
        if (!need(4))
            return 0;
        for (int i = 3; i >= 0; --i)
            v = v << 8 | uint8_t(m_data[m_at + size_t(i)]);
        m_at += 4;
        return v;
    }
    uint64_t u64()
    {
        const uint64_t lo = u32();
        const uint64_t hi = u32();
        return lo | hi << 32;
    }
    bool need(size_t n)
    {
        if (m_at + n > m_data.size()) {
            m_ok = false;
            return false;
        }
        return true;
    }
    size_t remaining() const { return m_data.size() - m_at; }
    size_t at() const { return m_at; }
    void skip(size_t n) { m_at += n; }
    bool ok() const { return m_ok; }

private:
    std::string_view m_data;
    size_t m_at = 0;
    bool m_ok = true;
};

template <typename T, typename Decode>
std::vector<T> decodeArray(std::string_view payload, size_t size, size_t* leftover, Decode decode)
{
    const size_t n = payload.size() / size;
    if (leftover)
        *leftover = payload.size() % size;
    std::vector<T> out(n);
    for (size_t i = 0; i < n; ++i) {
        Cursor c(payload.substr(i * size, size));
        decode(c, out[i]);
    }
    return out;
}

} // namespace

const char* SophgoGdmaRecord::wordName(size_t i)
{
    static const char* const kNames[48] = { nullptr, nullptr, nullptr, "d0_aw_bytes", "d0_wr_bytes", "d0_ar_bytes",
        "d1_aw_bytes", "d1_wr_bytes", "d1_ar_bytes", "gif_aw_bytes", "gif_wr_bytes", "gif_ar_bytes",
        "gif_12sram_aw_bytes", "gif_l2sram_w_bytes", "gif_l2sram_ar_bytes", "reserved1", "axi_d0_wr_valid_bytes",
        "axi_d0_rd_valid_bytes", "axi_d1_wr_valid_bytes", "axi_d1_rd_valid_bytes", "gif_fmem_wr_valid_bytes",
        "gif_fmem_rd_valid_bytes", "gif_l2sram_wr_valid_bytes", "gif_l2sram_rd_valid_bytes", "axi_d0_wr_stall_bytes",
        "axi_d0_rd_stall_bytes", "axi_d1_wr_stall_bytes", "axi_d1_rd_stall_bytes", "gif_fmem_wr_stall_bytes",
        "gif_fmem_rd_stall_bytes", "gif_l2sram_wr_stall_bytes", "gif_12sram_rd_stall_bytes", "axi_d0_aw_end",
        "axi_d0_aw_st", "axi_d0_ar_end", "axi_d0_ar_st", "axi_d0_wr_end", "axi_d0_wr_st", "axi_d0_rd_end",
        "axi_d0_rd_st", "axi_d1_aw_end", "axi_d1_aw_st", "axi_d1_ar_end", "axi_d1_ar_st", "axi_d1_wr_end",
        "axi_d1_wr_st", "axi_d1_rd_end", "axi_d1_rd_st" };
    return i < std::size(kNames) ? kNames[i] : nullptr;
}

bool decodeSummary(std::string_view payload, SophgoSummary* out)
{
    if (payload.size() < 36)
        return false;
    Cursor c(payload);
    out->iteration = c.u32();
    out->subnetId = c.u32();
    out->subnetType = c.u32();
    out->beginUsec = c.u64();
    out->endUsec = c.u64();
    out->extraData = c.u64();
    return true;
}

std::vector<SophgoDynRecord> decodeDynData(std::string_view payload, size_t* leftover)
{
    return decodeArray<SophgoDynRecord>(payload, 32, leftover, [](Cursor& c, SophgoDynRecord& r) {
        r.profileId = c.u32();
        r.type = c.u32();
        r.id = c.u64();
        r.beginCycle = c.u64();
        r.endCycle = c.u64();
    });
}

std::vector<SophgoTiuRecord> decodeTiu(std::string_view payload, size_t* leftover)
{
    return decodeArray<SophgoTiuRecord>(payload, 32, leftover, [](Cursor& c, SophgoTiuRecord& r) {
        r.start = c.u32();
        r.end = c.u32();
        const uint64_t idLoad = c.u64();
        r.instId = uint32_t(idLoad & 0xFFFF);
        r.computationLoad = idLoad >> 16;
        r.numRead = c.u32();
        r.numReadStall = c.u32();
        r.numWrite = c.u32();
        r.reserved = c.u32();
    });
}

std::vector<SophgoGdmaRecord> decodeGdma(std::string_view payload, size_t* leftover)
{
    return decodeArray<SophgoGdmaRecord>(payload, 192, leftover, [](Cursor& c, SophgoGdmaRecord& r) {
        for (uint32_t& w : r.w)
            w = c.u32();
    });
}

std::vector<SophgoExtraEntry> decodeExtra(std::string_view payload, size_t* empty, size_t* leftover)
{
    std::vector<SophgoExtraEntry> out;
    Cursor c(payload);
    *empty = 0;
    *leftover = 0;
    while (c.remaining() > 0) {
        if (c.remaining() < 12) {
            *leftover = c.remaining();
            break;
        }
        SophgoExtraEntry e;
        e.first = c.u32();
        e.second = c.u32();
        const uint32_t len = c.u32();
        if (len > c.remaining()) {
            *leftover = 12 + c.remaining();
            break;
        }
        // A zero-length entry is just its 12-byte header (the reference reader stalls on it).
        if (len == 0)
            ++*empty;
        e.content.assign(payload.substr(c.at(), len));
        c.skip(len);
        out.push_back(std::move(e));
    }
    return out;
}

bool decodeBmlib(std::string_view payload, SophgoBmlib* out)
{
    Cursor c(payload);
    out->beginUsec = c.u64();
    out->endUsec = c.u64();
    // Each list: a count, then that many entries; a count larger than the bytes left is cut.
    auto list = [&c](size_t entryBytes, auto&& read) {
        const uint32_t n = c.u32();
        if (!c.ok())
            return false;
        for (uint32_t i = 0; i < n; ++i) {
            if (!c.need(entryBytes))
                return false;
            read();
        }
        return true;
    };
    if (!c.ok())
        return false;
    if (!list(12, [&] { out->sends.push_back({ c.u32(), c.u64() }); }))
        return false;
    if (!list(16, [&] {
            const uint64_t b = c.u64();
            out->syncs.push_back({ b, c.u64() });
        }))
        return false;
    // The later lists were added over time: present only when bytes remain.
    if (c.remaining() > 0 && !list(24, [&] {
            SophgoBmlib::Mark m;
            m.id = c.u64();
            m.beginUsec = c.u64();
            m.endUsec = c.u64();
            out->marks.push_back(m);
        }))
        return false;
    if (c.remaining() > 0 && !list(40, [&] {
            SophgoBmlib::Copy m;
            m.src = c.u64();
            m.dst = c.u64();
            m.dir = c.u32();
            m.size = c.u32();
            m.beginUsec = c.u64();
            m.endUsec = c.u64();
            out->copies.push_back(m);
        }))
        return false;
    if (c.remaining() > 0 && !list(32, [&] {
            SophgoBmlib::Mem m;
            m.addr = c.u64();
            m.size = c.u32();
            m.type = c.u32();
            m.beginUsec = c.u64();
            m.endUsec = c.u64();
            out->mems.push_back(m);
        }))
        return false;
    return true;
}

} // namespace strata::importers::sophgo
