// The fuzz target of the Sophgo reader, which reads a whole bmprofile_data-N/ folder. One
// input holds the folder: the bytes up to the first file mark are global.profile, and each
//   "\n--strata-file:<name>\n"
// starts a file of that name (iter0.profile, iter1.profile, bmlib0.profile, ...). Names
// are kept to [A-Za-z0-9._-], at most 40 characters; others are skipped. The mark is in
// sophgo.dict so that the fuzzer can make new files.
#include "fuzzload.h"
#include "fuzzscratch.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

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

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string folder = strata::fuzz::FuzzScratch::freshFolder("bmprofile_data-0");
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    size_t mark = in.find(kMark);
    writeFile(folder, "global.profile", in.substr(0, mark));
    while (mark != std::string_view::npos) {
        const size_t nameAt = mark + kMark.size();
        const size_t eol = in.find('\n', nameAt);
        if (eol == std::string_view::npos)
            break;
        const size_t next = in.find(kMark, eol);
        const std::string_view name = in.substr(nameAt, eol - nameAt);
        if (plainName(name) && name != "global.profile")
            writeFile(folder, name, in.substr(eol + 1, next == std::string_view::npos ? next : next - eol - 1));
        mark = next;
    }
    strata::fuzz::FuzzLoad::run(folder + "/global.profile", "sophgo-bmprofile");
    return 0;
}
