#pragma once
#include "importer.h"
#include "sophgocontext.h"
#include "sophgofiledecoder.h"
#include "sophgofolder.h"

#include <store/diagnostics.h>

#include <string>
#include <vector>

namespace strata::importers::sophgo {

// The iteration files an import reads: iter0, iter1, … up to the first gap (the reference
// reader stops there too), decoded one at a time. A file that cannot be decoded is reported
// and skipped; the first one also becomes the result's error, which stands if nothing else
// of the folder can be read.
class SophgoIterationQueue {
public:
    SophgoIterationQueue(
        const SophgoFolder& folder, SophgoFileDecoder& decoder, store::Diagnostics& diag, ImportResult& result);

    bool empty() const { return m_files.empty(); }
    // Decodes the next file that holds blocks into *out; false when none is left or the
    // decoder was cancelled.
    bool next(SophgoIterationData* out);

private:
    const SophgoFolder& m_folder;
    SophgoFileDecoder& m_decoder;
    store::Diagnostics& m_diag;
    ImportResult& m_result;
    std::vector<std::string> m_files;
    size_t m_next = 0;
};

} // namespace strata::importers::sophgo
