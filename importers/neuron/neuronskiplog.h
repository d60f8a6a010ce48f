#pragma once
#include <store/diagnostics.h>

#include <cstdint>
#include <set>
#include <string>

namespace strata::importers {

// How the Neuron importers report the records they leave out: each report names the
// record's byte offset; a kind of record an importer does not show at all is reported
// once and then only counted, so a table of thousands makes one line.
class NeuronSkipLog {
public:
    explicit NeuronSkipLog(store::Diagnostics& diag)
        : m_diag(diag)
    {
    }
    // "byte N: <what>; it was skipped", under the diagnostic `kind`.
    void record(const std::string& kind, uint64_t offset, const std::string& what);
    // "byte N: entries of \"<recordKind>\" <why>" under neuron_records_skipped, for the
    // first record of that kind.
    void recordKind(const std::string& recordKind, uint64_t offset, const std::string& why);

private:
    store::Diagnostics& m_diag;
    std::set<std::string> m_kinds;
};

} // namespace strata::importers
