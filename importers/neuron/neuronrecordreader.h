#pragma once
#include "importer.h"
#include "neuronjsonscanner.h"
#include "neuronrecord.h"

#include <functional>
#include <string>
#include <string_view>

namespace strata::importers {

// The read loop the Neuron JSON importers share: NeuronJsonScanner finds each record,
// NeuronRecord parses it, and the importer's callbacks interpret it. A malformed record
// loses only itself (json_parse_error, with its byte offset); a file cut short keeps every
// record before the cut (truncated_input); progress and cancellation are polled as it goes.
class NeuronRecordReader {
public:
    enum class Status {
        Done, // read to the end, or to a salvageable error (reported as a diagnostic)
        Cancelled,
        NotJson, // nothing JSON at all: error() and errorOffset() say why and where
    };
    using RecordFn = std::function<void(const std::string& kind, const NeuronRecord& record, uint64_t offset)>;
    using ScalarFn = std::function<void(const std::string& key, std::string_view json, int depth)>;

    NeuronRecordReader(InputReader& input, store::Diagnostics& diag);
    Status run(const ImportContext& ctx, const RecordFn& onRecord, const ScalarFn& onScalar);

    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }
    uint64_t records() const { return m_records; }
    // Whether the scan stopped before the end (truncation, unreadable input, a syntax error).
    bool stoppedEarly() const { return m_stoppedEarly; }

private:
    InputReader& m_in;
    store::Diagnostics& m_diag;
    std::string m_error;
    uint64_t m_errorOffset = 0;
    uint64_t m_records = 0;
    bool m_stoppedEarly = false;
};

} // namespace strata::importers
