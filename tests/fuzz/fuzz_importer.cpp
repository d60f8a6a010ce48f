// The fuzz target of one single-file reader, built once per reader (tests/fuzz/CMakeLists.txt):
// STRATA_FUZZ_IMPORTER names the importer, STRATA_FUZZ_FILE the file name the input is
// written as (some probes look at the name). Compressed inputs (gzip, zstd) go through
// InputReader as they do when a user opens them.
#include "fuzzload.h"
#include "fuzzscratch.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = strata::fuzz::FuzzScratch::write(STRATA_FUZZ_FILE, data, size);
    strata::fuzz::FuzzLoad::run(path, STRATA_FUZZ_IMPORTER);
    return 0;
}
