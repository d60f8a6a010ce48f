// The main() of a fuzz target built without libFuzzer (GCC, or any build for ctest): runs
// LLVMFuzzerTestOneInput once on each file named, or on every file under each folder named
// (recursively, in name order), printing each path first so that a sanitizer report that
// follows names its input. Exits 0 when every input ran.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

std::vector<std::string> inputs(int argc, char** argv, bool* ok)
{
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (fs::is_directory(argv[i], ec)) {
            std::vector<std::string> found;
            for (const auto& e : fs::recursive_directory_iterator(argv[i], ec)) {
                if (e.is_regular_file())
                    found.push_back(e.path().string());
            }
            std::sort(found.begin(), found.end());
            out.insert(out.end(), found.begin(), found.end());
        } else if (fs::is_regular_file(argv[i], ec)) {
            out.emplace_back(argv[i]);
        } else {
            std::fprintf(stderr, "replay: %s: no such file or folder\n", argv[i]);
            *ok = false;
        }
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE|FOLDER...\n", argv[0]);
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    bool ok = true;
    const std::vector<std::string> files = inputs(argc, argv, &ok);
    for (const std::string& path : files) {
        std::fprintf(stderr, "replay: %s\n", path.c_str());
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    }
    std::fprintf(stderr, "replay: %zu inputs ran\n", files.size());
    return ok ? 0 : 1;
}
