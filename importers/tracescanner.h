#pragma once
#include "inputreader.h"

#include <store/diagnostics.h>

#include <functional>
#include <string>
#include <vector>

namespace strata::importers {

// A run of whole traceEvents entries, copied out of the input as one JSON array
// "[ev,ev,...]" for a worker to parse; starts/ends locate each entry in `text`. text's
// capacity keeps kPadding bytes after its end, the padding simdjson reads past the last
// byte (ChromeSimdParser), so the worker parses it in place, without a copy.
struct EventBatch {
    static constexpr size_t kPadding = 64;

    uint64_t seq = 0;
    uint64_t baseOffset = 0; // input offset of text[0]; text[0] is the added '['
    std::string text;
    std::vector<uint32_t> starts, ends;
};

// Streams the top level of a Chrome trace (object or bare array form) without parsing
// events: a string-aware brace matcher finds entry boundaries so workers can parse
// batches in parallel. Tolerates a missing ']' or '}', trailing commas and a truncated
// last entry (reported with its offset). Other top-level values are handed to a callback.
class TraceScanner {
public:
    enum class Form { Unknown, Array, Object };
    // key, raw JSON text of the value (empty when it was larger than the capture limit)
    using ValueCallback = std::function<void(const std::string& key, std::string_view value, uint64_t size)>;

    TraceScanner(InputReader& in, store::Diagnostics& diag, ValueCallback onValue);
    // Reads up to the first significant byte. False: not a JSON trace (error/offset set).
    bool start();
    // Fills `batch` with whole entries up to about targetBytes; false when no entry is left.
    bool next(EventBatch& batch, size_t targetBytes);

    Form form() const { return m_form; }
    bool sawEventsArray() const { return m_sawEvents; }
    uint64_t entries() const { return m_entries; }
    const std::string& error() const { return m_error; }
    uint64_t errorOffset() const { return m_errorOffset; }

    static constexpr size_t kCaptureLimit = 64u << 20;

private:
    enum class State { TopKey, Events, End };
    struct Scan { // resumable matcher state for one value
        size_t pos = 0;
        int depth = 0;
        bool inString = false;
        bool escape = false;
        bool started = false;
    };

    bool fill(); // reads more input, keeping bytes from m_keep on; false at end of input
    bool skipSpace(bool commas);
    bool scanValue(); // advances m_scan; true when its value is complete
    bool scanWhole(); // scanValue() with refills; false when the input ends first
    bool readKey(std::string* key);
    void readTopValue(const std::string& key);
    void flushRegion(EventBatch& batch);

    InputReader& m_in;
    store::Diagnostics& m_diag;
    ValueCallback m_onValue;
    std::string m_buf;
    size_t m_pos = 0; // next unread byte in m_buf
    size_t m_keep = 0; // bytes before this may be dropped on compaction
    uint64_t m_bufBase = 0; // input offset of m_buf[0]
    bool m_eof = false;
    Form m_form = Form::Unknown;
    State m_state = State::End;
    bool m_sawEvents = false;
    uint64_t m_entries = 0;
    Scan m_scan; // the value being matched; fill() shifts its position with the buffer
    size_t m_regionStart = std::string::npos, m_regionEnd = 0;
    std::string m_error;
    uint64_t m_errorOffset = 0;
};

} // namespace strata::importers
