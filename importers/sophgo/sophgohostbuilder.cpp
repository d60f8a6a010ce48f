#include "sophgohostbuilder.h"

#include "sophgoarglist.h"

#include <algorithm>
#include <map>

namespace strata::importers::sophgo {

using store::TimeNs;

namespace {
constexpr uint32_t kSetProfileEnable = 986, kGetProfileData = 987;
}

TimeNs SophgoHostBuilder::time(uint64_t usec, uint64_t shiftUsec) const
{
    const uint64_t base = addUsec(m_ctx.baseUsec, shiftUsec);
    if (usec < base)
        return 0;
    return TimeNs(std::min<uint64_t>(usec - base, uint64_t(1) << 40)) * 1000;
}

void SophgoHostBuilder::add(
    const std::string& file, const SophgoBmlib& data, const std::vector<SophgoExtraEntry>& extra, uint64_t shiftUsec)
{
    store::StoreBuilder& b = m_ctx.b;
    std::map<std::pair<uint32_t, uint32_t>, std::string> info; // (list, index) → text
    for (const SophgoExtraEntry& e : extra) {
        if (e.first > 4) {
            b.diagnostics().count("sophgo_bmlib_extra_unknown_type");
            continue;
        }
        if (!e.content.empty())
            info[{ e.first, e.second }] = e.content;
    }
    auto note = [&](SophgoArgList& args, uint32_t list, uint32_t index) {
        auto it = info.find({ list, index });
        if (it != info.end())
            args.s("info", it->second);
        return it != info.end() ? it->second : std::string();
    };
    auto slice = [&](const std::string& name, uint64_t begin, uint64_t end, SophgoArgList& args) {
        const TimeNs t0 = time(begin, shiftUsec);
        const TimeNs t1 = std::max(t0, time(end, shiftUsec));
        args.s("file", file);
        b.completeSlice(m_ctx.rows.host, t0, t1 - t0, b.type(b.intern(name), b.intern("host")), args.set());
    };
    for (uint32_t i = 0; i < data.sends.size(); ++i) {
        const auto& s = data.sends[i];
        if (s.api == kSetProfileEnable || s.api == kGetProfileData)
            continue;
        SophgoArgList args(b);
        args.u("api_id", s.api).u("begin_usec", s.beginUsec);
        const std::string text = note(args, 0, i);
        const std::string name = "send " + (text.empty() ? "api " + std::to_string(s.api) : text);
        b.threadInstant(
            m_ctx.rows.host, time(s.beginUsec, shiftUsec), b.type(b.intern(name), b.intern("host")), args.set());
    }
    for (uint32_t i = 0; i < data.syncs.size(); ++i) {
        SophgoArgList args(b);
        note(args, 1, i);
        slice("thread_sync", data.syncs[i].beginUsec, data.syncs[i].endUsec, args);
    }
    for (uint32_t i = 0; i < data.marks.size(); ++i) {
        const auto& m = data.marks[i];
        SophgoArgList args(b);
        args.u("mark_id", m.id);
        const std::string text = note(args, 2, i);
        slice(text.empty() ? "mark " + std::to_string(m.id) : text, m.beginUsec, m.endUsec, args);
    }
    static const char* const kDirs[] = { "host→chip", "chip→host", "chip→chip" };
    for (uint32_t i = 0; i < data.copies.size(); ++i) {
        const auto& c = data.copies[i];
        SophgoArgList args(b);
        args.hex("src", c.src).hex("dst", c.dst).u("bytes", c.size);
        args.s("direction", c.dir < 3 ? kDirs[c.dir] : "unknown");
        note(args, 3, i);
        slice(c.dir == 0 ? "copy h2d" : c.dir == 1 ? "copy d2h" : "copy d2d", c.beginUsec, c.endUsec, args);
    }
    static const char* const kMemOps[] = { "mem alloc", "mem free", "mem invalidate", "mem flush" };
    for (uint32_t i = 0; i < data.mems.size(); ++i) {
        const auto& m = data.mems[i];
        SophgoArgList args(b);
        args.hex("device_addr", m.addr).u("size", m.size).u("type", m.type);
        note(args, 4, i);
        slice(m.type < 4 ? kMemOps[m.type] : "mem op", m.beginUsec, m.endUsec, args);
    }
}

} // namespace strata::importers::sophgo
