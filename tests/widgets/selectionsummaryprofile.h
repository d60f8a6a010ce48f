#pragma once
// The Current Selection Summary tests' profile, described once and built twice: with
// StoreBuilder for the widget, and as a Chrome JSON file for strata-cli. Times in µs; the
// trace spans [0, 1000] µs: an NPU (engine and DMA with bytes, FLOPs, MFU; an HBM counter)
// and a host thread with two steps, [0, 500) and [500, 980).
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <memory>
#include <vector>

namespace selectionsummaryprofile {

using strata::store::TimeNs;
namespace store = strata::store;

struct Slice {
    int pid, tid;
    const char* name;
    int ts, dur;
    const char* key1;
    double value1;
    const char* key2;
    double value2;
};
struct Thread {
    int pid, tid;
    const char* name;
};
struct Sample {
    int ts;
    double value;
};

const std::pair<int, const char*> kProcesses[] = { { 1, "NPU 0" }, { 100, "host" } };
const Thread kThreads[] = { { 1, 1, "Neural Engine" }, { 1, 2, "Task DMA" }, { 100, 100, "MainThread" } };
const Slice kSlices[] = {
    { 1, 1, "matmul", 0, 100, "flops", 1e9, "mfu", 40 },
    { 1, 1, "matmul", 150, 200, "flops", 2e9, "mfu", 60 },
    { 1, 1, "conv", 400, 300, "flops", 3e9, "mfu", 50 },
    { 1, 1, "conv", 800, 150, "flops", 1e9, "mfu", 30 },
    { 1, 2, "dma", 50, 80, "bytes", 1e6, nullptr, 0 },
    { 1, 2, "dma", 300, 90, "bytes", 2e6, nullptr, 0 },
    { 1, 2, "dma", 700, 60, "bytes", 5e5, nullptr, 0 },
    { 1, 2, "dma", 950, 50, "bytes", 1e6, nullptr, 0 },
    { 100, 100, "step", 0, 500, nullptr, 0, nullptr, 0 },
    { 100, 100, "launch", 10, 5, nullptr, 0, nullptr, 0 },
    { 100, 100, "step", 500, 480, nullptr, 0, nullptr, 0 },
};
const Sample kHbm[] = { { 0, 1e9 }, { 250, 3e9 }, { 600, 2e9 } };

inline std::shared_ptr<const store::EventStore> buildStore()
{
    store::StoreBuilder b;
    std::map<int, store::ProcessId> pids;
    for (const auto& [pid, name] : kProcesses) {
        pids[pid] = b.process(store::IdValue::number(pid));
        b.setProcessName(pids[pid], b.intern(name));
    }
    std::map<std::pair<int, int>, uint32_t> tids;
    for (const Thread& t : kThreads) {
        tids[{ t.pid, t.tid }] = b.thread(pids[t.pid], store::IdValue::number(t.tid));
        b.setThreadName(tids[{ t.pid, t.tid }], b.intern(t.name));
    }
    for (const Slice& s : kSlices) {
        std::vector<store::Arg> args;
        if (s.key1)
            args.push_back(store::Arg::makeDouble(b.intern(s.key1), s.value1));
        if (s.key2)
            args.push_back(store::Arg::makeDouble(b.intern(s.key2), s.value2));
        b.completeSlice(tids[{ s.pid, s.tid }], TimeNs(s.ts) * 1000, TimeNs(s.dur) * 1000,
            b.type(b.intern(s.name), b.intern("cat")),
            args.empty() ? store::ArgSetId() : b.argSet(args.data(), args.size()));
    }
    for (const Sample& c : kHbm)
        b.counter(pids[1], b.intern("HBM used"), TimeNs(c.ts) * 1000, c.value);
    return store::StoreFinalizer::finalize(b);
}

inline QByteArray chromeJson()
{
    QJsonArray events;
    for (const auto& [pid, name] : kProcesses)
        events.append(QJsonObject {
            { "ph", "M" }, { "name", "process_name" }, { "pid", pid }, { "args", QJsonObject { { "name", name } } } });
    for (const Thread& t : kThreads)
        events.append(QJsonObject { { "ph", "M" }, { "name", "thread_name" }, { "pid", t.pid }, { "tid", t.tid },
            { "args", QJsonObject { { "name", t.name } } } });
    for (const Slice& s : kSlices) {
        QJsonObject args;
        if (s.key1)
            args[s.key1] = s.value1;
        if (s.key2)
            args[s.key2] = s.value2;
        events.append(QJsonObject { { "ph", "X" }, { "pid", s.pid }, { "tid", s.tid }, { "name", s.name },
            { "cat", "cat" }, { "ts", s.ts }, { "dur", s.dur }, { "args", args } });
    }
    for (const Sample& c : kHbm)
        events.append(QJsonObject { { "ph", "C" }, { "pid", 1 }, { "name", "HBM" }, { "ts", c.ts },
            { "args", QJsonObject { { "used", c.value } } } });
    return QJsonDocument(QJsonObject { { "traceEvents", events } }).toJson(QJsonDocument::Compact);
}

} // namespace selectionsummaryprofile
