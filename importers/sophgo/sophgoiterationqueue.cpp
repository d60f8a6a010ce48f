#include "sophgoiterationqueue.h"

namespace strata::importers::sophgo {

SophgoIterationQueue::SophgoIterationQueue(
    const SophgoFolder& folder, SophgoFileDecoder& decoder, store::Diagnostics& diag, ImportResult& result)
    : m_folder(folder)
    , m_decoder(decoder)
    , m_diag(diag)
    , m_result(result)
{
    for (const auto& [n, file] : folder.iterations) {
        if (n != m_files.size()) {
            diag.report("sophgo_iteration_gap",
                "iter" + std::to_string(m_files.size()) + ".profile is missing: " + file
                    + " and the later iterations were not read");
            break;
        }
        m_files.push_back(file);
    }
}

bool SophgoIterationQueue::next(SophgoIterationData* out)
{
    while (m_next < m_files.size()) {
        *out = SophgoIterationData();
        if (m_decoder.readIteration(m_folder, m_files[m_next++], out))
            return true;
        if (m_decoder.cancelled())
            return false;
        m_diag.report("sophgo_iteration_unreadable",
            m_decoder.error() + " (at byte " + std::to_string(m_decoder.errorOffset()) + ")");
        if (m_result.error.empty()) {
            m_result.error = m_decoder.error();
            m_result.errorOffset = m_decoder.errorOffset();
        }
    }
    return false;
}

} // namespace strata::importers::sophgo
