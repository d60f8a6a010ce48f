#pragma once
// How a folder target's input holds several files (the Sophgo folder, a job's ranks): the
// bytes up to the first file mark are the first file, and each
//   "\n--strata-file:<name>\n"
// starts a file of that name. Names are kept to [A-Za-z0-9._-], at most 40 characters;
// others are skipped. The mark is in the targets' dictionaries so that the fuzzer can make
// new files.
#include <cstddef>
#include <cstdint>
#include <string>

namespace strata::fuzz {

class FuzzFolder {
public:
    // Writes the files of `data` into `folder` (already empty), the first as `firstName`.
    static void layOut(const std::string& folder, const std::string& firstName, const uint8_t* data, size_t size);
};

} // namespace strata::fuzz
