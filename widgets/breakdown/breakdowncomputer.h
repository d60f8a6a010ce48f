#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/breakdownresult.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <memory>

namespace strata::widgets {

// Runs BreakdownCalculator::compute — the function strata-cli breakdown prints — on the
// thread pool, off the GUI thread, for the Time Breakdown dock. A result whose request is no
// longer the latest (another window, another profile) is dropped by the LatestJob, so a
// burst of requests shows only the last and a result never lands on another profile.
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
    bool isBusy() const { return m_pending; } // the latest request has not arrived yet

signals:
    void ready(std::shared_ptr<const analysis::RankBreakdown> breakdown);

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::BreakdownIndex> m_index;
    model::LatestJob m_job;
    bool m_pending = false;
};

} // namespace strata::widgets
