#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/breakdownresult.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <memory>
#include <vector>

namespace strata::widgets {

// Runs BreakdownCalculator::compute — the function strata-cli breakdown prints — on the
// thread pool, off the GUI thread, for the Time Breakdown dock, and the stretches of one
// bar segment longest first (WorkIntervals::segmentIntervals: a sort over the window's
// intervals, which on a whole large trace is too long for the GUI thread). A result whose
// request is no longer the latest (another window, another profile) is dropped by its
// LatestJob, so a burst of requests shows only the last and a result never lands on another
// profile.
class BreakdownComputer : public QObject {
    Q_OBJECT
public:
    explicit BreakdownComputer(QObject* parent = nullptr);

    // Either may be null (no profile, or its index is still being built): no requests then.
    void setAnalysis(
        std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::BreakdownIndex> index);
    bool canCompute() const { return m_store && m_index; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    const std::shared_ptr<const analysis::BreakdownIndex>& index() const { return m_index; }

    void request(store::TimeRange window); // absolute; ignored when !canCompute()
    bool isBusy() const { return m_pending || m_segmentPending; } // the latest request has not arrived yet

    using Intervals = std::shared_ptr<const std::vector<analysis::IntervalSet::Interval>>;
    // One segment of a device (engine -1) or of one of its engines (index into the device's
    // engines) inside the window, longest first: segmentReady() with the same arguments.
    void requestSegment(int device, int engine, analysis::BreakdownSegment segment, store::TimeRange window);

signals:
    void ready(std::shared_ptr<const analysis::RankBreakdown> breakdown);
    void segmentReady(
        int device, int engine, analysis::BreakdownSegment segment, store::TimeRange window, Intervals intervals);

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::BreakdownIndex> m_index;
    model::LatestJob m_job;
    model::LatestJob m_segmentJob;
    bool m_pending = false;
    bool m_segmentPending = false;
};

} // namespace strata::widgets
