// The fuzz target of the Sophgo reader, which reads a whole bmprofile_data-N/ folder. One
// input holds the folder as FuzzFolder lays it out: global.profile first, then files such as
// iter0.profile, iter1.profile, bmlib0.profile after their marks.
#include "fuzzfolder.h"
#include "fuzzload.h"
#include "fuzzscratch.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string folder = strata::fuzz::FuzzScratch::freshFolder("bmprofile_data-0");
    strata::fuzz::FuzzFolder::layOut(folder, "global.profile", data, size);
    strata::fuzz::FuzzLoad::run(folder + "/global.profile", "sophgo-bmprofile");
    return 0;
}
