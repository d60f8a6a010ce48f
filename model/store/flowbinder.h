#pragma once
#include "diagnostics.h"
#include "eventstore.h"
#include "rawevents.h"

#include <cstdint>
#include <vector>

namespace strata::store {

// Turns the flow points StoreBuilder collected into the store's flow edges, once every
// track and slice row is final. A v1 point (s/t/f) names a thread and a time and binds to
// a slice there: the deepest one enclosing the time, or (an f without bp:e) the first one
// starting at or after it. A v2 point names its slice already. The points of one key are
// then paired start → steps → end into edges; points left without a partner are counted.
class FlowBinder {
public:
    FlowBinder(const EventStore& store, Diagnostics& diagnostics);

    // Binds and pairs the v1 points, then frees them. threadTrack: raw thread → its Thread
    // track, which its overflow lanes follow.
    void addV1(std::vector<FlowV1Point>& points, const std::vector<TrackId>& threadTrack);
    // Pairs the v2 points, rows[i] being point i's slice (invalid when it has none), then
    // frees both.
    void addV2(std::vector<FlowV2Point>& points, std::vector<SliceRow> rows);
    // addV1 and addV2 at once, on two cores: v1 and v2 keys never pair with each other, so
    // each side pairs into its own edges, and v2's follow v1's as when called in turn.
    void addBoth(std::vector<FlowV1Point>& v1, const std::vector<TrackId>& threadTrack, std::vector<FlowV2Point>& v2,
        std::vector<SliceRow> rows);
    // The edges sorted by (from, to), and their indices sorted by `to`.
    void finish(std::vector<FlowEdge>& edges, std::vector<uint32_t>& byTo);

private:
    struct Tally {
        uint64_t noStart = 0, noEnd = 0, stepNoStart = 0;
    };

    // Binds one thread's v1 points (in time order) to rows of that thread's track and its
    // overflow lanes: bound[point] = the row.
    void bindThread(const std::vector<FlowV1Point>& v1, const std::vector<uint32_t>& points,
        const std::vector<TrackId>& threadTrack, std::vector<SliceRow>& bound) const;
    template <typename P, typename Row, typename Phase>
    static void walk(P* first, P* last, Row row, Phase phase, std::vector<FlowEdge>& edges, Tally& t);
    template <typename P, typename Row, typename Phase, typename Ts>
    void pair(std::vector<P>& points, Row row, Phase phase, Ts ts);

    const EventStore& m_s;
    Diagnostics& m_diag;
    std::vector<FlowEdge> m_edges;
    Tally m_tally;
};

} // namespace strata::store
