// OperatorCatalog to and from snapshot bytes (the rest of the class is in operatorcatalog.cpp).
#include "operatorcatalog.h"

#include <analysis/persist/indexblobreader.h>
#include <analysis/persist/indexblobwriter.h>

namespace strata::analysis {

namespace {
constexpr char kTag[] = "OPCATLOG";
constexpr uint64_t kVersion = 1;
constexpr uint64_t kLayout = kVersion << 56 | uint64_t(sizeof(LaunchIndex::Link)) << 40
    | uint64_t(kOperatorLevelCount) << 32 | uint64_t(sizeof(double));
constexpr uint32_t kNone = LaunchIndex::kNone;
} // namespace

std::string OperatorCatalog::serialize(const store::EventStore& store) const
{
    IndexBlobWriter w(kTag, kLayout, store);
    w.putVector(m_argIdentity);
    const size_t n = m_metrics.size();
    w.put<uint64_t>(n);
    w.putArray(m_argText.data(), m_argText.size());
    w.putColumn<double>(n, [&](size_t i) { return m_metrics[i].bytes; });
    w.putColumn<double>(n, [&](size_t i) { return m_metrics[i].flops; });
    w.putColumn<double>(n, [&](size_t i) { return m_metrics[i].mfu; });
    w.putColumn<double>(n, [&](size_t i) { return m_metrics[i].hfu; });
    w.putColumn<uint8_t>(n, [&](size_t i) { return m_metrics[i].has; });
    const std::vector<LaunchIndex::Link>& links = m_launches.links();
    w.put<uint64_t>(links.size());
    w.putColumn<uint32_t>(links.size(), [&](size_t i) { return links[i].device; });
    w.putColumn<uint32_t>(links.size(), [&](size_t i) { return links[i].launch; });
    w.putColumn<uint32_t>(links.size(), [&](size_t i) { return links[i].outerOp; });
    w.putColumn<uint32_t>(links.size(), [&](size_t i) { return links[i].innerOp; });
    w.put<uint64_t>(m_launches.unlinked());
    w.put<uint8_t>(static_cast<uint8_t>(m_defaultLevel));
    return w.take();
}

std::shared_ptr<const OperatorCatalog> OperatorCatalog::restore(
    const store::EventStore& store, std::string_view blob, std::string* why)
{
    return IndexBlobReader::restore(std::make_shared<OperatorCatalog>(), "operator catalog", why,
        [&](OperatorCatalog& c) { c.restoreFrom(store, blob); });
}

void OperatorCatalog::restoreFrom(const store::EventStore& s, std::string_view blob)
{
    using R = IndexBlobReader;
    R r(blob, kTag, kLayout, s);
    const uint64_t rows = s.sliceCount(), strings = s.strings().size();
    m_argIdentity = r.vector<uint32_t>(s.args().setCount());
    const uint64_t n = r.get<uint64_t>();
    // Identity 0 is "no identity args"; each arg set names one.
    R::check(n >= 1 && n <= m_argIdentity.size() + 1, "the number of arg identities is out of range");
    r.expectItems(n, 4 * sizeof(uint32_t) + 4 * sizeof(double) + 1);
    m_argText.resize(size_t(n) * 4);
    r.getArray(m_argText.data(), m_argText.size());
    m_metrics.resize(size_t(n));
    r.column<double>(n, [&](size_t i, double v) { m_metrics[i].bytes = v; });
    r.column<double>(n, [&](size_t i, double v) { m_metrics[i].flops = v; });
    r.column<double>(n, [&](size_t i, double v) { m_metrics[i].mfu = v; });
    r.column<double>(n, [&](size_t i, double v) { m_metrics[i].hfu = v; });
    r.column<uint8_t>(n, [&](size_t i, uint8_t v) { m_metrics[i].has = v; });
    for (const uint32_t id : m_argText)
        R::check(id < strings, "an identity arg names no string");
    for (const Metrics& m : m_metrics)
        R::check(m.has <= (Metrics::kBytes | Metrics::kFlops | Metrics::kMfu | Metrics::kHfu), "unknown metrics");
    R::check(m_metrics[0].has == 0 && !m_argText[0] && !m_argText[1] && !m_argText[2] && !m_argText[3],
        "identity 0 is not the empty one");
    for (const uint32_t id : m_argIdentity)
        R::check(id < n, "an arg set's identity is out of range");

    const uint64_t linkCount = r.get<uint64_t>();
    R::check(linkCount <= rows, "more kernel launches than slices");
    r.expectItems(linkCount, 4 * sizeof(uint32_t));
    std::vector<LaunchIndex::Link> links;
    links.resize(size_t(linkCount));
    r.column<uint32_t>(linkCount, [&](size_t i, uint32_t v) { links[i].device = v; });
    r.column<uint32_t>(linkCount, [&](size_t i, uint32_t v) { links[i].launch = v; });
    r.column<uint32_t>(linkCount, [&](size_t i, uint32_t v) { links[i].outerOp = v; });
    r.column<uint32_t>(linkCount, [&](size_t i, uint32_t v) { links[i].innerOp = v; });
    auto rowOrNone = [&](uint32_t v) { return v == kNone || v < rows; };
    for (size_t i = 0; i < links.size(); ++i) {
        const LaunchIndex::Link& l = links[i];
        R::check(l.device < rows && (i == 0 || links[i - 1].device < l.device) && rowOrNone(l.launch)
                && rowOrNone(l.outerOp) && rowOrNone(l.innerOp),
            "a kernel launch names a row out of range or out of order");
    }
    const uint64_t unlinked = r.get<uint64_t>();
    R::check(unlinked <= rows, "more unlinked kernels than slices");
    const uint8_t level = r.get<uint8_t>();
    R::check(level < kOperatorLevelCount, "the default level is out of range");
    r.expectEnd();

    // The rest as the constructor makes it, in its order: the keys get the built ids.
    m_keys.intern("");
    buildTypes(s);
    buildTracks(s);
    buildArgKeys(s.strings());
    m_launches = LaunchIndex::fromLinks(std::move(links), size_t(unlinked));
    buildLinkKeys(s);
    m_defaultLevel = static_cast<OperatorLevel>(level);
}

} // namespace strata::analysis
