#pragma once
#include "sophgocontext.h"
#include "sophgofolder.h"

#include <store/diagnostics.h>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace strata::importers {
class InputReader;
}

namespace strata::importers::sophgo {

struct SophgoBlock;

// Reads the block files of a folder (iter*.profile, bmlib*.profile) into decoded records,
// forgiving: unknown block types are skipped and counted, a block cut by the end of the
// file keeps its complete records, a block whose length is not a whole number of records
// keeps the whole ones; each finding names the file and byte offset.
class SophgoFileDecoder {
public:
    SophgoFileDecoder(
        store::Diagnostics& diag, std::map<std::string, uint64_t>& phases, const std::atomic<bool>* cancel)
        : m_diag(diag)
        , m_phases(phases)
        , m_cancel(cancel)
    {
    }

    // False when the file cannot be read or holds no complete block: error()/errorOffset().
    bool readIteration(const SophgoFolder& folder, const std::string& name, SophgoIterationData* out);
    bool readBmlib(const SophgoFolder& folder, const std::string& name, SophgoBmlib* out,
        std::vector<SophgoExtraEntry>* extra, bool* hasBmlib);
    // Reads a whole text file (global.profile); false with error() when it cannot be read.
    bool readText(const SophgoFolder& folder, const std::string& name, std::string* out);

    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }
    bool cancelled() const { return m_cancelled; }
    uint64_t bytesRead() const { return m_bytesRead; }
    void setProgress(std::function<void(uint64_t)> progress) { m_progress = std::move(progress); }

    static const char* blockName(uint32_t type); // "SUMMARY", ...; nullptr when unknown

private:
    bool readBlocks(
        const SophgoFolder& folder, const std::string& name, const std::function<void(const SophgoBlock&)>& onBlock);
    void openFailed(const SophgoFolder& folder, const std::string& name, const std::string& error);
    void partial(const std::string& name, const SophgoBlock& b, size_t recordSize, size_t leftover);
    // The input of one file of the folder, cancellable; nullptr (error() set) when it cannot be opened.
    std::unique_ptr<InputReader> open(const SophgoFolder& folder, const std::string& name);
    // A DYN_EXTRA or BMLIB_EXTRA block appended to *to, empty and cut entries counted.
    void extraEntries(const std::string& name, const SophgoBlock& b, std::vector<SophgoExtraEntry>* to);

    store::Diagnostics& m_diag;
    std::map<std::string, uint64_t>& m_phases;
    const std::atomic<bool>* m_cancel;
    std::function<void(uint64_t)> m_progress;
    std::string m_error;
    uint64_t m_errorOffset = 0;
    bool m_cancelled = false;
    uint64_t m_bytesRead = 0;
};

} // namespace strata::importers::sophgo
