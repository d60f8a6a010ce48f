#include "chrometraceimporter.h"

#include "chromeeventmerger.h"
#include "chromeeventparser.h"
#include "chromesimdparser.h"
#include "chromeskippedkinds.h"
#include "tracescanner.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace strata::importers {

static_assert(EventBatch::kPadding >= ChromeSimdParser::kPadding, "the scanner's batches are parsed in place");

namespace {

// What the scanner reports (entries that are no objects, ...) while it cuts batch N, merged
// into the store's diagnostics just before batch N's parsed chunk, so the messages' order
// (and which 50 are kept) follows the file, not how fast the workers finished: a load is
// byte-for-byte repeatable.
struct ScannedDiagnostics {
    store::Diagnostics current; // the scanner reports here
    std::deque<std::pair<uint64_t, store::Diagnostics>> pending; // (batch seq, what its scan reported)

    void handOver(uint64_t seq)
    {
        if (current.empty())
            return;
        pending.emplace_back(seq, std::move(current));
        current = store::Diagnostics();
    }
    void mergeUpTo(uint64_t seq, store::Diagnostics& into)
    {
        while (!pending.empty() && pending.front().first <= seq) {
            into.merge(pending.front().second);
            pending.pop_front();
        }
    }
};

// Parses one batch into `chunk`, emptied first (a recycled chunk keeps its buffers' capacity).
void parseBatch(const EventBatch& batch, ParsedChunk& chunk, ChromeEventParser::Engine engine)
{
    chunk.strings.clear();
    chunk.events.clear();
    chunk.args.clear();
    chunk.diagnostics = store::Diagnostics();
    chunk.fatal.clear();
    chunk.seq = batch.seq;
    chunk.baseOffset = batch.baseOffset;
    chunk.events.reserve(batch.starts.size());
    try {
        ChromeEventParser::parse(batch.text, batch.starts, batch.ends, chunk, engine);
    } catch (const std::exception& e) {
        // Nothing may escape a worker thread; the merge turns this into a load error.
        chunk.fatal
            = std::string("while parsing the entries from byte ") + std::to_string(batch.baseOffset) + ": " + e.what();
    }
}

using Clock = store::StageTimes::Clock;
using store::StageTimes;

// One thread's share of a stage, summed over batches: busy in the thread's CPU time, waited
// in steady_clock time, both read once per batch.
struct StageClock {
    Clock::time_point start = Clock::now();
    double busy = 0, waited = 0;
    uint64_t count = 0;
    void report(StageTimes& stages, const char* name, unsigned threads = 1) const
    {
        stages.add(name, start, Clock::now(), busy, waited, count, threads);
    }
};

// Parses batches on worker threads; results are collected in sequence order.
class ParsePool {
public:
    ParsePool(unsigned workers, ChromeEventParser::Engine engine, StageTimes& stages)
        : m_engine(engine)
        , m_stages(stages)
    {
        for (unsigned i = 0; i < workers; ++i)
            m_threads.emplace_back([this, workers] { run(workers); });
    }
    ~ParsePool()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        for (auto& t : m_threads)
            t.join();
    }
    // Spent batches and merged chunks are recycled: their buffers keep their capacity, so
    // the steady state allocates (and page-faults) nothing.
    EventBatch freshBatch()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_freeBatches.empty())
            return EventBatch();
        EventBatch b = std::move(m_freeBatches.back());
        m_freeBatches.pop_back();
        return b;
    }
    void recycle(std::unique_ptr<ParsedChunk> chunk)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_freeChunks.push_back(std::move(chunk));
    }
    void submit(EventBatch&& batch)
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_queue.push_back(std::move(batch));
            ++m_inFlight;
        }
        m_wake.notify_one();
    }
    size_t inFlight() const { return m_inFlight; }
    // The result with sequence number `seq`, waiting for it when `wait` is set.
    std::unique_ptr<ParsedChunk> take(uint64_t seq, bool wait, double* waited)
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (wait && m_results.count(seq) == 0) {
            const Clock::time_point t0 = Clock::now();
            m_done.wait(lock, [&] { return m_results.count(seq) != 0; });
            *waited += StageTimes::seconds(t0, Clock::now());
        }
        auto it = m_results.find(seq);
        if (it == m_results.end())
            return nullptr;
        auto out = std::move(it->second);
        m_results.erase(it);
        --m_inFlight;
        return out;
    }

private:
    void run(unsigned workers)
    {
        StageClock clock;
        for (;;) {
            EventBatch batch;
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                const Clock::time_point idle = Clock::now();
                m_wake.wait(lock, [&] { return m_stop || !m_queue.empty(); });
                clock.waited += StageTimes::seconds(idle, Clock::now());
                if (m_stop && m_queue.empty()) {
                    clock.report(m_stages, "parse", workers);
                    return;
                }
                batch = std::move(m_queue.front());
                m_queue.pop_front();
            }
            std::unique_ptr<ParsedChunk> chunk;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                if (!m_freeChunks.empty()) {
                    chunk = std::move(m_freeChunks.back());
                    m_freeChunks.pop_back();
                }
            }
            const double t0 = StageTimes::threadCpuSeconds();
            if (!chunk)
                chunk = std::make_unique<ParsedChunk>();
            parseBatch(batch, *chunk, m_engine);
            clock.busy += StageTimes::threadCpuSeconds() - t0;
            ++clock.count;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_results.emplace(chunk->seq, std::move(chunk));
                m_freeBatches.push_back(std::move(batch));
            }
            m_done.notify_all();
        }
    }

    const ChromeEventParser::Engine m_engine;
    StageTimes& m_stages;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    std::deque<EventBatch> m_queue;
    std::map<uint64_t, std::unique_ptr<ParsedChunk>> m_results;
    std::vector<EventBatch> m_freeBatches;
    std::vector<std::unique_ptr<ParsedChunk>> m_freeChunks;
    size_t m_inFlight = 0;
    bool m_stop = false;
};

// Counts the entries of a top-level container without building it.
struct CountingSax {
    int depth = 0;
    uint64_t entries = 0;
    bool null() { return scalar(); }
    bool boolean(bool) { return scalar(); }
    bool number_integer(long long) { return scalar(); }
    bool number_unsigned(unsigned long long) { return scalar(); }
    bool number_float(double, const std::string&) { return scalar(); }
    bool string(std::string&) { return scalar(); }
    bool binary(std::vector<uint8_t>&) { return scalar(); }
    bool start_object(std::size_t)
    {
        scalar();
        ++depth;
        return true;
    }
    bool start_array(std::size_t)
    {
        scalar();
        ++depth;
        return true;
    }
    bool end_object()
    {
        --depth;
        return true;
    }
    bool end_array()
    {
        --depth;
        return true;
    }
    bool key(std::string&)
    {
        if (depth == 1)
            ++entries;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }
    bool scalar() { return true; }
};

uint64_t countEntries(std::string_view text)
{
    CountingSax sax;
    // Arrays count elements: wrap so that each element becomes a key-less entry at depth 1.
    if (!text.empty() && text[0] == '[') {
        uint64_t n = 0;
        struct ArraySax : CountingSax {
            uint64_t* n;
            bool element()
            {
                if (depth == 1)
                    ++*n;
                return true;
            }
            bool null() { return element(); }
            bool boolean(bool) { return element(); }
            bool number_integer(long long) { return element(); }
            bool number_unsigned(unsigned long long) { return element(); }
            bool number_float(double, const std::string&) { return element(); }
            bool string(std::string&) { return element(); }
            bool start_object(std::size_t)
            {
                element();
                ++depth;
                return true;
            }
            bool start_array(std::size_t)
            {
                element();
                ++depth;
                return true;
            }
        } a;
        a.n = &n;
        nlohmann::json::sax_parse(text.begin(), text.end(), &a);
        return n;
    }
    nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
    return sax.entries;
}

// The deepest bracket nesting of a JSON text, outside strings.
int nestingDepth(std::string_view text)
{
    int depth = 0, deepest = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            deepest = std::max(deepest, ++depth);
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return deepest;
}

void topLevelValue(store::StoreBuilder& b, const std::string& key, std::string_view value, uint64_t size)
{
    store::Diagnostics& diag = b.diagnostics();
    if (value.empty() && size > 0) {
        diag.count("top_level_value_skipped_large");
        b.addMetadata(key, "(" + std::to_string(size) + " bytes, not kept)");
        return;
    }
    if (key == "systemTraceEvents") {
        diag.count("system_trace_events_skipped");
        return;
    }
    if (key == "stackFrames") {
        diag.count("stack_frames_skipped", countEntries(value));
        return;
    }
    if (key == "samples") {
        diag.count("samples_skipped", countEntries(value));
        return;
    }
    if (key == "powerTraceAsString" || key == "traceAnnotations") {
        diag.count(key + "_skipped");
        return;
    }
    // Scalars and small, shallow objects are kept as trace metadata ("otherData.generator" = ...).
    // Anything deeper is skipped before a DOM is built: printing a DOM recurses.
    if (value.size() > (1u << 20) || nestingDepth(value) > 16) {
        diag.count("top_level_value_skipped");
        return;
    }
    nlohmann::json j = nlohmann::json::parse(value.begin(), value.end(), nullptr, false);
    if (j.is_discarded()) {
        diag.count("top_level_value_malformed");
        return;
    }
    if (j.is_object() && j.size() <= 256) {
        for (auto it = j.begin(); it != j.end(); ++it)
            b.addMetadata(key + "." + it.key(), it->is_string() ? it->get<std::string>() : it->dump());
    } else if (j.is_string()) {
        b.addMetadata(key, j.get<std::string>());
    } else if (!j.is_null() && value.size() <= 4096) {
        b.addMetadata(key, j.dump());
    } else {
        diag.count("top_level_value_skipped");
    }
}

// Scans on the calling thread, parses on `workers` threads and merges on the calling thread
// in file order; true when cancelled. `fatal` gets the first chunk's fatal error.
ChromeEventParser::Engine engineOf(const ImportContext& ctx)
{
    return ctx.referenceJsonParser ? ChromeEventParser::Engine::Reference : ChromeEventParser::Engine::Fast;
}

// Stages: "scan" (this thread's reads and cuts; waited: the pipeline full), "parse" (the
// workers; waited: no batch queued), "merge" (this thread; waited: the next chunk not parsed
// once the input has ended).
bool parseOnPool(TraceScanner& scanner, ScannedDiagnostics& scanned, InputReader& input, ChromeEventMerger& merger,
    store::Diagnostics& diag, const ImportContext& ctx, unsigned workers, std::string& fatal, StageTimes& stages)
{
    const size_t maxInFlight = workers * 2;
    uint64_t nextSubmit = 0, nextMerge = 0;
    bool cancelled = false;
    StageClock scan, merge;
    std::optional<ParsePool> pool(std::in_place, workers, engineOf(ctx), stages);
    EventBatch batch;
    for (;;) {
        if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed)) {
            cancelled = true;
            break;
        }
        const double t0 = StageTimes::threadCpuSeconds();
        const bool more = scanner.next(batch, ChromeTraceImporter::kBatchBytes);
        scan.busy += StageTimes::threadCpuSeconds() - t0;
        scanned.handOver(more ? nextSubmit : UINT64_MAX); // reported while cutting this batch, or after the last
        if (more) {
            ++scan.count;
            batch.seq = nextSubmit++;
            pool->submit(std::move(batch));
            batch = pool->freshBatch();
        } else if (scan.count == nextSubmit) {
            scan.report(stages, "scan");
            scan.count = UINT64_MAX; // reported
        }
        // Merge in file order: whatever is ready now, and block only when the pipeline is full.
        while (nextMerge < nextSubmit) {
            const bool mustWait = !more || pool->inFlight() >= maxInFlight;
            auto chunk = pool->take(nextMerge, mustWait, more ? &scan.waited : &merge.waited);
            if (!chunk)
                break;
            if (!chunk->fatal.empty() && fatal.empty())
                fatal = chunk->fatal;
            const double m0 = StageTimes::threadCpuSeconds();
            scanned.mergeUpTo(nextMerge, diag);
            merger.merge(*chunk);
            merge.busy += StageTimes::threadCpuSeconds() - m0;
            ++merge.count;
            pool->recycle(std::move(chunk));
            ++nextMerge;
        }
        if (ctx.progress && input.fileBytes())
            ctx.progress(double(input.consumedBytes()) / double(input.fileBytes()));
        if (!more && nextMerge == nextSubmit)
            break;
    }
    // Unmerged results are dropped on cancel; the workers report "parse" as they are joined.
    if (cancelled) {
        double ignored = 0;
        while (nextMerge < nextSubmit)
            pool->take(nextMerge++, true, &ignored);
    }
    pool.reset();
    if (!cancelled)
        merge.report(stages, "merge");
    return cancelled;
}

// Scans, parses and merges each batch on the calling thread: no hand-over between threads,
// the whole import on one core. True when cancelled.
bool parseInline(TraceScanner& scanner, ScannedDiagnostics& scanned, InputReader& input, ChromeEventMerger& merger,
    store::Diagnostics& diag, const ImportContext& ctx, std::string& fatal, StageTimes& stages)
{
    EventBatch batch;
    ParsedChunk chunk;
    StageClock scan, parse, merge;
    // Each stage's own time: the three take turns on this thread, and none waits.
    auto timed = [](StageClock& c, auto&& work) {
        const double t0 = StageTimes::threadCpuSeconds();
        const auto r = work();
        c.busy += StageTimes::threadCpuSeconds() - t0;
        return r;
    };
    while (timed(scan, [&] { return scanner.next(batch, ChromeTraceImporter::kBatchBytes); })) {
        ++scan.count;
        if (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed))
            return true;
        timed(parse, [&] {
            parseBatch(batch, chunk, engineOf(ctx));
            return ++parse.count;
        });
        if (!chunk.fatal.empty() && fatal.empty())
            fatal = chunk.fatal;
        timed(merge, [&] {
            scanned.handOver(0);
            scanned.mergeUpTo(0, diag);
            merger.merge(chunk);
            return ++merge.count;
        });
        if (ctx.progress && input.fileBytes())
            ctx.progress(double(input.consumedBytes()) / double(input.fileBytes()));
    }
    scan.report(stages, "scan");
    parse.report(stages, "parse");
    merge.report(stages, "merge");
    return ctx.cancel && ctx.cancel->load(std::memory_order_relaxed);
}

} // namespace

int ChromeTraceImporter::probe(std::string_view head, const std::string&) const
{
    size_t i = 0;
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        i = 3;
    while (i < head.size() && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t'))
        ++i;
    if (i >= head.size())
        return 0;
    if (head[i] == '[')
        return 60;
    if (head[i] != '{')
        return 0;
    // Object form: the Neuron importer claims objects whose keys say so; plain Chrome
    // traces usually mention traceEvents early.
    return head.find("\"traceEvents\"") != std::string_view::npos ? 80 : 40;
}

ImportResult ChromeTraceImporter::import(
    InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const
{
    ImportResult result;
    ScannedDiagnostics scanned;
    TraceScanner scanner(input, scanned.current, [&](const std::string& key, std::string_view value, uint64_t size) {
        topLevelValue(builder, key, value, size);
    });
    const bool started = scanner.start();
    scanned.handOver(0); // what the scanner saw before the first event
    scanned.mergeUpTo(0, builder.diagnostics());
    if (!started) {
        // A compressed stream that fails before any JSON is the real reason.
        result.error = input.failed() ? input.error() : scanner.error();
        result.errorOffset = input.failed() ? input.errorOffset() : scanner.errorOffset();
        return result;
    }
    result.format = scanner.form() == TraceScanner::Form::Array ? "chrome-json-array" : "chrome-json-object";

    const unsigned workers
        = ctx.threads ? ctx.threads - 1 : std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    ChromeEventMerger merger(builder);
    std::string fatal;
    StageTimes stages;
    const bool cancelled = workers == 0
        ? parseInline(scanner, scanned, input, merger, builder.diagnostics(), ctx, fatal, stages)
        : parseOnPool(scanner, scanned, input, merger, builder.diagnostics(), ctx, workers, fatal, stages);
    result.stages = stages.stages();
    scanned.handOver(UINT64_MAX); // after the last batch (inline: the scan that found the end)
    scanned.mergeUpTo(UINT64_MAX, builder.diagnostics());
    if (cancelled || input.cancelled()) {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    if (!fatal.empty()) {
        result.error = fatal;
        return result;
    }
    if (input.failed())
        builder.diagnostics().report("truncated_input",
            "byte " + std::to_string(input.errorOffset()) + " of the file: " + input.error()
                + "; everything before it was kept");
    if (!scanner.sawEventsArray()) {
        result.error = "not a Chrome trace: no \"traceEvents\" array";
        result.errorOffset = 0;
        return result;
    }
    if (scanner.entries() == 0 && builder.diagnostics().get("non_object_event") > 0) {
        result.error = "not a Chrome trace: the event array holds no objects";
        return result;
    }
    result.phases = merger.phases();
    ChromeSkippedKinds::record(result.phases, builder);
    result.ok = true;
    return result;
}

} // namespace strata::importers
