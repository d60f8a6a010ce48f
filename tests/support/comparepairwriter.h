#pragma once
// Writes a pair of Kineto-like Chrome traces to compare (strata-cli diff, the Compare dock):
// a host thread with ProfilerStep#N steps holding one CPU op per operator, each launching
// one kernel on a GPU stream through cudaLaunchKernel (correlation ids), so both device scope
// and steps exist. B is A with one operator's kernels scaled, one operator removed, one added
// and extra steps. Every duration is a function of the spec, so a test computes the expected
// comparison from the same spec instead of copying numbers. Standard library only.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace comparepair {

struct Op {
    std::string name; // the CPU op ("aten::mm"); its kernel is "kernel_" + the part after "::"
    int64_t kernelNs = 0; // the kernel's duration in step 0
};

struct Spec {
    std::vector<Op> ops { { "aten::conv2d", 240000 }, { "aten::mm", 180000 }, { "aten::relu", 40000 },
        { "aten::dropout", 30000 }, { "aten::add", 20000 } };
    int steps = 4; // A's steps; B has steps + extraSteps
    int extraSteps = 2;
    std::string scaledOp = "aten::mm";
    int scaleNum = 3, scaleDen = 2; // B's kernels of scaledOp last scaleNum/scaleDen as long
    std::string removedOp = "aten::dropout"; // absent from B
    Op addedOp { "aten::gelu", 50000 }; // only in B, in the removed op's slot
    // A kernel of an odd step runs this much longer: with an even number of steps on each
    // side, an operator B did not change has the same total per step.
    int64_t stepVariationNs = 2000;
    int64_t slotNs = 1000000; // each op's share of a step: host op, launch, kernel
    int64_t startNs = 5000000000; // the first step's start
};

// The operators of one side, in step order.
inline std::vector<Op> opsOf(const Spec& spec, bool sideB)
{
    std::vector<Op> out;
    for (const Op& op : spec.ops) {
        if (!sideB || op.name != spec.removedOp)
            out.push_back(op);
        else
            out.push_back(spec.addedOp);
    }
    return out;
}

inline int stepsOf(const Spec& spec, bool sideB)
{
    return spec.steps + (sideB ? spec.extraSteps : 0);
}

// The duration of `op`'s kernel in step `step` on one side.
inline int64_t kernelNs(const Spec& spec, const Op& op, int step, bool sideB)
{
    int64_t ns = op.kernelNs + (step % 2) * spec.stepVariationNs;
    if (sideB && op.name == spec.scaledOp)
        ns = ns * spec.scaleNum / spec.scaleDen;
    return ns;
}

// Nanoseconds as Chrome JSON's microseconds with 3 decimals: exact.
inline std::string us(int64_t ns)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%lld.%03lld", static_cast<long long>(ns / 1000), static_cast<long long>(ns % 1000));
    return buf;
}

inline std::string traceJson(const Spec& spec, bool sideB)
{
    constexpr int kHostPid = 4242, kGpuPid = 0, kStream = 7;
    std::string out = "{\"schemaVersion\":1,\"traceEvents\":[\n";
    auto event = [&](const std::string& body) { out += "{" + body + "},\n"; };
    auto slice = [&](int pid, int tid, const std::string& name, const char* cat, int64_t ts, int64_t dur,
                     const std::string& args) {
        event("\"ph\":\"X\",\"cat\":\"" + std::string(cat) + "\",\"name\":\"" + name
            + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) + ",\"ts\":" + us(ts)
            + ",\"dur\":" + us(dur) + ",\"args\":{" + args + "}");
    };
    event("\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(kHostPid)
        + ",\"tid\":0,\"args\":{\"name\":\"python3 train.py\"}");
    event("\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(kHostPid)
        + ",\"tid\":" + std::to_string(kHostPid) + ",\"args\":{\"name\":\"MainThread\"}");
    event("\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(kGpuPid)
        + ",\"tid\":0,\"args\":{\"name\":\"GPU 0\"}");
    event("\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(kGpuPid)
        + ",\"tid\":" + std::to_string(kStream) + ",\"args\":{\"name\":\"stream " + std::to_string(kStream) + "\"}");
    const std::vector<Op> ops = opsOf(spec, sideB);
    const int64_t stepNs = spec.slotNs * int64_t(ops.size());
    int correlation = 1;
    for (int s = 0; s < stepsOf(spec, sideB); ++s) {
        const int64_t stepStart = spec.startNs + s * stepNs;
        slice(kHostPid, kHostPid, "ProfilerStep#" + std::to_string(s + 1), "user_annotation", stepStart, stepNs - 1000,
            "");
        for (size_t i = 0; i < ops.size(); ++i) {
            const int64_t slot = stepStart + int64_t(i) * spec.slotNs;
            const std::string ids
                = "\"correlation\":" + std::to_string(correlation) + ",\"External id\":" + std::to_string(correlation);
            slice(kHostPid, kHostPid, ops[i].name, "cpu_op", slot + 1000, 50000,
                "\"External id\":" + std::to_string(correlation));
            slice(kHostPid, kHostPid, "cudaLaunchKernel", "cuda_runtime", slot + 10000, 5000, ids);
            const std::string kernel = "kernel_" + ops[i].name.substr(ops[i].name.find("::") + 2);
            slice(kGpuPid, kStream, kernel, "kernel", slot + 20000, kernelNs(spec, ops[i], s, sideB),
                ids + ",\"device\":0,\"stream\":" + std::to_string(kStream));
            ++correlation;
        }
    }
    out.resize(out.size() - 2); // the last ",\n"
    out += "\n]}\n";
    return out;
}

inline bool write(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
    return bool(f);
}

// Writes A and B; false when a file cannot be written.
inline bool writePair(const Spec& spec, const std::string& pathA, const std::string& pathB)
{
    return write(pathA, traceJson(spec, false)) && write(pathB, traceJson(spec, true));
}

} // namespace comparepair
