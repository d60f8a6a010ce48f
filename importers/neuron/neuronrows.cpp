#include "neuronrows.h"

#include "neuronengines.h"

#include <algorithm>
#include <vector>

namespace strata::importers {

uint32_t NeuronRows::thread(
    store::StoreBuilder& b, store::ProcessId process, const std::string& name, int rank, bool* added)
{
    auto [it, made] = m_rows.try_emplace(name);
    if (made) {
        const store::StringId label = b.intern(name);
        it->second = { b.thread(process, store::IdValue::string(label)), rank };
        b.setThreadName(it->second.first, label);
    }
    if (added)
        *added = made;
    return it->second.first;
}

void NeuronRows::order(store::StoreBuilder& b) const
{
    std::vector<std::pair<std::string, std::pair<uint32_t, int>>> rows(m_rows.begin(), m_rows.end());
    std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
        if (x.second.second != y.second.second)
            return x.second.second < y.second.second;
        return NeuronEngines::rowLess(x.first, y.first);
    });
    for (size_t i = 0; i < rows.size(); ++i)
        b.setThreadSortIndex(rows[i].second.first, static_cast<int32_t>(i));
}

} // namespace strata::importers
