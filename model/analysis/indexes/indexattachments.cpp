#include "indexattachments.h"

#include "indexregistry.h"

#include <chrono>

namespace strata::analysis {

std::string IndexAttachments::nameOf(const IndexKind& kind)
{
    return "index." + kind.name;
}

bool IndexAttachments::isIndexName(const std::string& name)
{
    return name.rfind("index.", 0) == 0;
}

bool IndexAttachments::keepsAll(const IndexSet& set)
{
    for (const IndexKind& kind : IndexRegistry::kinds())
        if (kind.persisted() && !set.has(kind.type))
            return false;
    return true;
}

bool IndexAttachments::carriesAll(const std::map<std::string, std::string>& attachments)
{
    for (const IndexKind& kind : IndexRegistry::kinds())
        if (kind.persisted() && !attachments.count(nameOf(kind)))
            return false;
    return true;
}

std::map<std::string, std::string> IndexAttachments::encode(const store::EventStore& store, const IndexSet& built)
{
    std::map<std::string, std::string> out;
    IndexSet set = built;
    for (const IndexKind& kind : IndexRegistry::kinds()) {
        if (!kind.persisted())
            continue;
        std::shared_ptr<const void> index = set.find(kind.type);
        if (!IndexRegistry::fits(kind, store, index)) {
            index = kind.build(store, set, nullptr);
            set.put(kind.type, index);
        }
        out[nameOf(kind)] = kind.encode(store, index.get());
    }
    return out;
}

std::shared_ptr<const void> IndexAttachments::restore(const IndexKind& kind, const store::EventStore& store,
    const std::map<std::string, std::string>& attachments, std::vector<std::string>* refused, double* ms)
{
    const auto it = kind.restore ? attachments.find(nameOf(kind)) : attachments.end();
    if (it == attachments.end())
        return nullptr; // a missing blob is not a refusal
    const auto t0 = std::chrono::steady_clock::now();
    std::string why;
    std::shared_ptr<const void> index = kind.restore(store, it->second, &why);
    if (ms)
        *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!index && refused)
        refused->push_back("the snapshot's " + why + "; building it instead");
    return index;
}

IndexAttachments::Restored IndexAttachments::decode(
    const store::EventStore& store, const std::map<std::string, std::string>& attachments)
{
    Restored r;
    for (const IndexKind& kind : IndexRegistry::kinds()) {
        double ms = 0;
        r.indexes.put(kind.type, restore(kind, store, attachments, &r.refused, &ms));
        if (kind.persisted())
            r.ms[kind.name] = ms;
    }
    return r;
}

} // namespace strata::analysis
