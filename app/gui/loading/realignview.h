#pragma once
#include <state/selection.h>
#include <store/eventstore.h>
#include <store/joblayout.h>

#include <optional>
#include <vector>

namespace strata::model {
class Session;
}

namespace strata::app {

// What the view of a job keeps when the job opens again on another clock alignment (the
// Ranks dock's Clocks box, Session::requestAlignment): the visible range, the time
// selection, the selected slice, the hidden tracks, the collapsed process groups and the
// timeline's scroll position. The new store holds the same ranks with other offsets, so
// what is kept is said by rank: a track or process by its place in its rank's block, the
// selected slice by its rank, track, depth and recorded start (slice rows need not stay).
//
// The visible range and the time selection move with one rank, the anchor: the selected
// slice's rank, else the first rank. Moving with the selected slice keeps what the user is
// looking at where it was on screen while the other ranks slide under it, which is what a
// new alignment is asked for to show; with nothing selected the first rank is the job's
// clock reference (its offset is 0 on every alignment), so the range stays as it was in
// its times. Carried by OpenRequest::keep and put on the session by OpenRequestApplier.
class RealignView {
public:
    // The view of the session's job; none when the open profile is not a job.
    static std::optional<RealignView> capture(const model::Session& session, int scrollY);

    // Puts the view on `session`, which has just opened the same job on another alignment;
    // what it no longer finds (another job, a slice not there) is left as the open left it.
    void apply(model::Session& session) const;

    int scrollY() const { return m_scrollY; }
    // The visible range for a store whose ranks have `offsets` (JobLayout order).
    store::TimeRange visibleFor(const std::vector<store::TimeNs>& offsets) const;

private:
    // A track or process: its rank's index in the layout and its place in the rank's block;
    // rank -1 for those of no rank (the global instant track), then `at` is its id.
    struct Place {
        int rank = -1;
        uint32_t at = 0;
    };
    struct SelectedSlice {
        Place track;
        uint32_t depth = 0;
        store::TimeNs recordedStart = 0; // the store's start plus its rank's offset
    };

    store::TimeNs shiftFor(const std::vector<store::TimeNs>& offsets) const;
    // The selected slice in a store of the job; invalid when it is not there.
    model::EventRef selectedIn(const store::EventStore& store, const store::JobLayout& layout) const;

    std::vector<store::TimeNs> m_offsets; // the captured store's, per rank
    int m_anchor = 0; // index of the rank the range moves with
    store::TimeRange m_visible;
    std::optional<store::TimeRange> m_timeSelection;
    std::optional<SelectedSlice> m_selected;
    bool m_currentLatest = false; // the slice was picked after the time selection
    std::vector<Place> m_hidden; // tracks
    std::vector<Place> m_collapsed; // processes
    int m_scrollY = 0;
};

} // namespace strata::app
