#pragma once
#include "idlegaps.h"
#include "workintervals.h"

#include <analysis/time/windowrule.h>
#include <store/eventstore.h>
#include <store/workkind.h>

#include <atomic>
#include <vector>

namespace strata::analysis {

class LaunchIndex;

// The time breakdown's index, built once per profile: for every engine (a device thread
// track with its overflow lanes), every device (the process holding engines) and the rank
// (the whole file), the unions of its work by kind (WorkIntervals), and per engine its idle
// gaps with their causes (IdleGaps). Every slice of an engine, at every depth, counts with
// its store::WorkClassifier kind (sync and host kinds count as "other").
//
// Any window's breakdown of an engine, a device or the rank is then O(log N) (two binary
// searches per part), cheap enough for a dock to ask on every viewport change; any other
// set of device tracks (tracks()) unites its engines' intervals inside the window, O(k log k)
// in the intervals there. Built in one pass per engine over the finished store's sorted
// rows (store::Parallel across engines). Memory: 24 bytes per union interval per part.
class BreakdownIndex {
public:
    // Slices are clipped to the window; every figure is a union (BreakdownTimes).
    static constexpr WindowRule kWindowRule = WindowRule::Clipped;
    // Holistic Trace Analysis's default: a gap under 30 ns is launch overhead (kernel wait).
    static constexpr store::TimeNs kDefaultThresholdNs = 30;

    struct Engine {
        store::TrackId track; // the thread track (its overflow lanes are folded in)
        uint32_t device = 0; // index into devices()
        store::WorkKind kind = store::WorkKind::Compute; // what its name says, else its most time
        WorkIntervals work;
        IdleGaps gaps;
    };
    struct Device {
        store::ProcessId process;
        std::vector<uint32_t> engines; // indexes into engines(), in track order
        WorkIntervals work;
    };

    BreakdownIndex() = default;
    // `launches` ties device work to its launch call for the host-wait test; without it no
    // gap is host wait. `thresholdNs` is the kernel-wait threshold queries are fastest at.
    // Stops early (and is left empty) when *cancel turns true.
    explicit BreakdownIndex(const store::EventStore& store, const LaunchIndex* launches = nullptr,
        store::TimeNs thresholdNs = kDefaultThresholdNs, const std::atomic<bool>* cancel = nullptr);

    // False when the store has no device work: every answer is then zero.
    bool hasDeviceWork() const { return !m_rank.empty(); }
    const std::vector<Engine>& engines() const { return m_engines; }
    const std::vector<Device>& devices() const { return m_devices; }
    // The engine of a device track or of one of its overflow lanes; -1 for any other track.
    int engineOf(store::TrackId track) const;
    // All device work of the file.
    const WorkIntervals& rankWork() const { return m_rank; }

    // The breakdown over `window` (absolute), idle causes with kernel wait under thresholdNs.
    BreakdownTimes rank(store::TimeRange window, store::TimeNs thresholdNs = kDefaultThresholdNs) const;
    BreakdownTimes device(
        uint32_t device, store::TimeRange window, store::TimeNs thresholdNs = kDefaultThresholdNs) const;
    BreakdownTimes engine(
        uint32_t engine, store::TimeRange window, store::TimeNs thresholdNs = kDefaultThresholdNs) const;
    // Any set of tracks (those that are not device tracks are ignored): the engines' work
    // united inside the window. A whole device or the whole rank is answered from its index.
    // Idle causes: an engine's add up to its idle; a device's, a rank's and a set's are the
    // sums over their engines (BreakdownTimes).
    BreakdownTimes tracks(const std::vector<store::TrackId>& tracks, store::TimeRange window,
        store::TimeNs thresholdNs = kDefaultThresholdNs) const;

    store::TimeNs threshold() const { return m_threshold; }
    size_t residentBytes() const;

private:
    IdleCauses causes(const std::vector<uint32_t>& engines, store::TimeRange window, store::TimeNs thresholdNs) const;
    IdleCauses engineCauses(uint32_t engine, store::TimeRange window, store::TimeNs thresholdNs) const;
    void buildEngine(const store::EventStore& store, const LaunchIndex* launches,
        const std::vector<std::vector<store::TrackId>>& lanes, const std::vector<uint8_t>& typeKind, Engine& engine);

    std::vector<Engine> m_engines;
    std::vector<Device> m_devices;
    std::vector<int32_t> m_engineOfTrack; // per track: engine index or -1
    std::vector<uint32_t> m_allEngines; // 0..engines-1
    WorkIntervals m_rank;
    store::TimeNs m_threshold = kDefaultThresholdNs;
};

} // namespace strata::analysis
