#include "devicerules.h"

#include <cctype>
#include <cstring>
#include <string>

namespace strata::store {

namespace {

bool alpha(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// "gpu 0", "GPU:1", "npu#2", "mtia 17", "/device:TPU:0": a device word that is not inside a
// longer word, then separators, then a digit.
bool namesDevice(std::string_view text)
{
    std::string lower(text);
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* w : { "npu", "gpu", "tpu", "mtia", "hpu", "xpu", "neuroncore", "device" }) {
        const size_t n = std::strlen(w);
        for (size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1)) {
            if (at > 0 && (alpha(lower[at - 1]) || lower[at - 1] == '_'))
                continue; // inside a longer word or identifier: "launcher_test_mtia#3"
            size_t i = at + n;
            while (i < lower.size() && (lower[i] == ' ' || lower[i] == ':' || lower[i] == '#' || lower[i] == '_'))
                ++i;
            if (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i])))
                return true;
            // XProf: "/device:TPU:0", "/device:GPU:1"
            if (std::strcmp(w, "device") == 0 && i < lower.size() && namesDevice(lower.substr(i)))
                return true;
        }
    }
    return false;
}

constexpr uint8_t kUnknownSeen = 16; // a slice of a category the rule does not know

} // namespace

DeviceRules::Work DeviceRules::categoryWork(std::string_view c)
{
    // Kineto (CUPTI, legacy, MTIA), FuriosaAI's NPU spans, RBLN's engine categories.
    if (launchedByHost(c))
        return DeviceWork;
    for (const char* d :
        { "NPU", "Neural Engine Clusters", "Neural DMA", "Task DMA", "External HDMA", "Device HDMA", "Device Sync" })
        if (c == d)
            return DeviceWork;
    // Spans that label device work: user annotations, syncs (waits) and CUPTI metric ranges.
    for (const char* a : { "gpu_user_annotation", "cuda_sync", "cuda_profiler_range" })
        if (c == a)
            return Annotation;
    for (const char* h :
        { "cpu_op", "cuda_runtime", "cuda_driver", "python_function", "user_annotation", "Operator", "Runtime",
            "Python", "mtia_runtime", "hip_runtime", "fwdbwd", "Trace", "Nux", "cpu_instant_event", "Host", "host" })
        if (c == h)
            return HostWork;
    return Unknown;
}

bool DeviceRules::launchedByHost(std::string_view c)
{
    for (const char* d : { "kernel", "gpu_memcpy", "gpu_memset", "Kernel", "Memcpy", "Memset", "mtia_ccp_events" })
        if (c == d)
            return true;
    return false;
}

bool DeviceRules::processDeclaresDevice(std::string_view name, std::string_view labels)
{
    if (name.rfind("/host:", 0) == 0)
        return false;
    return namesDevice(name) || namesDevice(labels);
}

std::vector<TrackRole> DeviceRules::roles(
    const EventStore& store, const std::vector<std::optional<TrackRole>>& declared)
{
    std::vector<uint8_t> typeWork(store.types().size());
    for (uint32_t t = 0; t < typeWork.size(); ++t)
        typeWork[t] = categoryWork(store.str(store.types().get(TypeId(t)).category));
    const size_t n = store.trackCount();
    std::vector<uint8_t> work(n, 0);
    std::vector<TrackId> thread(n);
    for (uint32_t i = 0; i < n; ++i) {
        const TrackInfo& info = store.track(TrackId(i));
        thread[i] = info.kind == TrackKind::Overflow && info.parent.valid() ? info.parent : TrackId(i);
        if (info.kind != TrackKind::Thread && info.kind != TrackKind::Overflow)
            continue;
        uint8_t bits = 0;
        for (uint32_t r = info.slices.begin; r < info.slices.end && !(bits & DeviceWork); ++r) {
            const uint8_t w = typeWork[store.sliceType(SliceRow(r)).v];
            bits |= w ? w : kUnknownSeen;
        }
        work[thread[i].v] |= bits;
    }
    std::vector<TrackRole> out(n, TrackRole::Host);
    for (uint32_t i = 0; i < n; ++i) {
        const TrackInfo& info = store.track(TrackId(i));
        if (info.kind != TrackKind::Thread)
            continue;
        const uint8_t bits = work[i];
        if (i < declared.size() && declared[i])
            out[i] = *declared[i];
        else if (bits & DeviceWork)
            out[i] = TrackRole::Device;
        else if (bits & HostWork)
            out[i] = TrackRole::Host;
        else if (bits == Annotation)
            out[i] = TrackRole::Annotation;
        else if ((bits & kUnknownSeen) && info.process.valid()) {
            const ProcessInfo& p = store.process(info.process);
            out[i]
                = processDeclaresDevice(store.str(p.name), store.str(p.labels)) ? TrackRole::Device : TrackRole::Host;
        }
    }
    for (uint32_t i = 0; i < n; ++i)
        if (store.track(TrackId(i)).kind == TrackKind::Overflow)
            out[i] = out[thread[i].v];
    return out;
}

} // namespace strata::store
