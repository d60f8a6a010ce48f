#include "sophgofolder.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace strata::importers::sophgo {

namespace fs = std::filesystem;

std::string SophgoFolder::folderOf(const std::string& path)
{
    std::error_code ec;
    fs::path p(path);
    if (fs::is_directory(p, ec))
        return p.string();
    const fs::path parent = p.parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

bool SophgoFolder::isProfileFolderName(const std::string& name)
{
    return name.rfind("bmprofile_data", 0) == 0;
}

bool SophgoFolder::isIterationFile(const std::string& name, uint32_t* n)
{
    constexpr const char* kPrefix = "iter";
    constexpr const char* kSuffix = ".profile";
    if (name.size() <= 4 + 8 || name.rfind(kPrefix, 0) != 0 || name.compare(name.size() - 8, 8, kSuffix) != 0)
        return false;
    const std::string digits = name.substr(4, name.size() - 12);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
        return false;
    if (n)
        *n = uint32_t(std::stoul(digits));
    return true;
}

bool SophgoFolder::isBmlibFile(const std::string& name)
{
    return name.rfind("bmlib", 0) == 0 && name.size() > 8 && name.compare(name.size() - 8, 8, ".profile") == 0;
}

SophgoFolder SophgoFolder::scan(const std::string& dir)
{
    SophgoFolder f;
    f.dir = dir;
    while (f.dir.size() > 1 && f.dir.back() == '/')
        f.dir.pop_back();
    std::error_code ec;
    for (fs::directory_iterator it(f.dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fileEc;
        if (!it->is_regular_file(fileEc))
            continue;
        const std::string name = it->path().filename().string();
        uint32_t n = 0;
        bool counted = true;
        if (name == "global.profile")
            f.hasGlobal = true;
        else if (isIterationFile(name, &n))
            f.iterations.emplace(n, name);
        else if (isBmlibFile(name))
            f.bmlibs.push_back(name);
        else
            counted = false;
        if (counted) {
            const auto size = it->file_size(fileEc);
            f.totalBytes += fileEc ? 0 : uint64_t(size);
        }
    }
    std::sort(f.bmlibs.begin(), f.bmlibs.end());
    return f;
}

std::string SophgoFolder::entryFile(const std::string& dir)
{
    const SophgoFolder f = scan(dir);
    if (f.hasGlobal)
        return f.path("global.profile");
    if (!f.iterations.empty())
        return f.path(f.iterations.begin()->second);
    if (!f.bmlibs.empty())
        return f.path(f.bmlibs.front());
    return {};
}

} // namespace strata::importers::sophgo
