#pragma once
#include "collectiveresult.h"
#include "profilersteps.h"

#include <analysis/breakdown/breakdowntimes.h>
#include <store/joblayout.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace strata::analysis {

class BreakdownIndex;
class LaunchIndex;

// One rank's row of the rank table, beside its part in the collectives
// (CollectiveAnalysis::ranks): the figures `strata-cli ranks` prints per rank from the rank's
// own file, here from the rank's tracks of the merged store.
struct JobRankFigures {
    StepTimes steps; // over CollectiveAnalysis::steps of the rank
    // The rank's device work over the whole trace: BreakdownIndex::tracks() of its device
    // tracks, which for a rank equals what its own file's BreakdownIndex::rank() gives.
    BreakdownTimes breakdown;
    // Where the timeline shows the rank: its first device track, else its first track.
    store::TrackId revealTrack;
};

// The collectives of a job held in one store, for the Ranks dock and the timeline's skew
// strip: the store's JobLayout, the CollectiveAnalysis over its ranks and per rank its table
// row. The store's times are already aligned (the loader shifted them), so the analysis runs
// "as recorded" and the offsets it holds are the layout's (the ones applied).
//
// An index kind (IndexRegistry, name "job", Background stage after the time breakdown's
// index, whose unions give the ranks' breakdowns). For a store that is not a job, build()
// gives an index with an empty layout (isJob() false) rather than none: the registry reads a
// null index as one still to build, and the session's analyses would never be complete.
// Snapshots do not keep it: it is one pass over the ranks' device tracks' depth-0 slices and
// host steps, and the store's launch links for Holistic Trace Analysis's metric.
class JobIndex {
public:
    // With its own launch index and breakdown index (tests, the CLI).
    static std::shared_ptr<const JobIndex> build(const store::EventStore& store);
    // With the profile's indexes (either may be null: then built here); null only when
    // `cancel` was raised.
    static std::shared_ptr<const JobIndex> build(const store::EventStore& store, const LaunchIndex* launches,
        const BreakdownIndex* breakdown, const std::atomic<bool>* cancel = nullptr);

    bool isJob() const { return m_layout.isJob(); }
    const store::JobLayout& layout() const { return m_layout; }
    // The alignment the job was opened with (the layout's); Recorded when it names none known.
    ClockAlignment alignment() const;
    // Ranks are the layout's, in its order; times are the store's.
    const CollectiveAnalysis& analysis() const { return m_analysis; }
    // Per rank of the layout.
    const std::vector<JobRankFigures>& figures() const { return m_figures; }

    // The alignment named `name` ("recorded", "collectives", "first-step": clockAlignmentName).
    static std::optional<ClockAlignment> alignmentNamed(std::string_view name);

private:
    store::JobLayout m_layout;
    CollectiveAnalysis m_analysis;
    std::vector<JobRankFigures> m_figures;
};

} // namespace strata::analysis
