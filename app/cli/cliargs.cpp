#include "cliargs.h"

#include <analysis/time/timetext.h>

#include <algorithm>

namespace strata::app {

CliArgs::CliArgs(
    const std::vector<std::string>& args, const std::vector<std::string>& flags, const std::vector<std::string>& valued)
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

bool CliArgs::range(std::optional<analysis::RelativeRange>* out, std::string* error) const
{
    out->reset();
    const std::optional<std::string> text = value("range");
    if (!text)
        return true;
    *out = analysis::TimeText::parseRange(*text, error);
    if (!*out)
        *error = "bad --range: " + *error;
    return out->has_value();
}

} // namespace strata::app
