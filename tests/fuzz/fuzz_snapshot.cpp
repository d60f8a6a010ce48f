// The fuzz target of SnapshotReader: any input is refused with an error or read into a store
// whose every accessor can be walked (StoreDump) and whose derived-index attachments are
// refused or restored and walked (walkIndexes). Seeds are snapshots of tests/data stores
// and damaged copies of them (make_fuzz_seeds); the reader's raw-size limit is lowered so
// an input cannot make it allocate past the fuzzer's memory limit, and its decompression
// window is made tiny (its size picked by the input's length) so values straddle refills.
#include <support/indexwalk.h>
#include <support/storedump.h>

#include <snapshot/snapshotreader.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    strata::store::SnapshotReader::Options options;
    options.maxRawBytes = 64u << 20;
    options.windowBytes = 16 + size % 64;
    const strata::store::SnapshotReadResult r = strata::store::SnapshotReader::read(data, size, "fuzz.strata", options);
    if (r.store) {
        snapshottest::StoreDump::text(*r.store);
        snapshottest::walkIndexes(*r.store, r.attachments);
    } else if (r.error.empty())
        std::abort(); // a refusal always says why
    return 0;
}
