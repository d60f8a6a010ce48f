#pragma once
#include <store/storebuilder.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers::sophgo {

// Builds one slice's argument set: typed values under interned keys.
class SophgoArgList {
public:
    explicit SophgoArgList(store::StoreBuilder& b)
        : m_b(b)
    {
    }
    SophgoArgList& i(std::string_view key, int64_t v)
    {
        m_args.push_back(store::Arg::makeInt(m_b.intern(key), v));
        return *this;
    }
    SophgoArgList& u(std::string_view key, uint64_t v)
    {
        m_args.push_back(store::Arg::makeUint(m_b.intern(key), v));
        return *this;
    }
    SophgoArgList& d(std::string_view key, double v)
    {
        m_args.push_back(store::Arg::makeDouble(m_b.intern(key), v));
        return *this;
    }
    SophgoArgList& s(std::string_view key, std::string_view v)
    {
        m_args.push_back(store::Arg::makeString(m_b.intern(key), m_b.intern(v)));
        return *this;
    }
    SophgoArgList& hex(std::string_view key, uint64_t v)
    {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
        return s(key, buf);
    }
    store::ArgSetId set() const { return m_b.argSet(m_args.data(), m_args.size()); }

private:
    store::StoreBuilder& m_b;
    std::vector<store::Arg> m_args;
};

} // namespace strata::importers::sophgo
