#pragma once
// Interprets TracePackets in file order: the phase histogram (packets by field name),
// sequences and their incremental state (interning, defaults, resets, loss), clock
// snapshots, track descriptors, track events, legacy process/thread descriptors and
// compressed packet bundles. Other payloads are counted and skipped.
#include "perfettoclocks.h"
#include "perfettoeventsink.h"
#include "perfettosequence.h"
#include "perfettotrackevent.h"
#include "perfettotracktable.h"
#include "protowire.h"

#include <store/storebuilder.h>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace strata::importers::perfetto {

class TraceParser {
public:
    explicit TraceParser(store::StoreBuilder& builder);

    // One TracePacket's bytes; `offset` is where they start in the (decompressed) input.
    void parsePacket(std::string_view bytes, uint64_t offset);
    // End of input: places held-back events, binds flows and records the skipped packet kinds.
    void finish();

    // Packets by field name, as the corpus MANIFEST counts them.
    std::map<std::string, uint64_t> phases() const;
    uint64_t packets() const { return m_packets; }
    uint64_t trackEvents() const { return m_trackEvents; }

    static constexpr size_t kMaxInflatedBytes = size_t(256) << 20;

private:
    void parsePacket(std::string_view bytes, uint64_t offset, int depth);
    void countFields(const std::vector<proto::Field>& fields);
    void malformed(const char* what, const std::string& error, uint64_t offset);
    void internedData(const proto::Field& f, SequenceState& seq, uint32_t sequenceId);
    void packetDefaults(const proto::Field& f, SequenceState& seq);
    void legacyProcess(const proto::Field& f);
    void legacyThread(const proto::Field& f, SequenceState& seq);
    void compressed(const proto::Field& f, bool zstd, int depth);
    bool inflate(std::string_view in, bool zstd, std::string* out, std::string* error);

    store::StoreBuilder& m_b;
    TrackTable m_tracks;
    EventSink m_sink;
    TrackEventDecoder m_decoder;
    ClockConverter m_clocks;
    std::unordered_map<uint32_t, SequenceState> m_sequences;
    std::vector<proto::Field> m_fieldStack[2]; // one per nesting level (packets inside compressed_packets)
    std::vector<uint32_t> m_ids;
    std::vector<uint64_t> m_fieldCounts; // by field number, for numbers < kCountedFields
    std::vector<uint64_t> m_fieldStamps; // by field number: the last countFields() call that counted it
    uint64_t m_stamp = 0;
    SequenceState* m_lastSequence = nullptr; // m_sequences[m_lastSequenceId]
    uint32_t m_lastSequenceId = 0;
    std::map<uint32_t, uint64_t> m_otherFieldCounts;
    std::map<uint32_t, uint64_t> m_skippedKinds; // payload packets not imported, by field number
    std::vector<ResolvedEvent> m_events;
    std::vector<uint64_t> m_placed;
    uint64_t m_packets = 0;
    uint64_t m_trackEvents = 0;
    static constexpr uint32_t kCountedFields = 1024;
};

} // namespace strata::importers::perfetto
