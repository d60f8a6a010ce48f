#include "diagnostics.h"

namespace strata::store {

void Diagnostics::report(const std::string& kind, const std::string& message)
{
    count(kind);
    if (m_messages.size() < kMaxMessages)
        m_messages.push_back(kind + ": " + message);
}

void Diagnostics::merge(const Diagnostics& other, const std::string& messagePrefix)
{
    for (const auto& [k, n] : other.m_counts)
        m_counts[k] += n;
    for (const auto& m : other.m_messages) {
        if (m_messages.size() >= kMaxMessages)
            break;
        m_messages.push_back(messagePrefix + m);
    }
}

uint64_t Diagnostics::get(const std::string& kind) const
{
    auto it = m_counts.find(kind);
    return it == m_counts.end() ? 0 : it->second;
}

} // namespace strata::store
