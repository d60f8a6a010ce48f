#include "neuronrecord.h"

#include "asciitext.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace strata::importers {

namespace {

using store::ArgKind;

// Flattens one JSON object into NeuronRecord fields. Arrays longer than
// NeuronRecord::kMaxArrayElements keep their first elements.
class FlatSax {
public:
    explicit FlatSax(NeuronRecord& r)
        : m_r(r)
    {
    }

    bool null() { return scalar(ArgKind::Null); }
    bool boolean(bool v)
    {
        NeuronField* f = field(ArgKind::Bool);
        if (f)
            f->i = v;
        return m_ok;
    }
    bool number_integer(nlohmann::json::number_integer_t v)
    {
        NeuronField* f = field(ArgKind::Int);
        if (f)
            f->i = v;
        return m_ok;
    }
    bool number_unsigned(nlohmann::json::number_unsigned_t v)
    {
        NeuronField* f = field(v <= uint64_t(std::numeric_limits<int64_t>::max()) ? ArgKind::Int : ArgKind::Uint);
        if (f) {
            f->i = static_cast<int64_t>(v);
            f->u = v;
        }
        return m_ok;
    }
    bool number_float(nlohmann::json::number_float_t v, const std::string&)
    {
        NeuronField* f = field(ArgKind::Double);
        if (f)
            f->d = v;
        return m_ok;
    }
    bool string(std::string& v)
    {
        NeuronField* f = field(ArgKind::String);
        if (f)
            f->s.swap(v);
        return m_ok;
    }
    bool binary(nlohmann::json::binary_t&) { return scalar(ArgKind::Null); }
    bool start_object(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(true); }
    bool end_array() { return close(); }
    bool key(std::string& k)
    {
        m_key.swap(k);
        return true;
    }
    bool parse_error(std::size_t pos, const std::string&, const nlohmann::detail::exception& e)
    {
        m_error = e.what();
        m_errorPos = pos > 0 ? pos - 1 : 0;
        return false;
    }

    const std::string& error() const { return m_error; }
    size_t errorPos() const { return m_errorPos; }
    bool ok() const { return m_ok; }

private:
    struct Frame {
        std::string prefix;
        bool array = false;
        size_t index = 0;
    };

    // The flattened key of the value that starts now; false when it is dropped.
    bool nextKey(std::string* out)
    {
        if (m_skip > 0)
            return false;
        Frame& f = m_stack.back();
        if (f.array) {
            if (f.index >= NeuronRecord::kMaxArrayElements) {
                ++f.index;
                return false;
            }
            *out = f.prefix + "[" + std::to_string(f.index++) + "]";
        } else {
            *out = f.prefix.empty() ? m_key : f.prefix + "." + m_key;
        }
        return true;
    }
    NeuronField* field(ArgKind kind)
    {
        if (m_stack.empty()) {
            fail("a record must be a JSON object");
            return nullptr;
        }
        std::string k;
        if (!nextKey(&k))
            return nullptr;
        NeuronField& f = m_r.add(k);
        f.kind = kind;
        return &f;
    }
    bool scalar(ArgKind kind)
    {
        field(kind);
        return m_ok;
    }
    bool open(bool array)
    {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        if (m_stack.empty()) {
            if (array)
                fail("a record must be a JSON object");
            else
                m_stack.push_back(Frame());
            return m_ok;
        }
        Frame next;
        next.array = array;
        if (!nextKey(&next.prefix)) {
            m_skip = 1;
            return true;
        }
        m_stack.push_back(std::move(next));
        return true;
    }
    bool close()
    {
        if (m_skip > 0)
            --m_skip;
        else if (!m_stack.empty())
            m_stack.pop_back();
        return true;
    }
    void fail(const char* what)
    {
        m_error = what;
        m_ok = false;
    }

    NeuronRecord& m_r;
    std::vector<Frame> m_stack;
    std::string m_key;
    int m_skip = 0; // depth inside a dropped array element
    bool m_ok = true;
    std::string m_error;
    size_t m_errorPos = 0;
};

} // namespace

NeuronField& NeuronRecord::add(std::string_view key)
{
    if (m_count == m_fields.size())
        m_fields.emplace_back();
    NeuronField& f = m_fields[m_count++];
    f.key.assign(key);
    f.kind = ArgKind::Null;
    f.i = 0;
    f.u = 0;
    f.d = 0;
    f.s.clear();
    return f;
}

bool NeuronRecord::parse(std::string_view text, std::string* error, size_t* errorPos)
{
    clear();
    FlatSax sax(*this);
    const bool parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
    if (parsed && sax.ok())
        return true;
    *error = sax.error().empty() ? "malformed JSON" : sax.error();
    *errorPos = sax.errorPos();
    clear();
    return false;
}

const NeuronField* NeuronRecord::find(std::string_view key) const
{
    for (size_t i = 0; i < m_count; ++i)
        if (m_fields[i].key == key)
            return &m_fields[i];
    return nullptr;
}

bool NeuronRecord::integerOf(const NeuronField& f, int64_t* out)
{
    switch (f.kind) {
    case ArgKind::Int: *out = f.i; return true;
    case ArgKind::Uint: return false; // above INT64_MAX: not a time or an index
    case ArgKind::Double:
        if (!std::isfinite(f.d) || std::fabs(f.d) >= 9.2e18)
            return false;
        *out = std::llround(f.d);
        return true;
    case ArgKind::String: {
        const std::string_view t = AsciiText::trim(f.s);
        if (t.empty() || t.size() > 40)
            return false;
        const std::string s(t);
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(s.c_str(), &end, 10);
        if (errno == 0 && end == s.c_str() + s.size()) {
            *out = v;
            return true;
        }
        double d = 0;
        NeuronField asDouble;
        if (!numberOf(f, &d))
            return false;
        asDouble.kind = ArgKind::Double;
        asDouble.d = d;
        return integerOf(asDouble, out);
    }
    default: return false;
    }
}

bool NeuronRecord::numberOf(const NeuronField& f, double* out)
{
    switch (f.kind) {
    case ArgKind::Int: *out = static_cast<double>(f.i); return true;
    case ArgKind::Uint: *out = static_cast<double>(f.u); return true;
    case ArgKind::Double: *out = f.d; return std::isfinite(f.d);
    case ArgKind::String: {
        const std::string_view t = AsciiText::trim(f.s);
        if (t.empty() || t.size() > 40)
            return false;
        const std::string s(t);
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (end != s.c_str() + s.size() || !std::isfinite(v))
            return false;
        *out = v;
        return true;
    }
    default: return false;
    }
}

std::string NeuronRecord::textOf(const NeuronField& f)
{
    switch (f.kind) {
    case ArgKind::String: return f.s;
    case ArgKind::Int: return std::to_string(f.i);
    case ArgKind::Uint: return std::to_string(f.u);
    case ArgKind::Double: return nlohmann::json(f.d).dump();
    case ArgKind::Bool: return f.i ? "true" : "false";
    default: return std::string();
    }
}

bool NeuronRecord::integer(std::initializer_list<std::string_view> keys, int64_t* out, std::string_view* used) const
{
    for (std::string_view k : keys) {
        const NeuronField* f = find(k);
        if (f && integerOf(*f, out)) {
            if (used)
                *used = k;
            return true;
        }
    }
    return false;
}

bool NeuronRecord::number(std::string_view key, double* out) const
{
    const NeuronField* f = find(key);
    return f && numberOf(*f, out);
}

std::string NeuronRecord::text(std::string_view key) const
{
    const NeuronField* f = find(key);
    return f ? textOf(*f) : std::string();
}

std::string NeuronRecord::text(std::initializer_list<std::string_view> keys) const
{
    for (std::string_view k : keys) {
        std::string t = text(k);
        if (!t.empty())
            return t;
    }
    return std::string();
}

} // namespace strata::importers
