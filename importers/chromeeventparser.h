#pragma once
#include "parsedchunk.h"

#include <atomic>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers {

// Parses a run of traceEvents entries into a ParsedChunk. The text is "[ev,ev,...]"
// (EventBatch). The fast path is simdjson On-Demand (ChromeSimdParser); nlohmann's SAX is the
// reference: it parses what simdjson refuses or might read differently, and it alone
// reports malformed entries, so diagnostics and byte offsets are the same on both paths.
class ChromeEventParser {
public:
    enum class Engine { Fast, Reference };

    // starts/ends: each event's byte range in `text`, from the scanner; used to resume
    // after a malformed event so that one bad event loses only itself. `capacity`: the
    // bytes readable from text.data() on (the fast path needs padding after the text).
    static void parse(std::string_view text, size_t capacity, const std::vector<uint32_t>& starts,
        const std::vector<uint32_t>& ends, ParsedChunk& out, Engine engine = Engine::Fast);
    static void parse(const std::string& text, const std::vector<uint32_t>& starts, const std::vector<uint32_t>& ends,
        ParsedChunk& out, Engine engine = Engine::Fast)
    {
        parse(text, text.capacity(), starts, ends, out, engine);
    }

    // Batches the fast path handed to the reference parser, since the process started
    // (bench_load and the tests report it; a well-formed trace has none).
    static uint64_t referenceBatches() { return s_referenceBatches.load(std::memory_order_relaxed); }

private:
    static void parseReference(std::string_view text, const std::vector<uint32_t>& starts,
        const std::vector<uint32_t>& ends, ParsedChunk& out);

    static std::atomic<uint64_t> s_referenceBatches;
};

} // namespace strata::importers
