#include "operatorcatalog.h"

#include "defaultlevel.h"
#include "nameparser.h"
#include <analysis/metrics/metrickeys.h>
#include <store/devicerules.h>
#include <store/workclassifier.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <store/parallel.h>

namespace strata::analysis {

namespace {

constexpr OperatorLevel kLevels[] = { OperatorLevel::Module, OperatorLevel::Framework, OperatorLevel::Layer,
    OperatorLevel::Hlo, OperatorLevel::Op, OperatorLevel::Command, OperatorLevel::Name };

// A double's bits: identities compare and hash numbers bit for bit, so the two agree (and
// -0.0 and 0.0 are two identities, as are NaNs of different payloads).
uint64_t bitsOf(double d)
{
    uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

// What an arg key contributes to identity or metrics.
enum Role : uint8_t { None, Layer, Hlo, Framework, Opcode, Bytes, Flops, Mfu, Hfu };

// The identity-bearing content of one arg set: store string ids and numbers. Sets that
// differ only in other args (a "Sequence number", a source line) share one of these.
struct RawIdentity {
    uint32_t text[4] = { 0, 0, 0, 0 }; // Layer, Hlo, Framework, Opcode (store StringIds, 0 = absent)
    double num[4] = { 0, 0, 0, 0 }; // bytes, flops, mfu, hfu
    uint8_t has = 0;
    bool operator==(const RawIdentity& o) const
    {
        if (has != o.has || std::memcmp(text, o.text, sizeof text) != 0)
            return false;
        for (int i = 0; i < 4; ++i)
            if (bitsOf(num[i]) != bitsOf(o.num[i]))
                return false;
        return true;
    }
    uint64_t hash() const
    {
        uint64_t h = 0x9e3779b97f4a7c15ull ^ has;
        auto mix = [&h](uint64_t v) {
            h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
            h *= 0xff51afd7ed558ccdull;
        };
        for (uint32_t t : text)
            mix(t);
        for (double d : num)
            mix(bitsOf(d));
        return h ^ (h >> 29);
    }
};

// Deduplicates RawIdentity values; index 0 is the empty identity.
class IdentityTable {
public:
    IdentityTable()
        : m_buckets(1024, kEmpty)
    {
        m_items.emplace_back();
        insert(m_items[0]);
    }
    uint32_t add(const RawIdentity& r)
    {
        if (r.has == 0)
            return 0;
        const size_t mask = m_buckets.size() - 1;
        for (size_t b = r.hash() & mask;; b = (b + 1) & mask) {
            const uint32_t id = m_buckets[b];
            if (id == kEmpty) {
                m_items.push_back(r);
                m_buckets[b] = uint32_t(m_items.size() - 1);
                if (m_items.size() * 2 > m_buckets.size())
                    rehash();
                return uint32_t(m_items.size() - 1);
            }
            if (m_items[id] == r)
                return id;
        }
    }
    const std::vector<RawIdentity>& items() const { return m_items; }

private:
    static constexpr uint32_t kEmpty = 0xffffffffu;
    void insert(const RawIdentity& r)
    {
        const size_t mask = m_buckets.size() - 1;
        size_t b = r.hash() & mask;
        while (m_buckets[b] != kEmpty)
            b = (b + 1) & mask;
        m_buckets[b] = uint32_t(&r - m_items.data());
    }
    void rehash()
    {
        m_buckets.assign(m_buckets.size() * 2, kEmpty);
        for (const RawIdentity& r : m_items)
            insert(r);
    }
    std::vector<RawIdentity> m_items;
    std::vector<uint32_t> m_buckets;
};

} // namespace

OperatorCatalog::OperatorCatalog(const store::EventStore& store, const std::atomic<bool>* cancel)
{
    m_keys.intern("");
    buildTypes(store);
    buildTracks(store);
    buildArgs(store, cancel);
    buildLaunches(store, cancel);
    if (cancel && cancel->load()) {
        *this = OperatorCatalog();
        m_cancelled = true;
        return;
    }
    m_defaultLevel = DefaultLevel::pick(store, *this);
}

void OperatorCatalog::buildTypes(const store::EventStore& store)
{
    const size_t n = store.types().size();
    m_typeInfo.resize(n);
    m_typeKeys.assign(n * kStride, kNoKey);
    m_typeWork.assign(n, store::WorkKind::Compute);
    m_typeLaunched.assign(n, 0);
    for (uint32_t t = 0; t < n; ++t) {
        const store::EventType& type = store.types().get(store::TypeId(t));
        const std::string_view name = store.str(type.name), category = store.str(type.category);
        OperatorInfo info = NameParser::parseName(name);
        uint32_t* keys = &m_typeKeys[size_t(t) * kStride];
        uint32_t mask = 0;
        for (OperatorLevel level : kLevels) {
            const auto l = static_cast<unsigned>(level);
            keys[l] = intern(NameParser::levelKey(info, level, name));
            if (NameParser::nameDecides(info.format, level))
                mask |= 1u << l;
            const bool fusedKey = level == OperatorLevel::Layer || level == OperatorLevel::Framework
                || level == OperatorLevel::Command || level == OperatorLevel::Name
                || (level == OperatorLevel::Op && info.op == info.layer);
            if (!info.fusedMembers.empty() && keys[l] != kNoKey && fusedKey)
                m_members.emplace(keys[l], info.fusedMembers);
        }
        keys[kStride - 1] = mask;
        m_typeWork[t] = store::WorkClassifier::ofType(name, category);
        m_typeLaunched[t] = store::DeviceRules::launchedByHost(category);
        m_typeInfo[t] = std::move(info);
    }
}

void OperatorCatalog::buildTracks(const store::EventStore& store)
{
    const size_t n = store.trackCount();
    m_trackDevice.assign(n, 0);
    m_trackHost.assign(n, 0);
    m_trackWork.assign(n, store::WorkKind::Compute);
    m_trackEngine.assign(n, 0);
    std::unordered_map<std::string, uint16_t> engines;
    for (uint32_t i = 0; i < n; ++i) {
        store::TrackId t(i);
        store::TrackId thread = t;
        while (store.track(thread).kind == store::TrackKind::Overflow && store.track(thread).parent.valid())
            thread = store.track(thread).parent;
        const store::TrackInfo& info = store.track(thread);
        const std::string label = store.trackLabel(thread);
        m_trackDevice[i] = info.role == store::TrackRole::Device; // store::DeviceRules decided
        m_trackHost[i] = info.role == store::TrackRole::Host;
        m_trackWork[i] = store::WorkClassifier::ofTrackName(store, thread);
        auto [it, added] = engines.emplace(label, uint16_t(std::min<size_t>(engines.size(), 0xffff)));
        if (added && it->second == m_engineNames.size())
            m_engineNames.push_back(label);
        m_trackEngine[i] = it->second;
        if (m_trackDevice[i] && store.track(t).slices.size() > 0)
            m_hasDevice = true;
    }
}

void OperatorCatalog::buildArgs(const store::EventStore& store, const std::atomic<bool>* cancel)
{
    const store::ArgTable& args = store.args();
    const store::StringPool& pool = store.strings();
    std::vector<uint8_t> role(pool.size(), None);
    auto setRole = [&](const char* key, Role r) {
        const store::StringId id = pool.find(key);
        if (id.valid() && id.v < role.size())
            role[id.v] = r;
    };
    setRole("layer", Layer);
    for (const char* k : { "hlo_name", "hlo_op", "hlo" })
        setRole(k, Hlo);
    for (const char* k : { "framework_name", "framework_op", "framework op", "tf_op" })
        setRole(k, Framework);
    setRole("opcode", Opcode);
    // The metric keys are MetricKeys' own, the ones the summaries read: each worker
    // classifies a key the first time it meets it.
    static_assert(
        Hfu - Bytes == MetricKeys::Hfu && Flops - Bytes == MetricKeys::Flops && Mfu - Bytes == MetricKeys::Mfu,
        "the metric roles follow MetricKeys::Metric");

    const uint32_t sets = static_cast<uint32_t>(args.setCount());
    m_argIdentity.assign(sets, 0);
    // Each worker dedups its own block of sets; the blocks are merged afterwards.
    auto scan = [&](uint32_t begin, uint32_t end, IdentityTable* table) {
        std::vector<int8_t> metricOf(role.size(), -2); // -2: not classified yet
        for (uint32_t s = begin; s < end; ++s) {
            if ((s & 0xffff) == 0 && cancel && cancel->load())
                return;
            const store::ArgSetId set(s);
            const size_t n = args.size(set);
            RawIdentity r;
            for (size_t i = 0; i < n; ++i) {
                const store::Arg a = args.at(set, i);
                if (a.key.v >= role.size())
                    continue;
                uint8_t what = role[a.key.v];
                if (what == None) {
                    int8_t& m = metricOf[a.key.v];
                    if (m == -2)
                        m = static_cast<int8_t>(MetricKeys::classify(pool.view(a.key)));
                    if (m < 0)
                        continue;
                    what = static_cast<uint8_t>(Bytes + m);
                }
                if (what <= Opcode) {
                    const store::StringId v = a.stringValue();
                    if (v.valid() && !pool.view(v).empty() && !r.text[what - Layer]) {
                        r.text[what - Layer] = v.v;
                        r.has |= 0x10u << (what - Layer);
                    }
                } else {
                    const int slot = what - Bytes;
                    double d = 0;
                    if (!(r.has & (1u << slot)) && MetricKeys::value(pool, a, &d)) {
                        r.num[slot] = d;
                        r.has |= 1u << slot;
                    }
                }
            }
            m_argIdentity[s] = table->add(r);
        }
    };
    const unsigned workers = sets > 200000 ? store::Parallel::threads(0, store::Parallel::kMaxThreads) : 1u;
    std::vector<IdentityTable> tables(workers);
    store::Parallel::parts(workers, [&](unsigned w) {
        scan(uint32_t(uint64_t(sets) * w / workers), uint32_t(uint64_t(sets) * (w + 1) / workers), &tables[w]);
    });
    if (cancel && cancel->load())
        return;
    for (unsigned w = 1; w < workers; ++w) {
        std::vector<uint32_t> remap;
        for (const RawIdentity& r : tables[w].items())
            remap.push_back(tables[0].add(r));
        const uint32_t begin = uint32_t(uint64_t(sets) * w / workers),
                       end = uint32_t(uint64_t(sets) * (w + 1) / workers);
        for (uint32_t s = begin; s < end; ++s)
            m_argIdentity[s] = remap[m_argIdentity[s]];
    }

    const std::vector<RawIdentity>& items = tables[0].items();
    m_argText.resize(items.size() * 4);
    m_metrics.resize(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        const RawIdentity& r = items[i];
        std::copy(r.text, r.text + 4, &m_argText[i * 4]);
        Metrics& m = m_metrics[i];
        m.bytes = r.num[0];
        m.flops = r.num[1];
        m.mfu = r.num[2];
        m.hfu = r.num[3];
        m.has = r.has & 0x0f;
    }
    buildArgKeys(pool);
}

void OperatorCatalog::buildArgKeys(const store::StringPool& pool)
{
    const size_t n = m_metrics.size();
    m_argKeys.assign(n * kStride, kNoKey);
    // Identities differ mostly in their metrics (every distinct "bytes" value makes one): the
    // keys of one set of identity strings are parsed once and copied to the other identities
    // with the same strings, which is what parsing them again would give.
    struct TextHash {
        size_t operator()(const std::array<uint32_t, 4>& t) const
        {
            uint64_t h = 0x9e3779b97f4a7c15ull;
            for (const uint32_t v : t)
                h = (h ^ v) * 0xff51afd7ed558ccdull;
            return size_t(h ^ (h >> 29));
        }
    };
    std::unordered_map<std::array<uint32_t, 4>, size_t, TextHash> firstWith;
    for (size_t i = 0; i < n; ++i) {
        std::array<uint32_t, 4> texts {};
        std::copy(&m_argText[i * 4], &m_argText[i * 4] + 4, texts.begin());
        const auto [seen, added] = firstWith.emplace(texts, i);
        if (!added) {
            std::copy(&m_argKeys[seen->second * kStride], &m_argKeys[seen->second * kStride] + kStride,
                &m_argKeys[i * kStride]);
            continue;
        }
        auto text = [&](int slot) {
            const uint32_t id = m_argText[i * 4 + size_t(slot)];
            return id ? std::string(pool.view(store::StringId(id))) : std::string();
        };
        NameArgs na;
        na.layer = text(0);
        na.hlo = text(1);
        na.framework = text(2);
        na.opcode = text(3);
        const OperatorInfo info = NameParser::argIdentity(na);
        for (OperatorLevel level : kLevels)
            if (level != OperatorLevel::Name && level != OperatorLevel::Command)
                m_argKeys[i * kStride + static_cast<unsigned>(level)] = intern(NameParser::levelKey(info, level, {}));
    }
}

void OperatorCatalog::buildLaunches(const store::EventStore& store, const std::atomic<bool>* cancel)
{
    m_launches = LaunchIndex(store, cancel);
    buildLinkKeys(store);
}

void OperatorCatalog::buildLinkKeys(const store::EventStore& store)
{
    const std::vector<LaunchIndex::Link>& links = m_launches.links();
    m_linkKeys.assign(links.size() * 2, kNoKey);
    // Millions of launches name a few hundred ops: each op name is interned once, at its
    // first use, so the keys get the ids one intern per launch gave them.
    std::vector<uint32_t> keyOfName(store.strings().size(), kUnseen);
    auto key = [&](uint32_t row) {
        if (row == LaunchIndex::kNone)
            return kNoKey;
        const store::StringId name = store.sliceName(store::SliceRow(row));
        if (!name.valid() || name.v >= keyOfName.size())
            return intern(std::string(store.str(name)));
        uint32_t& k = keyOfName[name.v];
        if (k == kUnseen)
            k = intern(std::string(store.str(name)));
        return k;
    };
    for (size_t i = 0; i < links.size(); ++i) {
        m_linkKeys[i * 2] = key(links[i].outerOp);
        m_linkKeys[i * 2 + 1] = key(links[i].innerOp);
    }
}

uint32_t OperatorCatalog::launchedKey(OperatorLevel level, store::SliceRow row) const
{
    const LaunchIndex::Link* link = m_launches.find(row);
    if (!link)
        return kNoKey;
    const size_t i = size_t(link - m_launches.links().data());
    return m_linkKeys[i * 2 + (level == OperatorLevel::Op ? 1 : 0)];
}

uint32_t OperatorCatalog::findKey(std::string_view text) const
{
    const store::StringId id = m_keys.find(text);
    return id.valid() ? id.v : kNoKey;
}

const std::vector<std::string>& OperatorCatalog::fusedMembers(uint32_t key) const
{
    static const std::vector<std::string> kNone;
    const auto it = m_members.find(key);
    return it == m_members.end() ? kNone : it->second;
}

OperatorInfo OperatorCatalog::identity(const store::EventStore& store, store::SliceRow row) const
{
    const store::EventType& type = store.types().get(store.sliceType(row));
    NameArgs na;
    const store::ArgSetId set = store.sliceArgs(row);
    for (size_t i = 0; i < store.args().size(set); ++i) {
        const store::Arg a = store.args().at(set, i);
        const std::string_view key = store.str(a.key);
        const std::string value(store.str(a.stringValue()));
        if (value.empty())
            continue;
        if (key == "layer" && na.layer.empty())
            na.layer = value;
        else if ((key == "hlo_name" || key == "hlo_op" || key == "hlo") && na.hlo.empty())
            na.hlo = value;
        else if ((key == "framework_name" || key == "framework_op" || key == "framework op" || key == "tf_op")
            && na.framework.empty())
            na.framework = value;
        else if (key == "opcode" && na.opcode.empty())
            na.opcode = value;
    }
    return NameParser::parse(store.str(type.name), na);
}

size_t OperatorCatalog::residentBytes() const
{
    size_t bytes = m_keys.residentBytes() + m_typeKeys.capacity() * 4 + m_argIdentity.capacity() * 4
        + m_argKeys.capacity() * 4 + m_metrics.capacity() * sizeof(Metrics) + m_typeWork.capacity()
        + m_typeInfo.capacity() * sizeof(OperatorInfo) + m_typeLaunched.capacity() + m_launches.residentBytes()
        + m_linkKeys.capacity() * 4 + m_argText.capacity() * 4;
    return bytes;
}

} // namespace strata::analysis
