#pragma once
// A small protobuf *writer* for Perfetto traces, for tests only. It knows the field
// numbers itself (it does not share the importer's tables, so a wrong number on either
// side shows up as a failing test) and encodes every message with its fields in
// field-number order, repeated fields unpacked — the layout protoc produces, so the
// protoc-verified examples come out byte for byte.
//
//   Trace t;
//   t.add(Packet().seq(1).flags(1).track(Track(1).name("NPU0")));
//   t.add(Packet().ts(1000).seq(1).event(Event::begin(1).name("matmul")));
//   t.add(Packet().ts(2000).seq(1).event(Event::end(1)));
//   std::string bytes = t.bytes();
//
// Malformed inputs are made with raw(): pre-encoded bytes appended as they are.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfettotest {

inline std::string varintBytes(uint64_t v)
{
    std::string out;
    do {
        uint8_t b = v & 0x7F;
        v >>= 7;
        if (v)
            b |= 0x80;
        out.push_back(static_cast<char>(b));
    } while (v);
    return out;
}

inline std::string keyBytes(uint32_t field, uint32_t wireType)
{
    return varintBytes((uint64_t(field) << 3) | wireType);
}

inline std::string fixed64Bytes(uint64_t v)
{
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[size_t(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return out;
}

// Generic message: fields kept as encoded bytes, emitted sorted by field number (stable).
template <typename Derived> class MsgBase {
public:
    Derived& varint(uint32_t field, uint64_t v) { return add(field, keyBytes(field, 0) + varintBytes(v)); }
    Derived& int64(uint32_t field, int64_t v) { return varint(field, static_cast<uint64_t>(v)); }
    Derived& boolean(uint32_t field, bool v) { return varint(field, v ? 1 : 0); }
    Derived& fixed64(uint32_t field, uint64_t v) { return add(field, keyBytes(field, 1) + fixed64Bytes(v)); }
    Derived& dbl(uint32_t field, double v)
    {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        return fixed64(field, bits);
    }
    Derived& bytes(uint32_t field, std::string_view s)
    {
        return add(field, keyBytes(field, 2) + varintBytes(s.size()) + std::string(s));
    }
    template <typename M> Derived& msg(uint32_t field, const MsgBase<M>& m) { return bytes(field, m.encode()); }
    Derived& packedVarints(uint32_t field, const std::vector<uint64_t>& values)
    {
        std::string payload;
        for (uint64_t v : values)
            payload += varintBytes(v);
        return bytes(field, payload);
    }
    Derived& packedFixed64(uint32_t field, const std::vector<uint64_t>& values)
    {
        std::string payload;
        for (uint64_t v : values)
            payload += fixed64Bytes(v);
        return bytes(field, payload);
    }
    // Pre-encoded bytes (key included), sorted as if they were field `sortAs`.
    Derived& raw(uint32_t sortAs, std::string encoded) { return add(sortAs, std::move(encoded)); }

    std::string encode() const
    {
        std::vector<const Field*> order;
        for (const Field& f : m_fields)
            order.push_back(&f);
        std::stable_sort(
            order.begin(), order.end(), [](const Field* a, const Field* b) { return a->number < b->number; });
        std::string out;
        for (const Field* f : order)
            out += f->encoded;
        return out;
    }

protected:
    Derived& self() { return static_cast<Derived&>(*this); }
    Derived& add(uint32_t field, std::string encoded)
    {
        m_fields.push_back(Field { field, std::move(encoded) });
        return self();
    }

private:
    struct Field {
        uint32_t number;
        std::string encoded;
    };
    std::vector<Field> m_fields;
};

class Msg : public MsgBase<Msg> { };

// --- field numbers (from Perfetto's trace .proto files)
namespace f {
// TracePacket
constexpr uint32_t kTimestamp = 8, kSeq = 10, kTrackEvent = 11, kInterned = 12, kFlags = 13;
constexpr uint32_t kClockSnapshot = 6, kIncrementalStateCleared = 41, kPreviousPacketDropped = 42;
constexpr uint32_t kProcessDescriptor = 43, kThreadDescriptor = 44, kCompressed = 50, kClockId = 58;
constexpr uint32_t kDefaults = 59, kTrackDescriptor = 60, kZstdCompressed = 133;
// TrackEvent
constexpr uint32_t kDeltaUs = 1, kCategoryIids = 3, kAnnotations = 4, kLegacy = 6, kType = 9, kNameIid = 10;
constexpr uint32_t kTrackUuid = 11, kExtraCounterValues = 12, kAbsoluteUs = 16, kCategories = 22, kName = 23;
constexpr uint32_t kCounterValue = 30, kExtraCounterUuids = 31, kSourceLocation = 33, kSourceLocationIid = 34;
constexpr uint32_t kFlowIdsOld = 36, kTerminatingFlowIdsOld = 42, kDoubleCounterValue = 44;
constexpr uint32_t kExtraDoubleCounterUuids = 45, kExtraDoubleCounterValues = 46;
constexpr uint32_t kFlowIds = 47, kTerminatingFlowIds = 48;
} // namespace f

enum EventType : uint64_t { kSliceBegin = 1, kSliceEnd = 2, kInstant = 3, kCounter = 4 };
enum CounterUnit : uint64_t { kUnitTimeNs = 1, kUnitCount = 2, kUnitSizeBytes = 3 };

// TrackDescriptor
class Track : public MsgBase<Track> {
public:
    explicit Track(uint64_t uuid) { varint(1, uuid); }
    Track& name(std::string_view s) { return bytes(2, s); }
    Track& parent(uint64_t uuid) { return varint(5, uuid); }
    Track& process(int32_t pid, std::string_view processName = {})
    {
        Msg p;
        p.int64(1, pid);
        if (!processName.empty())
            p.bytes(6, processName);
        return msg(3, p);
    }
    Track& thread(int32_t pid, int64_t tid, std::string_view threadName = {})
    {
        Msg t;
        t.int64(1, pid).int64(2, tid);
        if (!threadName.empty())
            t.bytes(5, threadName);
        return msg(4, t);
    }
    // unit 0 = unspecified; multiplier 0 = not written.
    Track& counter(uint64_t unit = 0, int64_t multiplier = 0, bool incremental = false)
    {
        Msg c;
        if (unit)
            c.varint(3, unit);
        if (multiplier)
            c.int64(4, multiplier);
        if (incremental)
            c.boolean(5, true);
        return msg(8, c);
    }
};

// DebugAnnotation
class Annotation : public MsgBase<Annotation> {
public:
    static Annotation named(std::string_view n)
    {
        Annotation a;
        a.bytes(10, n);
        return a;
    }
    static Annotation iid(uint64_t nameIid)
    {
        Annotation a;
        a.varint(1, nameIid);
        return a;
    }
    static Annotation element() { return Annotation(); } // an array value: no name
    Annotation& b(bool v) { return boolean(2, v); }
    Annotation& u(uint64_t v) { return varint(3, v); }
    Annotation& i(int64_t v) { return int64(4, v); }
    Annotation& d(double v) { return dbl(5, v); }
    Annotation& s(std::string_view v) { return bytes(6, v); }
    Annotation& pointer(uint64_t v) { return varint(7, v); }
    Annotation& stringIid(uint64_t v) { return varint(17, v); }
    Annotation& legacyJson(std::string_view v) { return bytes(9, v); }
    Annotation& entry(const Annotation& member) { return msg(11, member); }
    Annotation& item(const Annotation& element) { return msg(12, element); }
    Annotation& nested(const Msg& nestedValue) { return msg(8, nestedValue); }
};

// DebugAnnotation.NestedValue (the older nested form)
namespace nested {
inline Msg integer(int64_t v)
{
    Msg m;
    m.int64(5, v);
    return m;
}
inline Msg str(std::string_view v)
{
    Msg m;
    m.bytes(8, v);
    return m;
}
inline Msg dict(const std::vector<std::pair<std::string, Msg>>& members)
{
    Msg m;
    m.varint(1, 1);
    for (const auto& [k, v] : members)
        m.bytes(2, k);
    for (const auto& [k, v] : members)
        m.msg(3, v);
    return m;
}
inline Msg array(const std::vector<Msg>& values)
{
    Msg m;
    m.varint(1, 2);
    for (const Msg& v : values)
        m.msg(4, v);
    return m;
}
} // namespace nested

// TrackEvent
class Event : public MsgBase<Event> {
public:
    static Event begin(uint64_t track) { return typed(kSliceBegin, track); }
    static Event end(uint64_t track) { return typed(kSliceEnd, track); }
    static Event instant(uint64_t track) { return typed(kInstant, track); }
    static Event counter(uint64_t track) { return typed(kCounter, track); }
    static Event untracked(uint64_t type)
    {
        Event e;
        e.varint(f::kType, type);
        return e;
    }
    Event& name(std::string_view s) { return bytes(f::kName, s); }
    Event& nameIid(uint64_t iid) { return varint(f::kNameIid, iid); }
    Event& category(std::string_view s) { return bytes(f::kCategories, s); }
    Event& categoryIid(uint64_t iid) { return varint(f::kCategoryIids, iid); }
    Event& arg(const Annotation& a) { return msg(f::kAnnotations, a); }
    Event& flow(uint64_t id) { return fixed64(f::kFlowIds, id); }
    Event& terminatingFlow(uint64_t id) { return fixed64(f::kTerminatingFlowIds, id); }
    Event& flowOld(uint64_t id) { return varint(f::kFlowIdsOld, id); }
    Event& terminatingFlowOld(uint64_t id) { return varint(f::kTerminatingFlowIdsOld, id); }
    Event& value(int64_t v) { return int64(f::kCounterValue, v); }
    Event& doubleValue(double v) { return dbl(f::kDoubleCounterValue, v); }
    Event& extraCounterUuid(uint64_t uuid) { return varint(f::kExtraCounterUuids, uuid); }
    Event& extraCounterValue(int64_t v) { return int64(f::kExtraCounterValues, v); }
    Event& extraDoubleCounterUuid(uint64_t uuid) { return varint(f::kExtraDoubleCounterUuids, uuid); }
    Event& extraDoubleCounterValue(double v) { return dbl(f::kExtraDoubleCounterValues, v); }
    Event& sourceLocation(std::string_view file, uint32_t line)
    {
        Msg m;
        m.bytes(2, file).varint(4, line);
        return msg(f::kSourceLocation, m);
    }
    Event& deltaUs(int64_t v) { return int64(f::kDeltaUs, v); }
    Event& absoluteUs(int64_t v) { return int64(f::kAbsoluteUs, v); }
    // LegacyEvent{phase, duration_us}
    Event& legacy(char phase, int64_t durationUs = -1)
    {
        Msg m;
        m.int64(2, phase);
        if (durationUs >= 0)
            m.int64(3, durationUs);
        return msg(f::kLegacy, m);
    }

private:
    static Event typed(uint64_t type, uint64_t track)
    {
        Event e;
        e.varint(f::kType, type).varint(f::kTrackUuid, track);
        return e;
    }
};

// InternedData
class Interned : public MsgBase<Interned> {
public:
    Interned& category(uint64_t iid, std::string_view name) { return entry(1, iid, name); }
    Interned& eventName(uint64_t iid, std::string_view name) { return entry(2, iid, name); }
    Interned& annotationName(uint64_t iid, std::string_view name) { return entry(3, iid, name); }
    Interned& stringValue(uint64_t iid, std::string_view s) { return entry(29, iid, s); }
    Interned& sourceLocation(uint64_t iid, std::string_view file, uint32_t line)
    {
        Msg m;
        m.varint(1, iid).bytes(2, file).varint(4, line);
        return msg(4, m);
    }

private:
    Interned& entry(uint32_t field, uint64_t iid, std::string_view name)
    {
        Msg m;
        m.varint(1, iid).bytes(2, name);
        return msg(field, m);
    }
};

// TracePacket
class Packet : public MsgBase<Packet> {
public:
    Packet& ts(uint64_t t) { return varint(f::kTimestamp, t); }
    Packet& seq(uint32_t s) { return varint(f::kSeq, s); }
    Packet& flags(uint32_t v) { return varint(f::kFlags, v); }
    Packet& incrementalStateCleared() { return boolean(f::kIncrementalStateCleared, true); }
    Packet& previousPacketDropped() { return varint(f::kPreviousPacketDropped, 1); }
    Packet& clockId(uint32_t id) { return varint(f::kClockId, id); }
    Packet& interned(const Interned& i) { return msg(f::kInterned, i); }
    Packet& track(const Track& t) { return msg(f::kTrackDescriptor, t); }
    Packet& event(const Event& e) { return msg(f::kTrackEvent, e); }
    // TracePacketDefaults{track_event_defaults{track_uuid, extra counter uuids}}
    Packet& defaults(uint64_t trackUuid, const std::vector<uint64_t>& extraCounters = {},
        const std::vector<uint64_t>& extraDoubleCounters = {}, uint32_t clock = 0)
    {
        Msg ted;
        ted.varint(11, trackUuid);
        for (uint64_t u : extraCounters)
            ted.varint(31, u);
        for (uint64_t u : extraDoubleCounters)
            ted.varint(45, u);
        Msg d;
        d.msg(11, ted);
        if (clock)
            d.varint(58, clock);
        return msg(f::kDefaults, d);
    }
    // ClockSnapshot{clocks{clock_id, timestamp, is_incremental, unit_multiplier_ns}...}
    struct Clock {
        uint32_t id;
        uint64_t timestamp;
        bool incremental = false;
        uint64_t multiplier = 0;
    };
    Packet& clockSnapshot(const std::vector<Clock>& clocks)
    {
        Msg s;
        for (const Clock& c : clocks) {
            Msg m;
            m.varint(1, c.id).varint(2, c.timestamp);
            if (c.incremental)
                m.boolean(3, true);
            if (c.multiplier)
                m.varint(4, c.multiplier);
            s.msg(1, m);
        }
        return msg(f::kClockSnapshot, s);
    }
    Packet& legacyProcess(int32_t pid, std::string_view name)
    {
        Msg m;
        m.int64(1, pid).bytes(6, name);
        return msg(f::kProcessDescriptor, m);
    }
    Packet& legacyThread(int32_t pid, int64_t tid, std::string_view name, int64_t referenceUs)
    {
        Msg m;
        m.int64(1, pid).int64(2, tid).bytes(5, name).int64(6, referenceUs);
        return msg(f::kThreadDescriptor, m);
    }
    Packet& compressed(std::string_view deflated) { return bytes(f::kCompressed, deflated); }
    Packet& zstdCompressed(std::string_view frame) { return bytes(f::kZstdCompressed, frame); }
};

// Trace: `0A <len> <packet>` repeated.
class Trace {
public:
    Trace& add(const Packet& p)
    {
        const std::string body = p.encode();
        m_bytes += keyBytes(1, 2) + varintBytes(body.size()) + body;
        ++m_packets;
        return *this;
    }
    Trace& raw(std::string_view bytes)
    {
        m_bytes.append(bytes);
        return *this;
    }
    const std::string& bytes() const { return m_bytes; }
    size_t packets() const { return m_packets; }

private:
    std::string m_bytes;
    size_t m_packets = 0;
};

// ---------------------------------------------------------------------------------------
// Canned traces used by tst_perfettoimporter.

// The three-packet example (track descriptor, slice begin, slice end), verified with protoc --decode.
inline Trace minimalExample()
{
    Trace t;
    t.add(Packet().seq(1).flags(1).track(Track(1).name("NPU0")));
    t.add(Packet().ts(1000).seq(1).event(Event::begin(1).name("matmul")));
    t.add(Packet().ts(2000).seq(1).event(Event::end(1)));
    return t;
}

// The richer text-format example (interning, process and counter tracks, debug annotations, a
// flow), 251 bytes when encoded by protoc.
inline Trace richExample()
{
    Trace t;
    t.add(Packet()
              .seq(7)
              .flags(3)
              .interned(Interned().eventName(1, "conv2d").category(1, "npu").annotationName(1, "bytes"))
              .track(Track(100).name("Device 0").process(100, "NPU device 0")));
    t.add(Packet().seq(7).track(Track(101).parent(100).name("DMA queue 0")));
    t.add(Packet().seq(7).track(Track(102).parent(100).name("HBM bandwidth").counter(kUnitSizeBytes)));
    t.add(Packet().ts(5000).seq(7).flags(2).event(Event::begin(101)
                                                      .nameIid(1)
                                                      .categoryIid(1)
                                                      .arg(Annotation::iid(1).u(4096))
                                                      .arg(Annotation::named("layer").s("encoder.0"))
                                                      .flow(42)));
    t.add(Packet().ts(6000).seq(7).flags(2).event(Event::end(101)));
    t.add(Packet().ts(6000).seq(7).event(Event::counter(102).doubleValue(1.5e9)));
    t.add(Packet().ts(6500).seq(7).event(Event::instant(101).name("sync").terminatingFlow(42)));
    return t;
}

// An RBLN-profiler-shaped trace (as Rebellions' profiler writes for Perfetto): a host
// process with its main thread, and one ATOM device process with the seven RBLN command
// tracks in RBLN's order, two counter tracks; two runtime iterations (sequence_index 0 and
// 1). The device writer (sequence 2) interns names, categories and annotation names and
// resets its incremental state between the iterations, re-interning from iid 1.
struct RblnLayout {
    static constexpr int32_t kHostPid = 4242;
    static constexpr int32_t kDevicePid = 7001;
    static constexpr uint64_t kHostProcess = 10, kMainThread = 11;
    static constexpr uint64_t kDevice = 100;
    static constexpr uint64_t kEngine[7] = { 101, 102, 103, 104, 105, 106, 107 };
    static constexpr uint64_t kDram = 110, kUtil = 111;
    static constexpr uint64_t kIterationBase = 1000000, kIterationStep = 100000;
    static const char* const* engineNames()
    {
        static const char* const names[7] = { "Host", "Neural Engine Clusters", "Neural DMA", "Task DMA",
            "External HDMA", "Device HDMA", "Device Sync" };
        return names;
    }
};

inline std::string rblnFused()
{
    return "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)";
}

inline Trace rblnTrace()
{
    using L = RblnLayout;
    Trace t;
    // Host writer (sequence 1): plain names.
    t.add(Packet().seq(1).flags(1).track(Track(L::kHostProcess).process(L::kHostPid, "python3")));
    t.add(Packet().seq(1).track(
        Track(L::kMainThread).parent(L::kHostProcess).thread(L::kHostPid, L::kHostPid, "MainThread")));
    // Device writer (sequence 2): descriptors.
    t.add(Packet().seq(2).flags(1).track(Track(L::kDevice).name("ATOM 0").process(L::kDevicePid, "RBLN ATOM 0")));
    for (int i = 0; i < 7; ++i)
        t.add(Packet().seq(2).track(Track(L::kEngine[i]).parent(L::kDevice).name(L::engineNames()[i])));
    t.add(Packet().seq(2).track(Track(L::kDram).parent(L::kDevice).name("DRAM usage").counter(kUnitSizeBytes)));
    t.add(Packet().seq(2).track(Track(L::kUtil).parent(L::kDevice).name("NE utilization").counter()));

    for (uint64_t k = 0; k < 2; ++k) {
        const uint64_t T = L::kIterationBase + k * L::kIterationStep;
        const std::string p = std::to_string(k) + "_";
        // Host main thread: forward > rbln.run > submit, and a profiler mark.
        t.add(Packet().ts(T + 100).seq(1).event(
            Event::instant(L::kMainThread).name("rbln.profiler.mark").category("host")));
        t.add(Packet().ts(T).seq(1).event(Event::begin(L::kMainThread).name("forward").category("host")));
        t.add(Packet().ts(T + 1000).seq(1).event(Event::begin(L::kMainThread)
                                                     .name("rbln.run")
                                                     .category("host")
                                                     .arg(Annotation::named("model").s("resnet50"))
                                                     .arg(Annotation::named("batch").u(1))));
        t.add(Packet().ts(T + 1200).seq(1).event(Event::begin(L::kMainThread).name("submit").category("host")));
        t.add(Packet().ts(T + 1400).seq(1).event(Event::end(L::kMainThread)));
        t.add(Packet().ts(T + 40000).seq(1).event(Event::end(L::kMainThread)));
        t.add(Packet().ts(T + 41000).seq(1).event(Event::end(L::kMainThread)));

        // Device: a reset at the start of each iteration; names interned from iid 1 again.
        const std::vector<std::string> names = { p + "runtime_call_0", p + "input_prep_1", p + "input_0",
            p + rblnFused() + "_1", p + rblnFused() + "_2", p + rblnFused() + "_3", p + rblnFused() + "_4",
            p + rblnFused() + "_5", p + "output_6", p + "allreduce_7", p + "barrier_8", p + "sync_9" };
        Interned in;
        for (size_t i = 0; i < names.size(); ++i)
            in.eventName(i + 1, names[i]);
        for (uint64_t c = 0; c < 7; ++c)
            in.category(c + 1, L::engineNames()[c]);
        in.annotationName(1, "layer").annotationName(2, "command_index").annotationName(3, "bytes");
        in.stringValue(1, "layer1.2");
        t.add(Packet().seq(2).flags(k == 0 ? 2 : 3).interned(in));

        auto dev = [&](uint64_t ts, const Event& e) { t.add(Packet().ts(ts).seq(2).flags(2).event(e)); };
        auto cmd = [&](int engine, uint64_t nameIid) {
            return Event::begin(L::kEngine[engine]).nameIid(nameIid).categoryIid(uint64_t(engine) + 1);
        };
        const uint64_t F1 = 1000 + k * 10 + 1, F2 = F1 + 1, F3 = F1 + 2, F4 = F1 + 3;
        // Device "Host" track: a runtime call with a nested input preparation.
        dev(T + 1500, cmd(0, 1));
        dev(T + 1600, cmd(0, 2));
        dev(T + 1900, Event::end(L::kEngine[0]));
        // External HDMA → Task DMA → Neural Engine Clusters; NEC → Task DMA → External HDMA.
        dev(T + 2000, cmd(4, 3).flow(F1).arg(Annotation::iid(3).u(1 << 20)));
        dev(T + 2000, Event::counter(L::kDram).value(int64_t(1048576 + 4096 * k)));
        dev(T + 6000, Event::end(L::kEngine[4]));
        dev(T + 6000,
            cmd(3, 4).terminatingFlow(F1).flow(F2).arg(
                Annotation::named("dma").nested(nested::dict({ { "src", nested::str("dram") },
                    { "dst", nested::str("sram") }, { "size", nested::integer(4096) } }))));
        dev(T + 9000, Event::end(L::kEngine[3]));
        dev(T + 9000,
            cmd(1, 6)
                .terminatingFlow(F2)
                .arg(Annotation::iid(1).stringIid(1))
                .arg(Annotation::iid(2).u(3))
                .arg(Annotation::iid(3).u(4096))
                .arg(Annotation::named("dst_addr").pointer(0x7f0000001000ull))
                .arg(Annotation::named("fused").b(true))
                .arg(Annotation::named("utilization").d(0.75))
                .arg(Annotation::named("delta").i(-7))
                .arg(Annotation::named("shape")
                         .entry(Annotation::named("dims")
                                    .item(Annotation::element().u(1))
                                    .item(Annotation::element().u(64))
                                    .item(Annotation::element().u(56))
                                    .item(Annotation::element().u(56)))
                         .entry(Annotation::named("dtype").s("bf16"))));
        dev(T + 9000, Event::counter(L::kUtil).doubleValue(0.75));
        dev(T + 9500, cmd(2, 5));
        dev(T + 12000, Event::end(L::kEngine[2]));
        dev(T + 20000, Event::end(L::kEngine[1]));
        dev(T + 20000, cmd(1, 7).flow(F3));
        dev(T + 30000, Event::end(L::kEngine[1]));
        dev(T + 30000, Event::counter(L::kUtil).doubleValue(0.0));
        dev(T + 30000, cmd(3, 8).flow(F3));
        dev(T + 33000, Event::end(L::kEngine[3]));
        dev(T + 33000, cmd(4, 9).terminatingFlow(F3));
        dev(T + 36000, Event::end(L::kEngine[4]));
        dev(T + 36000, Event::counter(L::kDram).value(0));
        // Device HDMA → Device Sync: the sync instant ends the flow.
        dev(T + 36000, cmd(5, 10).flow(F4));
        dev(T + 38000, Event::end(L::kEngine[5]));
        dev(T + 38000, cmd(6, 11));
        dev(T + 38500, Event::end(L::kEngine[6]));
        dev(T + 38500, Event::instant(L::kEngine[6]).nameIid(12).categoryIid(7).terminatingFlow(F4));
        dev(T + 40000, Event::end(L::kEngine[0]));
    }
    return t;
}

} // namespace perfettotest
