#include "neuronskiplog.h"

namespace strata::importers {

void NeuronSkipLog::record(const std::string& kind, uint64_t offset, const std::string& what)
{
    m_diag.report(kind, "byte " + std::to_string(offset) + ": " + what + "; it was skipped");
}

void NeuronSkipLog::recordKind(const std::string& recordKind, uint64_t offset, const std::string& why)
{
    if (m_kinds.insert(recordKind).second)
        m_diag.report(
            "neuron_records_skipped", "byte " + std::to_string(offset) + ": entries of \"" + recordKind + "\" " + why);
    else
        m_diag.count("neuron_records_skipped");
}

} // namespace strata::importers
