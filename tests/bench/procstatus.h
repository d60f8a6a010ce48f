#pragma once
// A field of /proc/self/status in kB (VmHWM: the peak resident set, VmRSS: the current one),
// or 0: the memory figures of the load and snapshot benchmarks.
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

namespace benchmem {

inline uint64_t statusKb(const char* key)
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0)
            return std::stoull(line.substr(std::strlen(key) + 1));
    return 0;
}

} // namespace benchmem
