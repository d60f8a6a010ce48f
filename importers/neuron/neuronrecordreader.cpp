#include "neuronrecordreader.h"

namespace strata::importers {

NeuronRecordReader::NeuronRecordReader(InputReader& input, store::Diagnostics& diag)
    : m_in(input)
    , m_diag(diag)
{
}

NeuronRecordReader::Status NeuronRecordReader::run(
    const ImportContext& ctx, const RecordFn& onRecord, const ScalarFn& onScalar)
{
    NeuronJsonScanner scanner(m_in, m_diag);
    if (!scanner.start()) {
        if (m_in.cancelled())
            return Status::Cancelled;
        m_error = scanner.error();
        m_errorOffset = scanner.errorOffset();
        return Status::NotJson;
    }
    NeuronRecord record;
    NeuronJsonScanner::Token token;
    std::string error;
    for (uint64_t item = 0;; ++item) {
        if ((item & 1023) == 0) {
            if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed))
                return Status::Cancelled;
            if (ctx.progress && m_in.fileBytes())
                ctx.progress(double(m_in.consumedBytes()) / double(m_in.fileBytes()));
        }
        const NeuronJsonScanner::Item what = scanner.next(&token);
        if (what == NeuronJsonScanner::Item::End)
            break;
        if (what == NeuronJsonScanner::Item::Scalar) {
            onScalar(token.kind, token.text, token.depth);
            continue;
        }
        size_t pos = 0;
        if (!record.parse(token.text, &error, &pos)) {
            m_diag.report("json_parse_error",
                "byte " + std::to_string(token.offset + pos) + ": " + error + "; that entry of \"" + token.kind
                    + "\" was skipped");
            continue;
        }
        ++m_records;
        onRecord(token.kind, record, token.offset);
    }
    if (m_in.cancelled() || (ctx.cancel && ctx.cancel->load()))
        return Status::Cancelled;
    if (m_in.failed()) {
        m_stoppedEarly = true;
        m_diag.report("truncated_input",
            "byte " + std::to_string(m_in.errorOffset()) + " of the file: " + m_in.error()
                + "; everything before it was kept");
    } else if (scanner.truncated()) {
        m_stoppedEarly = true;
        m_diag.report("truncated_input",
            "byte " + std::to_string(scanner.errorOffset())
                + ": the input ends inside a value; everything before it was kept");
    } else if (scanner.unterminated()) {
        m_diag.report("unterminated_json",
            "byte " + std::to_string(scanner.errorOffset()) + ": the input ends before its closing brackets");
    } else if (!scanner.error().empty()) {
        m_stoppedEarly = true;
        m_diag.report("json_syntax_error",
            "byte " + std::to_string(scanner.errorOffset()) + ": " + scanner.error()
                + "; the rest of the file was not read");
    }
    m_errorOffset = scanner.errorOffset();
    if (m_records == 0 && !scanner.error().empty())
        m_error = scanner.error();
    if (ctx.progress)
        ctx.progress(1.0);
    return Status::Done;
}

NeuronRecordReader::ScalarFn NeuronRecordReader::metadataScalars(store::StoreBuilder& builder)
{
    return [&builder](const std::string& key, std::string_view json, int depth) {
        if (depth != 1) {
            builder.diagnostics().count("neuron_values_skipped");
            return;
        }
        std::string v(json);
        if (v.size() >= 2 && v.front() == '"')
            v = v.substr(1, v.size() - 2);
        builder.addMetadata(key, v);
    };
}

bool NeuronRecordReader::failed(Status status, const std::string& what, ImportResult* result) const
{
    if (status == Status::Cancelled) {
        result->cancelled = true;
        result->error = "cancelled";
        return true;
    }
    if (status == Status::NotJson) {
        result->error = "not a " + what + ": " + m_error;
        result->errorOffset = m_errorOffset;
        return true;
    }
    return false;
}

void NeuronRecordReader::nothingUsable(
    const std::string& what, const std::string& first, const std::string& missing, ImportResult* result) const
{
    result->error = m_stoppedEarly ? what + " cut short before " + first : "not a " + what + ": " + missing;
    result->errorOffset = m_stoppedEarly ? m_errorOffset : 0;
}

} // namespace strata::importers
