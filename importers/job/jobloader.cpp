#include "jobloader.h"

#include "jobprogress.h"

#include <snapshot/snapshotcache.h>
#include <store/joblayout.h>
#include <store/storemerger.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <time.h>

namespace strata::importers::job {

namespace {

// The attachment of a job's snapshot that keeps its members' problems (not the plan's: those
// are the plan's again on the next open).
constexpr const char* kProblems = "job_problems";
// A fingerprint longer than this (thousands of members) is kept as a digest of itself, within
// the snapshot format's limit of 64 KiB.
constexpr size_t kMaxFingerprintText = 48 * 1024;

// "PATH: REASON (at byte N)", as a LoadResult's error: the reason alone.
std::string reasonOf(const std::string& error, const std::string& path)
{
    std::string reason = error;
    if (reason.compare(0, path.size() + 2, path + ": ") == 0)
        reason.erase(0, path.size() + 2);
    const size_t at = reason.rfind(" (at byte ");
    if (at != std::string::npos && !reason.empty() && reason.back() == ')')
        reason.erase(at);
    return reason;
}

// A store cut short keeps its events before the cut: the diagnostic saying where, if any.
bool cutShort(const store::EventStore& s, std::string* where, uint64_t* offset)
{
    if (s.diagnostics().get("truncated_input") == 0)
        return false;
    *where = "the file is cut short";
    for (const std::string& message : s.diagnostics().messages())
        if (message.rfind("truncated_input: ", 0) == 0) {
            *where = message.substr(17);
            break;
        }
    const size_t b = where->find("byte ");
    if (b != std::string::npos)
        *offset = std::strtoull(where->c_str() + b + 5, nullptr, 10);
    return true;
}

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The calling thread's CPU seconds: an append's own cost, which its wall time is not on a
// machine where the thread waits for a core.
double threadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// What is kept of a member's load once its store is merged.
struct Outcome {
    bool loaded = false;
    bool cancelled = false;
    std::string error; // a failed member's, "PATH: REASON (at byte N)"
    uint64_t errorOffset = 0;
    std::string cut; // a member loaded in part: where it was cut short
    uint64_t cutOffset = 0;
    std::string format;
    Compression compression = Compression::None;
    uint64_t fileBytes = 0, inputBytes = 0;
    std::map<std::string, uint64_t> phases;
    double seconds = 0;
    std::vector<std::string> notes;
};

// One load of a job: the members' queue, the merge turn and what each member left.
struct Run {
    const JobPlan& plan;
    const ImportContext& ctx;
    const CacheOptions& cache;
    JobProgress progress;
    store::StoreMerger merger;
    std::vector<Outcome> outcomes;
    std::atomic<size_t> next { 0 };
    std::mutex mutex;
    std::condition_variable turnChanged;
    size_t turn = 0; // the member whose store is merged next: every one before it is through
    std::string failure; // the merge itself failed (out of memory): the job is not loaded
    std::atomic<bool> failed { false };
    double mergeSeconds = 0;
    double mergeCpuSeconds = 0;
    double waitSeconds = 0;
    unsigned rankThreads;
    size_t workers = 1;

    Run(const JobPlan& p, const ImportContext& c, const CacheOptions& o, unsigned threads)
        : plan(p)
        , ctx(c)
        , cache(o)
        , progress(c.progress, p.ranks.size())
        , outcomes(p.ranks.size())
        , rankThreads(threads)
    {
    }

    bool stopped() const { return failed || (ctx.cancel && ctx.cancel->load()); }

    // Takes members until none is left; each loads here, waits for its turn, is merged and
    // released, so no more than one store per worker waits besides the merged one.
    void work()
    {
        for (size_t i = next++; i < plan.ranks.size(); i = next++) {
            LoadResult r;
            if (stopped()) {
                r.cancelled = true;
            } else {
                ImportContext member;
                member.cancel = ctx.cancel;
                // Without a snapshot to write, the rank's store goes to the merger alone,
                // which deduplicates its argument sets: the rank need not do it too.
                member.argSetsForMerger = !cache.enabled;
                // A rank that loads beside others gets its share of the cores (the ranks fill
                // them, and no hand-over between threads is paid twice); the last ones, which
                // the other workers leave alone as they run out of ranks, take every core as a
                // single load does.
                member.threads = i + workers <= plan.ranks.size() ? rankThreads : 0;
                if (ctx.progress)
                    member.progress = [this, i](double f) { progress.member(i, f); };
                r = loadMember(i, member);
                writeSnapshot(i, r);
            }
            {
                const auto w0 = std::chrono::steady_clock::now();
                std::unique_lock<std::mutex> lock(mutex);
                turnChanged.wait(lock, [&] { return turn == i; });
                waitSeconds += since(w0); // under the lock
            }
            merge(i, std::move(r));
            progress.done(i);
            {
                const std::lock_guard<std::mutex> lock(mutex);
                ++turn;
            }
            turnChanged.notify_all();
        }
    }

    // CachedLoader never throws but for what a thread must not let out (out of memory
    // outside the import): the member fails, not the process.
    LoadResult loadMember(size_t i, const ImportContext& member)
    {
        const std::string& path = plan.ranks[i].path;
        try {
            return CachedLoader::load(path, member, cache);
        } catch (const std::exception& e) {
            LoadResult r;
            r.error = path + ": " + (dynamic_cast<const std::bad_alloc*>(&e) ? "out of memory" : e.what());
            return r;
        }
    }

    // A member parsed from its source gets its own snapshot, so that reopening the job with
    // another alignment reads snapshots; a failure costs only that speed.
    void writeSnapshot(size_t i, const LoadResult& r)
    {
        if (!cache.enabled || !r.store || r.fromSnapshot || stopped())
            return;
        std::string error;
        if (!CachedLoader::writeCache(r, plan.ranks[i].path, cache, &error))
            outcomes[i].notes.push_back("snapshot not cached: " + error);
    }

    // On member i's turn: keeps what the result says and appends its store.
    void merge(size_t i, LoadResult r)
    {
        Outcome& o = outcomes[i];
        o.cancelled = r.cancelled;
        o.error = std::move(r.error);
        o.errorOffset = r.errorOffset;
        for (std::string& n : r.snapshotNotes)
            o.notes.push_back(std::move(n));
        if (!r.store)
            return;
        if (stopped()) { // loaded, but the job is cancelled or failed: nothing wrong with it
            o.cancelled = true;
            return;
        }
        o.format = std::move(r.format);
        o.compression = r.compression;
        o.fileBytes = r.fileBytes;
        o.inputBytes = r.inputBytes;
        o.phases = std::move(r.phases);
        o.seconds = r.seconds;
        o.loaded = true;
        if (!o.error.empty()) {
            o.cut = reasonOf(o.error, plan.ranks[i].path);
            o.cutOffset = o.errorOffset;
        } else {
            cutShort(*r.store, &o.cut, &o.cutOffset);
        }
        const JobPlan::Member& m = plan.ranks[i];
        try {
            const auto t0 = std::chrono::steady_clock::now();
            const double cpu0 = threadCpuSeconds();
            merger.append(m.rank, m.path, m.rankFromName, std::move(r.store));
            mergeSeconds += since(t0); // on the merge turn: one thread at a time
            mergeCpuSeconds += threadCpuSeconds() - cpu0;
        } catch (const std::exception& e) {
            o.loaded = false;
            o.error = m.path + ": could not be merged: "
                + (dynamic_cast<const std::bad_alloc*>(&e) ? std::string("out of memory") : std::string(e.what()));
            const std::lock_guard<std::mutex> lock(mutex);
            if (failure.empty())
                failure = o.error;
            failed = true;
        }
    }
};

// The members' problems (failed, cut short) in rank order, the job's format and the byte counts, summed.
void summarize(Run& run, JobLoader::Result& out)
{
    std::set<std::string> formats;
    std::string formatList;
    bool first = true;
    for (size_t i = 0; i < run.outcomes.size(); ++i) {
        Outcome& o = run.outcomes[i];
        const JobPlan::Member& m = run.plan.ranks[i];
        for (const std::string& n : o.notes)
            out.merged.snapshotNotes.push_back(m.path + ": " + n);
        if (!o.loaded) {
            if (!o.cancelled)
                out.problems.push_back({ m.path, "not loaded: " + reasonOf(o.error, m.path), o.errorOffset });
            continue;
        }
        if (!o.cut.empty())
            out.problems.push_back({ m.path, "cut short: " + o.cut, o.cutOffset });
        ++out.ranksLoaded;
        out.sumRankSeconds += o.seconds;
        out.merged.fileBytes += o.fileBytes;
        out.merged.inputBytes += o.inputBytes;
        for (const auto& [phase, n] : o.phases)
            out.merged.phases[phase] += n;
        if (first)
            out.merged.compression = o.compression;
        first = false;
        if (formats.insert(o.format).second)
            formatList += (formatList.empty() ? "" : ", ") + o.format;
    }
    out.merged.format = "job of " + std::to_string(out.ranksLoaded) + (out.ranksLoaded == 1 ? " rank (" : " ranks (")
        + formatList + ")";
}

// The members' problems as the job's snapshot keeps them: per problem "OFFSET PATHLEN
// REASONLEN PATHREASON\n" (lengths, so that a path may hold any byte).
std::string encodeProblems(const std::vector<JobPlan::Problem>& problems)
{
    std::string out;
    for (const JobPlan::Problem& p : problems)
        out += std::to_string(p.offset) + ' ' + std::to_string(p.path.size()) + ' ' + std::to_string(p.reason.size())
            + ' ' + p.path + p.reason + '\n';
    return out;
}

// The inverse of encodeProblems; false when the text is not its output.
bool decodeProblems(const std::string& text, std::vector<JobPlan::Problem>& out)
{
    std::istringstream in(text);
    uint64_t offset = 0;
    size_t pathBytes = 0, reasonBytes = 0;
    while (in >> offset >> pathBytes >> reasonBytes) {
        if (in.get() != ' ' || pathBytes > text.size() || reasonBytes > text.size())
            return false;
        JobPlan::Problem p;
        p.offset = offset;
        p.path.resize(pathBytes);
        p.reason.resize(reasonBytes);
        if (!in.read(&p.path[0], std::streamsize(pathBytes)) || !in.read(&p.reason[0], std::streamsize(reasonBytes))
            || in.get() != '\n')
            return false;
        out.push_back(std::move(p));
    }
    return in.eof();
}

// A 64-bit FNV-1a of `s` as 16 hex digits: a long fingerprint's digest.
std::string digest(const std::string& s)
{
    uint64_t h = 1469598103934665603ull;
    for (const unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

std::string absolutePath(const std::string& path)
{
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
    return ec ? path : p.string();
}

} // namespace

JobLoader::Result JobLoader::load(
    const JobPlan& plan, const ImportContext& ctx, const CacheOptions& cache, unsigned workers, unsigned rankThreads)
{
    const auto t0 = std::chrono::steady_clock::now();
    Result out;
    out.problems = plan.problems;
    if (plan.kind != JobPlan::Kind::Job || plan.ranks.empty()) {
        out.merged.error = plan.kind == JobPlan::Kind::Refused ? plan.refusal : "not the ranks of a job";
        return out;
    }
    Run run(plan, ctx, cache, rankThreads);
    {
        std::vector<std::thread> threads;
        const size_t n = std::max<size_t>(1, std::min<size_t>(workers, plan.ranks.size()));
        run.workers = n;
        if (rankThreads == 0)
            run.rankThreads = std::max(1u, std::thread::hardware_concurrency() / unsigned(n));
        for (size_t w = 1; w < n; ++w)
            threads.emplace_back([&run] { run.work(); });
        run.work();
        for (std::thread& t : threads)
            t.join();
    }
    summarize(run, out);
    out.mergeSeconds = run.mergeSeconds;
    out.mergeCpuSeconds = run.mergeCpuSeconds;
    out.waitSeconds = run.waitSeconds;
    if (run.failed && !run.failure.empty()) {
        out.merged.error = "the job could not be loaded: " + run.failure;
    } else if (ctx.cancel && ctx.cancel->load()) {
        out.merged.cancelled = true;
        out.merged.error = "load cancelled";
    } else if (out.ranksLoaded == 0) {
        std::string reason;
        for (const Outcome& o : run.outcomes)
            if (!o.error.empty()) {
                reason = o.error;
                break;
            }
        out.merged.error = "no rank of the job could be read" + (reason.empty() ? std::string() : ": " + reason);
    }
    if (!out.merged.error.empty() || out.merged.cancelled) {
        out.merged.seconds = since(t0);
        return out;
    }
    const auto tf = std::chrono::steady_clock::now();
    try {
        out.merged.store = run.merger.finish();
    } catch (const std::bad_alloc&) {
        out.merged.error = "the job could not be loaded: out of memory while merging its ranks";
    }
    out.merged.finalizeSeconds = since(tf);
    out.merged.seconds = since(t0);
    run.progress.finished();
    return out;
}

std::string JobLoader::cacheKey(const JobPlan& plan, const std::string& alignment)
{
    std::vector<std::string> paths;
    for (const JobPlan::Member& m : plan.ranks)
        paths.push_back(absolutePath(m.path));
    std::sort(paths.begin(), paths.end());
    // Starts with no '/': never the key of one source's snapshot (an absolute path).
    std::string key = "strata-job 1\nalignment " + alignment + "\n";
    for (const std::string& p : paths)
        key += p + '\n';
    return key;
}

std::string JobLoader::cacheFingerprint(const JobPlan& plan, const std::string& alignment)
{
    std::string text = "strata-job 1\nalignment " + alignment + "\n";
    for (const JobPlan::Member& m : plan.ranks) {
        const std::string member = store::SnapshotCache::sourceFingerprint(m.path);
        if (member.empty())
            return {};
        text += "rank " + std::to_string(m.rank) + (m.rankFromName ? " name\n" : "\n") + member;
    }
    if (text.size() > kMaxFingerprintText)
        return "strata-job 1\nalignment " + alignment + "\nmembers " + std::to_string(plan.ranks.size()) + "\ndigest "
            + digest(text) + "\n";
    return text;
}

JobLoader::Result JobLoader::loadCached(
    const JobPlan& plan, const std::string& alignment, const ImportContext& ctx, const CacheOptions& cache)
{
    Result out;
    out.problems = plan.problems;
    if (plan.kind != JobPlan::Kind::Job || plan.ranks.empty())
        return out;
    out.merged = CachedLoader::loadKeyed(
        cacheKey(plan, alignment), [&] { return cacheFingerprint(plan, alignment); }, ctx, cache);
    if (!out.merged.store)
        return out;
    const auto it = out.merged.attachments.find(kProblems);
    if (it != out.merged.attachments.end()) {
        std::vector<JobPlan::Problem> members;
        if (decodeProblems(it->second, members))
            out.problems.insert(out.problems.end(), members.begin(), members.end());
        out.merged.attachments.erase(it);
    }
    out.ranksLoaded = store::JobLayout::of(*out.merged.store).ranks().size();
    if (ctx.progress)
        ctx.progress(1.0);
    return out;
}

bool JobLoader::writeCache(const Result& job, const JobPlan& plan, const std::string& alignment,
    const CacheOptions& cache, std::string* error, const std::map<std::string, std::string>& extra)
{
    if (!cache.enabled || !job.merged.store || (job.merged.fromSnapshot && !job.merged.refreshCache))
        return true; // (before the fingerprint, which reads every member's edges)
    // Only the members' problems: the plan's are found again by the next open's plan.
    const std::vector<JobPlan::Problem> members(
        job.problems.begin() + std::ptrdiff_t(std::min(plan.problems.size(), job.problems.size())), job.problems.end());
    std::map<std::string, std::string> attachments = extra;
    attachments[kProblems] = encodeProblems(members);
    return CachedLoader::writeKeyed(
        job.merged, cacheKey(plan, alignment), cacheFingerprint(plan, alignment), cache, error, attachments);
}

} // namespace strata::importers::job
