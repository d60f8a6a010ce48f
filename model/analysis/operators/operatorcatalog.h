#pragma once
#include "launchindex.h"
#include "operatorinfo.h"
#include <store/eventstore.h>
#include <store/stringpool.h>
#include <store/workclassifier.h>

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::analysis {

// Operator identity for every slice of one store, built once (in the store, identity hangs
// off the TypeId). Each distinct TypeId's name is parsed once; each distinct combination of
// identity args (layer, hlo_name, framework_name/framework_op/tf_op, opcode) and metric args
// (bytes, flops, mfu, hfu) is read once and shared by every ArgSetId that holds it. An
// event's key at a level is then two table lookups (key()), following NameParser's rule:
// the source its name format names decides, the other fills in.
//
// Keys are ids into the catalog's own string pool; key 0 is "" = unknown at that level.
// Immutable after construction, so any thread may read it.
class OperatorCatalog {
public:
    struct Metrics {
        enum : uint8_t { kBytes = 1, kFlops = 2, kMfu = 4, kHfu = 8 };
        // The keys are MetricKeys' ("bytes", "transfer_bytes", "flops", "raw_flops", "mfu",
        // "mfu_estimated_percent", ...), read as MetricKeys::value reads them.
        double bytes = 0;
        double flops = 0;
        double mfu = 0; // percent
        double hfu = 0; // percent
        uint8_t has = 0;
    };

    OperatorCatalog() = default;
    // Stops early (and is left empty, cancelled() true) when *cancel turns true.
    explicit OperatorCatalog(const store::EventStore& store, const std::atomic<bool>* cancel = nullptr);

    static constexpr uint32_t kNoKey = 0;

    // The catalog as a snapshot attachment (IndexAttachments) and back, for the store it was
    // built from. The blob keeps what reads every arg set and slice (each arg set's identity,
    // the identities' arg strings and metrics, the kernel launches, the default level);
    // restore() checks each id and row against `store`, and redoes the rest (type names,
    // tracks, keys) in the build's order, so the keys are the built catalog's. Null, with the
    // reason in *why, for a blob that differs in anything. A cancelled catalog has no blob.
    std::string serialize(const store::EventStore& store) const;
    static std::shared_ptr<const OperatorCatalog> restore(
        const store::EventStore& store, std::string_view blob, std::string* why = nullptr);

    uint32_t key(OperatorLevel level, store::TypeId type, store::ArgSetId args) const
    {
        const uint32_t* tk = &m_typeKeys[size_t(type.v) * kStride];
        const auto l = static_cast<unsigned>(level);
        const uint32_t nameKey = tk[l];
        if (nameKey != kNoKey && ((tk[kStride - 1] >> l) & 1u))
            return nameKey;
        const uint32_t argKey = m_argKeys[size_t(args.valid() ? m_argIdentity[args.v] : 0u) * kStride + l];
        return argKey != kNoKey ? argKey : nameKey;
    }
    // The key of one slice: as above, except for device work a host call launched (Kineto
    // kernels, copies, memsets), whose framework op and op are the launching CPU ops
    // (LaunchIndex) and unknown without a launch, whatever its name says.
    uint32_t key(OperatorLevel level, store::SliceRow row, store::TypeId type, store::ArgSetId args) const
    {
        if (m_typeLaunched[type.v] && (level == OperatorLevel::Framework || level == OperatorLevel::Op))
            return launchedKey(level, row);
        return key(level, type, args);
    }
    const LaunchIndex& launches() const { return m_launches; }
    const Metrics& metrics(store::ArgSetId args) const { return m_metrics[args.valid() ? m_argIdentity[args.v] : 0]; }
    std::string_view keyText(uint32_t key) const { return m_keys.view(store::StringId(key)); }
    size_t keyCount() const { return m_keys.size(); }
    uint32_t findKey(std::string_view text) const; // kNoKey when no event has it
    // The fused group's members for a key made from a "fused(...)" name; empty otherwise.
    const std::vector<std::string>& fusedMembers(uint32_t key) const;

    const OperatorInfo& typeInfo(store::TypeId type) const { return m_typeInfo[type.v]; }
    // The whole identity of one event (name and args), as NameParser::parse gives it.
    OperatorInfo identity(const store::EventStore& store, store::SliceRow row) const;

    // The kind of work of a type's slices as store::WorkClassifier::ofType says, and of one
    // slice of that type on track `t` (WorkClassifier::combine): cached per type and track.
    store::WorkKind typeWork(store::TypeId type) const { return m_typeWork[type.v]; }
    store::WorkKind work(store::TrackId t, store::TypeId type) const
    {
        const bool known = t.v < m_trackWork.size();
        return store::WorkClassifier::combine(
            known ? m_trackWork[t.v] : store::WorkKind::Compute, known && m_trackHost[t.v], m_typeWork[type.v]);
    }
    // Track queries answer false for tracks of another store (or of a cancelled build).
    bool isDeviceTrack(store::TrackId t) const { return t.v < m_trackDevice.size() && m_trackDevice[t.v]; }
    // A track's role as an engine (store::WorkClassifier::ofTrack); Compute for another store's.
    store::WorkKind trackWork(store::TrackId t) const
    {
        if (t.v >= m_trackWork.size())
            return store::WorkKind::Compute;
        return store::WorkClassifier::combine(m_trackWork[t.v], m_trackHost[t.v], store::WorkKind::Compute);
    }
    // Engine groups are tracks grouped by label ("Task DMA" of every device is one group);
    // "engine" alone means a device track's role (trackWork).
    uint16_t engineGroup(store::TrackId t) const { return t.v < m_trackEngine.size() ? m_trackEngine[t.v] : 0; }
    const std::string& engineGroupName(uint16_t group) const { return m_engineNames[group]; }
    size_t engineGroupCount() const { return m_engineNames.size(); }
    bool hasDeviceTracks() const { return m_hasDevice; }
    // The level the operator views open at (DefaultLevel::pick), decided once here.
    OperatorLevel defaultLevel() const { return m_defaultLevel; }
    bool cancelled() const { return m_cancelled; }

    size_t typeCount() const { return m_typeInfo.size(); }
    size_t argIdentityCount() const { return m_metrics.size(); }
    size_t residentBytes() const;

private:
    static constexpr size_t kStride = 8; // 7 levels + a mask of the levels the name decides
    static constexpr uint32_t kUnseen = 0xffffffffu;
    void buildTypes(const store::EventStore& store);
    void buildArgs(const store::EventStore& store, const std::atomic<bool>* cancel);
    void buildArgKeys(const store::StringPool& pool); // m_argKeys from m_argText
    void buildLinkKeys(const store::EventStore& store); // m_linkKeys from m_launches
    void restoreFrom(const store::EventStore& store, std::string_view blob);
    void buildTracks(const store::EventStore& store);
    void buildLaunches(const store::EventStore& store, const std::atomic<bool>* cancel);
    uint32_t launchedKey(OperatorLevel level, store::SliceRow row) const;
    uint32_t intern(const std::string& text) { return text.empty() ? kNoKey : m_keys.intern(text).v; }

    store::StringPool m_keys;
    std::vector<uint32_t> m_typeKeys; // per TypeId: kStride words
    std::vector<OperatorInfo> m_typeInfo;
    std::vector<store::WorkKind> m_typeWork;
    std::vector<uint8_t> m_typeLaunched; // DeviceRules::launchedByHost(category)
    LaunchIndex m_launches;
    std::vector<uint32_t> m_linkKeys; // per link: framework key, op key
    std::vector<uint32_t> m_argIdentity; // per ArgSetId: index into m_argKeys/m_metrics (0 = none)
    std::vector<uint32_t> m_argText; // per identity: its layer, hlo, framework, opcode args (store StringIds, 0 none)
    std::vector<uint32_t> m_argKeys; // per identity: kStride words (the last unused)
    std::vector<Metrics> m_metrics;
    std::unordered_map<uint32_t, std::vector<std::string>> m_members;
    std::vector<uint8_t> m_trackDevice, m_trackHost;
    std::vector<store::WorkKind> m_trackWork; // what each track's name says (WorkClassifier::ofTrackName)
    std::vector<uint16_t> m_trackEngine;
    std::vector<std::string> m_engineNames;
    bool m_hasDevice = false;
    OperatorLevel m_defaultLevel = OperatorLevel::Framework;
    bool m_cancelled = false;
};

} // namespace strata::analysis
