#include "fuzzscratch.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace strata::fuzz {

namespace {

struct ScratchDir {
    std::string path;
    ScratchDir()
    {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/strata-fuzz-XXXXXX";
        if (!mkdtemp(pattern.data()))
            throw std::runtime_error("cannot make a scratch folder under " + pattern);
        path = pattern;
    }
    ~ScratchDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

} // namespace

const std::string& FuzzScratch::dir()
{
    static const ScratchDir scratch;
    return scratch.path;
}

std::string FuzzScratch::write(const std::string& name, const uint8_t* data, size_t size)
{
    const std::string path = dir() + "/" + name;
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        throw std::runtime_error("cannot write " + path);
    const bool ok = size == 0 || std::fwrite(data, 1, size, f) == size;
    if (std::fclose(f) != 0 || !ok)
        throw std::runtime_error("cannot write " + path);
    return path;
}

std::string FuzzScratch::freshFolder(const std::string& name)
{
    const std::string path = dir() + "/" + name;
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
    std::filesystem::create_directories(path);
    return path;
}

} // namespace strata::fuzz
