#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/summary/summaryresult.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <memory>

namespace strata::widgets {

// Runs SummaryCalculator::compute — the function strata-cli summary prints — on the thread
// pool, off the GUI thread. Every request and every new profile bumps a generation; a
// result whose generation is no longer the latest is dropped, so a burst of requests shows
// only the last one and a result never lands on another profile.
class SummaryComputer : public QObject {
    Q_OBJECT
public:
    explicit SummaryComputer(QObject* parent = nullptr);

    // Either may be null (no profile, or its index is still being built): no requests then.
    // `breakdown` may be null (still being built): device busy is then the sum over the
    // device tracks, and becomes each device's union once it is given (as strata-cli's).
    void setAnalysis(std::shared_ptr<const store::EventStore> store,
        std::shared_ptr<const analysis::SummaryIndex> index,
        std::shared_ptr<const analysis::BreakdownIndex> breakdown = nullptr);
    bool canCompute() const { return m_store && m_index; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    const std::shared_ptr<const analysis::SummaryIndex>& index() const { return m_index; }
    const std::shared_ptr<const analysis::BreakdownIndex>& breakdown() const { return m_breakdown; }

    void request(store::TimeRange window); // absolute; ignored when !canCompute()
    bool isBusy() const { return m_pending; } // the latest request has not arrived yet
    int inFlight() const { return m_job.inFlight(); } // computations still running, stale ones too
    quint64 droppedCount() const { return m_job.dropped(); }

signals:
    void ready(std::shared_ptr<const analysis::TraceSummary> summary);

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::SummaryIndex> m_index;
    std::shared_ptr<const analysis::BreakdownIndex> m_breakdown;
    model::LatestJob m_job;
    bool m_pending = false;
};

} // namespace strata::widgets
