#include "neuronprobe.h"

#include <algorithm>
#include <cctype>

namespace strata::importers {

namespace {
inline bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

size_t skipSpace(std::string_view s, size_t i)
{
    while (i < s.size() && isSpace(s[i]))
        ++i;
    return i;
}

size_t start(std::string_view head)
{
    const size_t i = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    return skipSpace(head, i);
}
} // namespace

char NeuronProbe::firstChar(std::string_view head)
{
    const size_t i = start(head);
    return i < head.size() ? head[i] : '\0';
}

std::string NeuronProbe::firstKey(std::string_view head)
{
    size_t i = start(head);
    if (i < head.size() && head[i] == '[')
        i = skipSpace(head, i + 1);
    if (i >= head.size() || head[i] != '{')
        return std::string();
    i = skipSpace(head, i + 1);
    if (i >= head.size() || head[i] != '"')
        return std::string();
    std::string key;
    for (++i; i < head.size(); ++i) {
        const char c = head[i];
        if (c == '"')
            return key;
        if (c == '\\')
            return std::string(); // names the probes look for have no escapes
        key += c;
    }
    return std::string();
}

bool NeuronProbe::mentions(std::string_view head, std::string_view name)
{
    std::string quoted;
    quoted.reserve(name.size() + 2);
    quoted += '"';
    quoted += name;
    quoted += '"';
    return head.find(quoted) != std::string_view::npos;
}

std::string NeuronProbe::fileName(const std::string& path)
{
    const size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* suffix : { ".gz", ".zst", ".zstd" }) {
        const size_t n = std::char_traits<char>::length(suffix);
        if (name.size() > n && name.compare(name.size() - n, n, suffix) == 0) {
            name.resize(name.size() - n);
            break;
        }
    }
    return name;
}

} // namespace strata::importers
