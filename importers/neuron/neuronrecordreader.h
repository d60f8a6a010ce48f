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

    // The ScalarFn the importers share: top-level facts ("total_time": N) become trace
    // metadata, strings without their quotes; deeper scalars are only counted.
    static ScalarFn metadataScalars(store::StoreBuilder& builder);
    // The result of a run the importer cannot build from, for a format the messages call
    // `what` ("Neuron device profile"). failed(): a cancelled run or one that found no JSON
    // (false for any other status). nothingUsable(): a file without `missing` ("no \"ops\"
    // entries"), or one cut short before `first` ("its first operator").
    bool failed(Status status, const std::string& what, ImportResult* result) const;
    void nothingUsable(
        const std::string& what, const std::string& first, const std::string& missing, ImportResult* result) const;

    // What an importer's results and messages call its format.
    struct Format {
        const char* name; // ImportResult::format, "neuron-device-json"
        const char* what; // "Neuron device profile"
        const char* first; // what a usable file begins with: "its first instruction or summary"
        const char* missing; // what an unusable one lacks: "no \"instruction\" or \"summary\" entries"
    };
    // A whole import into `builder` by a Build(builder) with record(kind, record, offset),
    // phases() and finish() (false when nothing usable was read); top-level scalars become
    // metadata.
    template <typename Build>
    static ImportResult import(
        InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx, const Format& format)
    {
        Build build(builder);
        NeuronRecordReader reader(input, builder.diagnostics());
        ImportResult result;
        result.format = format.name;
        auto record
            = [&](const std::string& kind, const NeuronRecord& r, uint64_t offset) { build.record(kind, r, offset); };
        const Status status = reader.run(ctx, record, metadataScalars(builder));
        result.phases = build.phases();
        if (reader.failed(status, format.what, &result))
            return result;
        if (!build.finish()) {
            reader.nothingUsable(format.what, format.first, format.missing, &result);
            return result;
        }
        result.ok = true;
        return result;
    }

private:
    InputReader& m_in;
    store::Diagnostics& m_diag;
    std::string m_error;
    uint64_t m_errorOffset = 0;
    uint64_t m_records = 0;
    bool m_stoppedEarly = false;
};

} // namespace strata::importers
