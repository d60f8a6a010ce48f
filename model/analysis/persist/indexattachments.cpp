#include "indexattachments.h"

#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/timeline/lodindex.h>

#include <chrono>

namespace strata::analysis {

namespace {
double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Restores one index when its blob is there; a refusal is noted, a missing blob is not.
template <typename Index, typename Restore>
std::shared_ptr<const Index> restoreOne(const std::map<std::string, std::string>& attachments, const char* name,
    std::vector<std::string>& refused, double& ms, Restore&& restore)
{
    const auto it = attachments.find(name);
    if (it == attachments.end())
        return nullptr;
    const auto t0 = std::chrono::steady_clock::now();
    std::string why;
    std::shared_ptr<const Index> index = restore(it->second, &why);
    ms = msSince(t0);
    if (!index)
        refused.push_back("the snapshot's " + why + "; building it instead");
    return index;
}
} // namespace

bool IndexAttachments::isIndexName(const std::string& name)
{
    return name.rfind("index.", 0) == 0;
}

std::map<std::string, std::string> IndexAttachments::encode(const store::EventStore& store,
    std::shared_ptr<const LodIndex> lod, std::shared_ptr<const SummaryIndex> summary,
    std::shared_ptr<const OperatorCatalog> catalog)
{
    if (!lod || &lod->store() != &store)
        lod = std::make_shared<const LodIndex>(store);
    if (!summary)
        summary = std::make_shared<const SummaryIndex>(store);
    if (!catalog || catalog->cancelled())
        catalog = std::make_shared<const OperatorCatalog>(store);
    std::map<std::string, std::string> out;
    out[kLod] = lod->serialize();
    out[kSummary] = summary->serialize(store);
    out[kCatalog] = catalog->serialize(store);
    return out;
}

IndexAttachments::Restored IndexAttachments::decode(
    const store::EventStore& store, const std::map<std::string, std::string>& attachments)
{
    Restored r;
    r.lod = restoreOne<LodIndex>(attachments, kLod, r.refused, r.lodMs,
        [&](const std::string& blob, std::string* why) { return LodIndex::restore(store, blob, why); });
    r.summary = restoreOne<SummaryIndex>(attachments, kSummary, r.refused, r.summaryMs,
        [&](const std::string& blob, std::string* why) { return SummaryIndex::restore(store, blob, why); });
    r.catalog = restoreOne<OperatorCatalog>(attachments, kCatalog, r.refused, r.catalogMs,
        [&](const std::string& blob, std::string* why) { return OperatorCatalog::restore(store, blob, why); });
    return r;
}

} // namespace strata::analysis
