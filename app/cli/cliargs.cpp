#include "cliargs.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace strata::app {

CliArgs::CliArgs(const std::vector<std::string>& args, const std::vector<std::string>& flags,
    const std::vector<std::string>& valued)
{
    auto has = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0 || a == "--") {
            m_positional.push_back(a);
            continue;
        }
        std::string name = a.substr(2), value;
        const size_t eq = name.find('=');
        const bool inlineValue = eq != std::string::npos;
        if (inlineValue) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (has(flags, name) && !inlineValue) {
            m_options.emplace_back(name, "");
        } else if (has(valued, name)) {
            if (!inlineValue) {
                if (i + 1 >= args.size()) {
                    m_error = "option --" + name + " needs a value";
                    return;
                }
                value = args[++i];
            }
            m_options.emplace_back(name, value);
        } else {
            m_error = "unknown option --" + name;
            return;
        }
    }
}

bool CliArgs::flag(const std::string& name) const
{
    return std::any_of(m_options.begin(), m_options.end(), [&](const auto& o) { return o.first == name; });
}

std::optional<std::string> CliArgs::value(const std::string& name) const
{
    for (auto it = m_options.rbegin(); it != m_options.rend(); ++it)
        if (it->first == name)
            return it->second;
    return std::nullopt;
}

std::vector<std::string> CliArgs::values(const std::string& name) const
{
    std::vector<std::string> out;
    for (const auto& o : m_options)
        if (o.first == name)
            out.push_back(o.second);
    return out;
}

bool CliArgs::parseDuration(const std::string& text, store::TimeNs* out)
{
    if (text.empty())
        return false;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(v))
        return false;
    const std::string unit(end);
    double scale = 1;
    if (unit.empty() || unit == "ns")
        scale = 1;
    else if (unit == "us" || unit == "µs")
        scale = 1e3;
    else if (unit == "ms")
        scale = 1e6;
    else if (unit == "s")
        scale = 1e9;
    else
        return false;
    *out = static_cast<store::TimeNs>(std::llround(v * scale));
    return true;
}

bool CliArgs::parseRange(const std::string& text, store::TimeRange* out, std::string* error)
{
    const size_t colon = text.find(':');
    store::TimeNs a = 0, b = 0;
    if (colon == std::string::npos || !parseDuration(text.substr(0, colon), &a)
        || !parseDuration(text.substr(colon + 1), &b) || b < a) {
        *error = "bad range \"" + text + "\": expected START:END (ns, or with a unit: 1.5ms:2ms), START <= END";
        return false;
    }
    *out = {a, b};
    return true;
}

} // namespace strata::app
