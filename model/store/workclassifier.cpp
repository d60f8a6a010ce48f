#include "workclassifier.h"

#include "devicerules.h"

#include <cctype>
#include <initializer_list>
#include <string>

namespace strata::store {

namespace {

bool alpha(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

std::string lowered(std::string_view text)
{
    std::string lower(text);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower;
}

bool contains(const std::string& lower, std::initializer_list<const char*> words)
{
    for (const char* w : words)
        if (lower.find(w) != std::string::npos)
            return true;
    return false;
}

// A match must not sit inside a longer alphabetic word ("dma" in "admac" is not one); an
// "h" just before still counts ("hdma"). `rejectBefore`: a letter that may not precede the
// word even so ("a" for "async", "await").
bool containsWord(const std::string& lower, std::initializer_list<const char*> words, char rejectBefore = 0)
{
    for (const char* word : words) {
        const std::string w(word);
        for (size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1)) {
            const bool startOk = at == 0 || !alpha(lower[at - 1]) || lower[at - 1] == 'h';
            const size_t end = at + w.size();
            const bool endOk = end >= lower.size() || !alpha(lower[end]);
            if (startOk && endOk && !(rejectBefore && at > 0 && lower[at - 1] == rejectBefore))
                return true;
        }
    }
    return false;
}

bool isCommunication(const std::string& lower)
{
    return contains(lower,
               { "nccl", "rccl", "hccl", "all-reduce", "allreduce", "all_reduce", "all-gather", "allgather",
                   "all_gather", "reduce-scatter", "reduce_scatter", "reducescatter", "all-to-all", "alltoall",
                   "all_to_all", "sendrecv", "send_recv", "collective" })
        // Sophgo's CDMA is the chip-to-chip engine; RBLN's CCL group holds its collectives.
        || containsWord(lower, { "cdma", "ccl" });
}

bool isMemory(const std::string& lower)
{
    if (contains(lower, { "memcpy", "memset" }))
        return true;
    // Engines named "<letter>DMA": Sophgo's GDMA (global memory), SDMA, RBLN's HDMA.
    return containsWord(lower,
        { "dma", "hdma", "gdma", "sdma", "h2d", "d2h", "htod", "dtoh", "dtod", "copy", "transfer", "tensor_write",
            "tensor_read" });
}

bool isSync(const std::string& lower)
{
    // "sync" and "wait" also start camel-case calls ("cudaStreamSynchronize", "StreamWaitEvent").
    for (const char* w : { "sync", "wait" })
        for (size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1))
            if (at == 0 || lower[at - 1] != 'a')
                return true;
    return contains(lower, { "barrier", "semaphore" });
}

bool isHostCategory(std::string_view category)
{
    if (DeviceRules::categoryWork(category) == DeviceRules::HostWork)
        return true;
    const std::string lower = lowered(category);
    return contains(lower, { "_runtime", "_driver", "cpu_op", "python_function", "user_annotation" })
        && lower.find("gpu_user_annotation") == std::string::npos;
}

// Holistic Trace Analysis's compute pattern, inverted (hta/common/types.py): the launched
// device work it does not count as compute.
bool htaNotCompute(std::string_view name)
{
    const auto starts = [name](std::string_view p) { return name.substr(0, p.size()) == p; };
    const auto has = [name](std::string_view p) { return name.find(p) != std::string_view::npos; };
    for (const char* p : { "nccl", "Stream Wait Event", "runFunction", "hip", "job_exe", "packet", "pe_exe",
             "cpum_exe_subgraph", "hccl", "collective_subgraph_execution" })
        if (starts(p))
            return true;
    for (const char* p : { "Memcpy", "Memset", "dma", "Sync" })
        if (has(p))
            return true;
    return starts("cuda") && name.find("LaunchKernel", 4) != std::string_view::npos;
}

} // namespace

WorkKind WorkClassifier::ofText(std::string_view text)
{
    if (text.empty())
        return WorkKind::Compute;
    const std::string lower = lowered(text);
    if (isCommunication(lower))
        return WorkKind::Communication;
    if (isMemory(lower))
        return WorkKind::Memory;
    if (isSync(lower))
        return WorkKind::Sync;
    return WorkKind::Compute;
}

WorkKind WorkClassifier::ofType(std::string_view name, std::string_view category)
{
    if (DeviceRules::launchedByHost(category))
        return ofLaunchedWork(name, category);
    const WorkKind c = ofText(category), n = ofText(name);
    for (WorkKind k : { WorkKind::Communication, WorkKind::Memory, WorkKind::Sync }) {
        if (c == k || n == k)
            return k;
    }
    return isHostCategory(category) ? WorkKind::Host : WorkKind::Compute;
}

WorkKind WorkClassifier::ofLaunchedWork(std::string_view name, std::string_view category)
{
    const std::string lower = lowered(name);
    const auto startsWith = [&lower](const char* prefix) { return lower.rfind(prefix, 0) == 0; };
    // Holistic Trace Analysis: ^nccl|^hip|^hccl|ncclKernel; Strata adds the collectives by
    // name anywhere in it (ncclDevKernel_* inside "void ...", RCCL, custom all-reduce kernels).
    if (startsWith("hip") || isCommunication(lower))
        return WorkKind::Communication;
    // HTA: ^(hip)?Memcpy|^(hip)?Memset|^dma; Strata adds the copy categories whatever the name.
    const auto named = [name](std::string_view p) { return name.substr(0, p.size()) == p; };
    if (named("Memcpy") || named("Memset") || named("dma") || category == "gpu_memcpy" || category == "gpu_memset"
        || category == "Memcpy" || category == "Memset")
        return WorkKind::Memory;
    // What HTA's compute pattern excludes (case as written) is its OTHER: "...Sync...",
    // "Stream Wait Event", launches, MTIA's job/packet/PE executions, copies named
    // mid-name. Everything else is a kernel, compute: a copy kernel
    // ("copy_device_to_device") runs on the cores, so the words that make a memory engine
    // elsewhere do not apply here.
    if (htaNotCompute(name))
        return WorkKind::Sync;
    return WorkKind::Compute;
}

WorkKind WorkClassifier::ofTrackName(const EventStore& store, TrackId track)
{
    const TrackInfo* t = &store.track(track);
    while (t->kind == TrackKind::Overflow && t->parent.valid())
        t = &store.track(t->parent);
    if (!t->name.valid())
        return WorkKind::Compute;
    const std::string_view name = store.str(t->name);
    const std::string lower = lowered(name);
    // Neuron's collective rows: "CC-core0", "cc_1", "CC".
    if (lower == "cc" || lower.rfind("cc-", 0) == 0 || lower.rfind("cc_", 0) == 0)
        return WorkKind::Communication;
    return ofText(name);
}

WorkKind WorkClassifier::ofTrack(const EventStore& store, TrackId track)
{
    // A track's role is what a compute slice on it would be.
    return combine(ofTrackName(store, track), store.track(track).role == TrackRole::Host, WorkKind::Compute);
}

WorkKind WorkClassifier::ofSlice(const EventStore& store, SliceRow row)
{
    const TrackId track = store.sliceTrack(row);
    const EventType& type = store.types().get(store.sliceType(row));
    return combine(ofTrackName(store, track), store.track(track).role == TrackRole::Host,
        ofType(store.str(type.name), store.str(type.category)));
}

} // namespace strata::store
