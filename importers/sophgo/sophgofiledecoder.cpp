#include "sophgofiledecoder.h"

#include "inputreader.h"
#include "sophgoblockreader.h"

#include <cstdlib>

namespace strata::importers::sophgo {

namespace {
// Blocks read but not drawn (compiler and firmware logs, SDMA/CDMA monitors) are counted.
std::string notShown(std::string kind)
{
    for (char& c : kind)
        c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return "sophgo_block_not_shown_" + kind;
}
} // namespace

const char* SophgoFileDecoder::blockName(uint32_t type)
{
    static const char* const kNames[] = { nullptr, "SUMMARY", "COMPILER_LOG", "MONITOR_BD", "MONITOR_GDMA", "DYN_DATA",
        "DYN_EXTRA", "FIRMWARE_LOG", "COMMAND", "BMLIB", "BMLIB_EXTRA", "MONITOR_SDMA", "MONITOR_CDMA" };
    return type < sizeof kNames / sizeof kNames[0] ? kNames[type] : nullptr;
}

void SophgoFileDecoder::openFailed(const SophgoFolder& folder, const std::string& name, const std::string& error)
{
    // InputReader says "<path>: reason (at byte N)": keep the reason, name the file only.
    std::string reason = error;
    const std::string prefix = folder.path(name) + ": ";
    if (reason.rfind(prefix, 0) == 0)
        reason = reason.substr(prefix.size());
    m_errorOffset = 0;
    const size_t at = reason.rfind(" (at byte ");
    if (at != std::string::npos && reason.back() == ')') {
        m_errorOffset = std::strtoull(reason.c_str() + at + 10, nullptr, 10);
        reason.resize(at);
    }
    m_error = name + ": " + reason;
}

std::unique_ptr<InputReader> SophgoFileDecoder::open(const SophgoFolder& folder, const std::string& name)
{
    std::string error;
    auto input = InputReader::open(folder.path(name), &error);
    if (!input) {
        openFailed(folder, name, error);
        return nullptr;
    }
    input->setCancelFlag(m_cancel);
    return input;
}

bool SophgoFileDecoder::readText(const SophgoFolder& folder, const std::string& name, std::string* out)
{
    auto input = open(folder, name);
    if (!input)
        return false;
    char buf[1 << 16];
    for (size_t n; (n = input->read(buf, sizeof buf)) > 0;)
        out->append(buf, n);
    m_bytesRead += input->consumedBytes();
    if (input->cancelled())
        m_cancelled = true;
    if (input->failed()) {
        m_diag.report("sophgo_read_error",
            name + " byte " + std::to_string(input->errorOffset()) + ": " + input->error()
                + "; the text before it was used");
    }
    return true;
}

bool SophgoFileDecoder::readBlocks(
    const SophgoFolder& folder, const std::string& name, const std::function<void(const SophgoBlock&)>& onBlock)
{
    auto input = open(folder, name);
    if (!input)
        return false;
    SophgoBlockReader reader(*input);
    SophgoBlock block;
    uint64_t blocks = 0;
    const uint64_t before = m_bytesRead;
    for (;;) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed)) {
            m_cancelled = true;
            return false;
        }
        const auto status = reader.next(&block);
        if (status == SophgoBlockReader::Status::End)
            break;
        if (status == SophgoBlockReader::Status::TrailingBytes) {
            m_diag.report("sophgo_trailing_bytes",
                name + " byte " + std::to_string(reader.offset())
                    + ": fewer than 8 bytes after the last block, too few for a block header; ignored");
            break;
        }
        ++blocks;
        if (block.truncated) {
            m_diag.report("sophgo_truncated_block",
                name + " byte " + std::to_string(block.offset) + ": "
                    + (blockName(block.type) ? blockName(block.type) : "block type " + std::to_string(block.type))
                    + " declares " + std::to_string(block.declaredLength) + " bytes but the file ends after "
                    + std::to_string(block.payload.size()) + "; the complete records before the cut were kept");
        }
        const char* known = blockName(block.type);
        if (!known) {
            m_diag.report("sophgo_unknown_block_type",
                name + " byte " + std::to_string(block.offset) + ": block type " + std::to_string(block.type) + " ("
                    + std::to_string(block.declaredLength) + " bytes) is not a known block; skipped");
        } else {
            onBlock(block);
        }
        m_bytesRead = before + input->consumedBytes();
        if (m_progress)
            m_progress(m_bytesRead);
    }
    m_bytesRead = before + input->consumedBytes();
    if (input->cancelled()) {
        m_cancelled = true;
        return false;
    }
    if (input->failed())
        m_diag.report("sophgo_read_error",
            name + " byte " + std::to_string(input->errorOffset()) + ": " + input->error()
                + "; the blocks before it were used");
    if (blocks == 0) {
        m_error = name + ": no block in the file (an empty profile file)";
        m_errorOffset = 0;
        return false;
    }
    return true;
}

void SophgoFileDecoder::partial(const std::string& name, const SophgoBlock& b, size_t recordSize, size_t leftover)
{
    if (leftover == 0 || b.truncated) // a cut block was reported already
        return;
    m_diag.report("sophgo_partial_record",
        name + " byte " + std::to_string(b.offset) + ": " + blockName(b.type) + " block of "
            + std::to_string(b.payload.size()) + " bytes is not a whole number of " + std::to_string(recordSize)
            + "-byte records; its last " + std::to_string(leftover) + " bytes were skipped");
}

void SophgoFileDecoder::extraEntries(const std::string& name, const SophgoBlock& b, std::vector<SophgoExtraEntry>* to)
{
    const std::string kind = blockName(b.type);
    size_t empty = 0, leftover = 0;
    auto v = decodeExtra(b.payload, &empty, &leftover);
    if (empty)
        m_diag.count("sophgo_empty_extra_entry", empty);
    if (leftover && !b.truncated)
        m_diag.report("sophgo_truncated_extra",
            name + " byte " + std::to_string(b.offset) + ": " + kind + " ends inside an entry; its last "
                + std::to_string(leftover) + " bytes were skipped");
    m_phases[kind] += v.size();
    for (auto& e : v)
        to->push_back(std::move(e));
}

bool SophgoFileDecoder::readIteration(const SophgoFolder& folder, const std::string& name, SophgoIterationData* out)
{
    out->file = name;
    return readBlocks(folder, name, [&](const SophgoBlock& b) {
        size_t leftover = 0;
        const std::string_view payload = b.payload;
        const std::string kind = blockName(b.type);
        // Fixed-size records: the whole ones are kept, a partial tail is reported.
        auto records = [&](const auto& decoded, size_t recordSize, auto& to) {
            partial(name, b, recordSize, leftover);
            m_phases[kind] += decoded.size();
            to.insert(to.end(), decoded.begin(), decoded.end());
        };
        switch (static_cast<SophgoBlockType>(b.type)) {
        case SophgoBlockType::Summary: {
            SophgoSummary s;
            if (!decodeSummary(payload, &s)) {
                m_diag.report("sophgo_bad_summary",
                    name + " byte " + std::to_string(b.offset) + ": SUMMARY of " + std::to_string(payload.size())
                        + " bytes, 36 expected; ignored");
            } else if (s.beginUsec > kMaxUsec || s.endUsec > kMaxUsec) {
                // Past ~292 years in µs the time does not fit in ns: a corrupt block, never wrapped.
                m_diag.report("sophgo_bad_summary_time",
                    name + " byte " + std::to_string(b.offset) + ": SUMMARY begins at " + std::to_string(s.beginUsec)
                        + " µs and ends at " + std::to_string(s.endUsec)
                        + " µs, which is no time a profile can hold; ignored");
            } else if (out->hasSummary) {
                m_diag.report("sophgo_extra_summary",
                    name + " byte " + std::to_string(b.offset) + ": a second SUMMARY block; the first one is used");
            } else {
                out->summary = s;
                out->hasSummary = true;
            }
            m_phases[kind] += 1;
            break;
        }
        case SophgoBlockType::DynData: records(decodeDynData(payload, &leftover), 32, out->dyn); break;
        case SophgoBlockType::DynExtra: extraEntries(name, b, &out->dynExtra); break;
        case SophgoBlockType::MonitorBd: records(decodeTiu(payload, &leftover), 32, out->tiu); break;
        case SophgoBlockType::MonitorGdma: records(decodeGdma(payload, &leftover), 192, out->gdma); break;
        case SophgoBlockType::Command: {
            // gdma/bd base and offset (4 × u64), group count, then per group two u32 counts.
            for (size_t at = 36; at + 8 <= payload.size(); at += 4) {
                uint32_t v = 0;
                for (int i = 3; i >= 0; --i)
                    v = v << 8 | uint8_t(payload[at + size_t(i)]);
                out->groupCounts.push_back(v);
            }
            m_phases[kind] += 1;
            break;
        }
        default:
            m_phases[kind] += 1;
            m_diag.count(notShown(kind));
            break;
        }
    });
}

bool SophgoFileDecoder::readBmlib(const SophgoFolder& folder, const std::string& name, SophgoBmlib* out,
    std::vector<SophgoExtraEntry>* extra, bool* hasBmlib)
{
    *hasBmlib = false;
    return readBlocks(folder, name, [&](const SophgoBlock& b) {
        const std::string kind = blockName(b.type);
        if (b.type == uint32_t(SophgoBlockType::Bmlib)) {
            if (*hasBmlib) {
                m_diag.report("sophgo_extra_bmlib_block",
                    name + " byte " + std::to_string(b.offset) + ": a second BMLIB block; the first one is used");
                return;
            }
            if (!decodeBmlib(b.payload, out) && !b.truncated)
                m_diag.report("sophgo_truncated_bmlib",
                    name + " byte " + std::to_string(b.offset)
                        + ": BMLIB ends inside one of its lists; the entries before were kept");
            *hasBmlib = true;
            m_phases[kind]
                += out->sends.size() + out->syncs.size() + out->marks.size() + out->copies.size() + out->mems.size();
        } else if (b.type == uint32_t(SophgoBlockType::BmlibExtra)) {
            extraEntries(name, b, extra);
        } else {
            m_phases[kind] += 1;
            m_diag.count(notShown(kind));
        }
    });
}

} // namespace strata::importers::sophgo
