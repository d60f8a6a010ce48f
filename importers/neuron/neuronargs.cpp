#include "neuronargs.h"

#include <algorithm>

namespace strata::importers {

store::ArgSetId NeuronArgs::build(
    const NeuronRecord& record, std::initializer_list<std::string_view> skip, const std::vector<store::Arg>& extra)
{
    using store::Arg;
    using store::ArgKind;
    m_args.clear();
    for (size_t i = 0; i < record.size(); ++i) {
        const NeuronField& f = record.field(i);
        if (std::find(skip.begin(), skip.end(), std::string_view(f.key)) != skip.end())
            continue;
        const store::StringId key = m_b.intern(f.key);
        switch (f.kind) {
        case ArgKind::Int: m_args.push_back(Arg::makeInt(key, f.i)); break;
        case ArgKind::Uint: m_args.push_back(Arg::makeUint(key, f.u)); break;
        case ArgKind::Double: m_args.push_back(Arg::makeDouble(key, f.d)); break;
        case ArgKind::Bool: m_args.push_back(Arg::makeBool(key, f.i != 0)); break;
        case ArgKind::String: m_args.push_back(Arg::makeString(key, m_b.intern(f.s))); break;
        case ArgKind::Null: m_args.push_back(Arg::makeNull(key)); break;
        }
    }
    m_args.insert(m_args.end(), extra.begin(), extra.end());
    return m_b.argSet(m_args.data(), m_args.size());
}

} // namespace strata::importers
