#include "fuzzfolder.h"

#include <cstdio>
#include <string_view>

namespace strata::fuzz {

namespace {

constexpr std::string_view kMark = "\n--strata-file:";

bool plainName(std::string_view n)
{
    if (n.empty() || n.size() > 40 || n == "." || n == "..")
        return false;
    for (const char c : n) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
            || c == '_' || c == '-';
        if (!ok)
            return false;
    }
    return true;
}

void writeFile(const std::string& folder, std::string_view name, std::string_view bytes)
{
    const std::string path = folder + "/" + std::string(name);
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    }
}

} // namespace

void FuzzFolder::layOut(const std::string& folder, const std::string& firstName, const uint8_t* data, size_t size)
{
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    size_t mark = in.find(kMark);
    writeFile(folder, firstName, in.substr(0, mark));
    while (mark != std::string_view::npos) {
        const size_t nameAt = mark + kMark.size();
        const size_t eol = in.find('\n', nameAt);
        if (eol == std::string_view::npos)
            break;
        const size_t next = in.find(kMark, eol);
        const std::string_view name = in.substr(nameAt, eol - nameAt);
        if (plainName(name) && name != firstName)
            writeFile(folder, name, in.substr(eol + 1, next == std::string_view::npos ? next : next - eol - 1));
        mark = next;
    }
}

} // namespace strata::fuzz
