#include "perfettotracktable.h"

#include "perfettoschema.h"

#include <unordered_set>

namespace strata::importers::perfetto {

using namespace strata::store;

namespace {
constexpr int kMaxDepth = 100; // deeper hierarchies are treated as loops (Perfetto's limit)

std::string trackKey(uint64_t uuid)
{
    return "track:" + std::to_string(uuid);
}
} // namespace

TrackTable::TrackTable(StoreBuilder& builder)
    : m_b(builder)
{
}

bool TrackTable::parse(const proto::Field& f, Descriptor* d, std::string* error, uint64_t* errorOffset)
{
    proto::Reader r = f.message();
    proto::Field x;
    auto sub = [&](const proto::Field& m, auto&& fn) {
        proto::Reader s = m.message();
        proto::Field y;
        while (s.next(&y))
            fn(y);
        if (s.failed()) {
            *error = s.error();
            *errorOffset = s.errorOffset();
            return false;
        }
        return true;
    };
    while (r.next(&x)) {
        switch (x.id) {
        case track::kUuid:
            if (x.isVarint())
                d->uuid = x.asUint64();
            break;
        case track::kParentUuid:
            if (x.isVarint()) {
                d->parent = x.asUint64();
                d->hasParent = true;
            }
            break;
        case track::kName:
        case track::kStaticName:
        case track::kAtraceName:
            if (x.isBytes())
                d->name.assign(x.bytes);
            break;
        case track::kProcess:
            if (!x.isBytes())
                break;
            d->isProcess = true;
            if (!sub(x, [&](const proto::Field& y) {
                    if (y.id == process::kPid && y.isVarint())
                        d->pid = y.asInt32();
                    else if (y.isBytes()
                        && (y.id == process::kProcessName || (y.id == process::kCmdline && d->processName.empty())))
                        d->processName.assign(y.bytes); // process_name, else cmdline[0]
                    else if (y.id == process::kLegacySortIndex && y.isVarint()) {
                        d->hasSortIndex = true;
                        d->sortIndex = y.asInt32();
                    } else if (y.id == process::kProcessLabels && y.isBytes())
                        d->labels += (d->labels.empty() ? "" : ", ") + std::string(y.bytes);
                }))
                return false;
            break;
        case track::kThread:
            if (!x.isBytes())
                break;
            d->isThread = true;
            if (!sub(x, [&](const proto::Field& y) {
                    if (y.id == thread::kPid && y.isVarint())
                        d->threadPid = y.asInt32();
                    else if (y.id == thread::kTid && y.isVarint())
                        d->tid = y.asInt64();
                    else if (y.id == thread::kThreadName && y.isBytes())
                        d->threadName.assign(y.bytes);
                }))
                return false;
            break;
        case track::kCounter:
            if (!x.isBytes())
                break;
            d->isCounter = true;
            if (!sub(x, [&](const proto::Field& y) {
                    if (y.id == counter::kUnitMultiplier && y.isVarint() && y.asInt64() != 0)
                        d->multiplier = y.asInt64();
                    else if (y.id == counter::kIsIncremental && y.isVarint())
                        d->incremental = y.asBool();
                }))
                return false;
            break;
        default: break;
        }
    }
    if (r.failed()) {
        *error = r.error();
        *errorOffset = r.errorOffset();
        return false;
    }
    return true;
}

bool TrackTable::sameShape(const Descriptor& a, const Descriptor& b) const
{
    return a.hasParent == b.hasParent && (!a.hasParent || a.parent == b.parent) && a.isProcess == b.isProcess
        && (!a.isProcess || a.pid == b.pid) && a.isThread == b.isThread
        && (!a.isThread || (a.threadPid == b.threadPid && a.tid == b.tid)) && a.isCounter == b.isCounter;
}

bool TrackTable::addDescriptor(
    const proto::Field& descriptor, std::vector<uint64_t>* resolved, std::string* error, uint64_t* errorOffset)
{
    Descriptor d;
    if (!parse(descriptor, &d, error, errorOffset))
        return false;
    auto it = m_descriptors.find(d.uuid);
    if (it != m_descriptors.end()) {
        Descriptor& old = it->second;
        if (!sameShape(old, d)) {
            m_b.diagnostics().report("perfetto_track_descriptor_conflict",
                "byte " + std::to_string(descriptor.offset) + ": track " + std::to_string(d.uuid)
                    + " described again with a different parent, process, thread or counter; the first kept");
            return true;
        }
        // Re-emitted descriptors may rename a process, a thread or a track.
        if (d.isProcess && !d.processName.empty() && d.processName != old.processName) {
            old.processName = d.processName;
            nameProcess(d.pid, d.processName);
        }
        bool renamed = false;
        if (!d.name.empty() && d.name != old.name) {
            old.name = d.name;
            renamed = true;
        }
        if (d.isThread && !d.threadName.empty() && d.threadName != old.threadName) {
            old.threadName = d.threadName;
            renamed = true;
        }
        auto p = m_placements.find(d.uuid);
        if (renamed && p != m_placements.end() && p->second.kind == Placement::Kind::Slices) {
            p->second.name = m_b.intern(placementName(old));
            if (p->second.thread != UINT32_MAX)
                m_b.setThreadName(p->second.thread, p->second.name);
        }
        return true;
    }
    if (d.hasParent && d.parent == d.uuid) {
        m_b.diagnostics().report("perfetto_track_hierarchy_loop",
            "byte " + std::to_string(descriptor.offset) + ": track " + std::to_string(d.uuid) + " is its own parent");
        d.hasParent = false;
    }
    d.ordinal = m_nextOrdinal++;
    if (d.isProcess) {
        const uint32_t index = processForPid(d.pid);
        Process& proc = m_processes[index];
        if (!d.processName.empty() || !d.name.empty())
            proc.name = !d.processName.empty() ? d.processName : d.name;
        if (!d.labels.empty())
            proc.labels = d.labels;
        if (d.hasSortIndex) {
            proc.hasSortIndex = true;
            proc.sortIndex = d.sortIndex;
        }
        applyProcessInfo(index);
    }
    const uint64_t uuid = d.uuid;
    m_descriptors.emplace(uuid, std::move(d));
    if (tryPlace(uuid, false))
        resolved->push_back(uuid);
    // Tracks that waited for this one may be placeable now (or wait on a further ancestor).
    std::vector<uint64_t> work { uuid };
    while (!work.empty()) {
        const uint64_t parent = work.back();
        work.pop_back();
        auto w = m_waiting.find(parent);
        if (w == m_waiting.end())
            continue;
        std::vector<uint64_t> children = std::move(w->second);
        m_waiting.erase(w);
        for (uint64_t child : children) {
            if (m_placements.count(child))
                continue;
            if (tryPlace(child, false)) {
                resolved->push_back(child);
                work.push_back(child);
            }
        }
    }
    return true;
}

std::string TrackTable::displayName(const Descriptor& d) const
{
    if (d.isThread)
        return !d.threadName.empty() ? d.threadName : d.name;
    // The names of the non-process ancestors below the anchoring process, then this one's.
    std::string path = d.name.empty() ? "Track " + std::to_string(d.uuid) : d.name;
    const Descriptor* cur = &d;
    for (int depth = 0; depth < kMaxDepth && cur->hasParent; ++depth) {
        auto it = m_descriptors.find(cur->parent);
        if (it == m_descriptors.end())
            break;
        const Descriptor& p = it->second;
        if (p.isProcess)
            break;
        if (!p.hasParent && !p.isThread)
            break; // a root: it is the pseudo-process itself
        const std::string pn = p.isThread ? (!p.threadName.empty() ? p.threadName : p.name) : p.name;
        if (!pn.empty())
            path.insert(0, pn + " / ");
        if (p.isThread)
            break;
        cur = &p;
    }
    return path;
}

std::string TrackTable::placementName(const Descriptor& d) const
{
    if (d.isProcess && d.name.empty())
        return d.processName.empty() ? "Process " + std::to_string(d.pid) : d.processName;
    return displayName(d);
}

bool TrackTable::tryPlace(uint64_t uuid, bool force)
{
    const Descriptor& d = m_descriptors.at(uuid);
    Placement p;
    p.sortIndex = static_cast<int32_t>(d.ordinal);
    if (d.isThread) {
        p.process = processForPid(d.threadPid);
        p.tid = IdValue::number(d.tid);
        p.name = m_b.intern(placementName(d));
    } else if (d.isProcess) {
        p.process = processForPid(d.pid);
        p.tid = IdValue::string(m_b.intern(trackKey(uuid)));
        p.name = m_b.intern(placementName(d));
    } else {
        // Walk up to the anchoring process or thread, or to the root.
        const Descriptor* cur = &d;
        std::unordered_set<uint64_t> seen { uuid };
        bool loop = false;
        while (cur->hasParent && (cur == &d || !(cur->isProcess || cur->isThread))) {
            auto it = m_descriptors.find(cur->parent);
            if (it == m_descriptors.end()) {
                if (!force) {
                    m_waiting[cur->parent].push_back(uuid);
                    return false;
                }
                m_b.diagnostics().report("perfetto_track_parent_undefined",
                    "track " + std::to_string(cur->uuid) + " names parent " + std::to_string(cur->parent)
                        + ", which is never described; placed under a top-level track");
                break;
            }
            if (!seen.insert(cur->parent).second || seen.size() > static_cast<size_t>(kMaxDepth)) {
                loop = true;
                break;
            }
            cur = &it->second;
        }
        std::string name;
        if (loop) {
            m_b.diagnostics().report("perfetto_track_hierarchy_loop",
                "track " + std::to_string(uuid) + ": its parent_uuid chain loops or is deeper than "
                    + std::to_string(kMaxDepth) + "; placed as a top-level track");
            p.process = processForRoot(d);
            name = d.name.empty() ? "Track " + std::to_string(uuid) : d.name;
        } else {
            if (cur != &d && cur->isProcess)
                p.process = processForPid(cur->pid);
            else if (cur != &d && cur->isThread)
                p.process = processForPid(cur->threadPid);
            else
                p.process = processForRoot(*cur);
            name = displayName(d);
        }
        p.name = m_b.intern(name);
        if (d.isCounter) {
            p.kind = Placement::Kind::Counter;
            p.series = p.name;
            p.multiplier = d.multiplier;
            p.incremental = d.incremental;
            // One series per (process, name): a second counter of the same name gets its uuid.
            if (!m_seriesNames.insert((uint64_t(p.process) << 32) | p.series.v).second) {
                p.series = m_b.intern(name + " [" + std::to_string(uuid) + "]");
                m_seriesNames.insert((uint64_t(p.process) << 32) | p.series.v);
            }
        } else {
            p.tid = IdValue::string(m_b.intern(trackKey(uuid)));
        }
    }
    m_placements.emplace(uuid, p);
    return true;
}

uint32_t TrackTable::processForPid(int32_t pid)
{
    auto [it, inserted] = m_processByPid.try_emplace(pid, static_cast<uint32_t>(m_processes.size()));
    if (inserted) {
        Process p;
        p.pid = IdValue::number(pid);
        m_processes.push_back(p);
    }
    return it->second;
}

uint32_t TrackTable::processForRoot(const Descriptor& root)
{
    auto [it, inserted] = m_processByRoot.try_emplace(root.uuid, static_cast<uint32_t>(m_processes.size()));
    if (inserted) {
        Process p;
        p.pid = IdValue::string(m_b.intern(root.uuid == 0 ? std::string("global") : trackKey(root.uuid)));
        p.name = root.uuid == 0 ? "Global" : (root.name.empty() ? "Track " + std::to_string(root.uuid) : root.name);
        m_processes.push_back(p);
    }
    return it->second;
}

void TrackTable::nameProcess(int32_t pid, std::string_view name)
{
    if (name.empty())
        return;
    const uint32_t index = processForPid(pid);
    m_processes[index].name.assign(name);
    applyProcessInfo(index);
}

void TrackTable::nameThread(int32_t pid, int64_t tid, std::string_view name)
{
    if (name.empty())
        return;
    Placement* p = legacyThread(pid, tid);
    p->name = m_b.intern(name);
    if (p->thread != UINT32_MAX)
        m_b.setThreadName(p->thread, p->name);
}

void TrackTable::applyProcessInfo(uint32_t index)
{
    Process& p = m_processes[index];
    if (!p.id.valid())
        return;
    if (!p.name.empty())
        m_b.setProcessName(p.id, m_b.intern(p.name));
    if (!p.labels.empty())
        m_b.setProcessLabels(p.id, m_b.intern(p.labels));
    if (p.hasSortIndex)
        m_b.setProcessSortIndex(p.id, p.sortIndex);
}

Placement* TrackTable::find(uint64_t uuid)
{
    auto it = m_placements.find(uuid);
    return it == m_placements.end() ? nullptr : &it->second;
}

Placement* TrackTable::legacyThread(int32_t pid, int64_t tid)
{
    auto [it, inserted] = m_legacyThreads.try_emplace({ pid, tid });
    if (inserted) {
        it->second.process = processForPid(pid);
        it->second.tid = IdValue::number(tid);
        it->second.sortIndex = static_cast<int32_t>(m_nextOrdinal++);
    }
    return &it->second;
}

Placement* TrackTable::forcePlace(uint64_t uuid)
{
    if (Placement* p = find(uuid))
        return p;
    if (!m_descriptors.count(uuid)) {
        if (uuid != 0)
            m_b.diagnostics().report("perfetto_track_undefined",
                "track " + std::to_string(uuid)
                    + " is used by events but never described; placed as a top-level track");
        Descriptor d;
        d.uuid = uuid;
        d.name = uuid == 0 ? "Global" : "";
        d.ordinal = m_nextOrdinal++;
        m_descriptors.emplace(uuid, d);
    }
    tryPlace(uuid, true);
    return find(uuid);
}

std::vector<uint64_t> TrackTable::placeWaiting()
{
    std::vector<uint64_t> placed;
    std::vector<uint64_t> waiting;
    for (const auto& [parent, children] : m_waiting)
        waiting.insert(waiting.end(), children.begin(), children.end());
    m_waiting.clear();
    for (uint64_t uuid : waiting)
        if (!m_placements.count(uuid) && tryPlace(uuid, true))
            placed.push_back(uuid);
    return placed;
}

ProcessId TrackTable::process(Placement& p)
{
    Process& proc = m_processes[p.process];
    if (!proc.id.valid()) {
        proc.id = m_b.process(proc.pid);
        applyProcessInfo(p.process);
    }
    return proc.id;
}

uint32_t TrackTable::thread(Placement& p)
{
    if (p.thread == UINT32_MAX) {
        p.thread = m_b.thread(process(p), p.tid);
        if (p.name.valid())
            m_b.setThreadName(p.thread, p.name);
        m_b.setThreadSortIndex(p.thread, p.sortIndex);
    }
    return p.thread;
}

} // namespace strata::importers::perfetto
