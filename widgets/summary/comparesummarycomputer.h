#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/compare/enginematcher.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/summary/summaryresult.h>
#include <state/latestjob.h>
#include <store/eventstore.h>

#include <QObject>

#include <memory>
#include <vector>

namespace strata::widgets {

// The summaries of two profiles' windows and their engines paired (EngineMatcher), computed
// together on the thread pool — SummaryComputer's idiom for the A | B | Δ mode: every request
// and every new input bumps a generation, and a result overtaken by a newer one is dropped.
class CompareSummaryComputer : public QObject {
    Q_OBJECT
public:
    struct Side {
        std::shared_ptr<const store::EventStore> store;
        std::shared_ptr<const analysis::SummaryIndex> index;
        std::shared_ptr<const analysis::BreakdownIndex> breakdown; // null: device busy sums tracks
    };
    struct Result {
        std::shared_ptr<const analysis::TraceSummary> a, b;
        std::vector<analysis::EngineMatcher::Pair> pairs;
    };

    explicit CompareSummaryComputer(QObject* parent = nullptr);

    // A side without a store or index (not open, index still being built) means no requests.
    void setInputs(Side a, Side b);
    bool canCompute() const { return m_a.store && m_a.index && m_b.store && m_b.index; }
    const Side& a() const { return m_a; }
    const Side& b() const { return m_b; }

    // Absolute windows; ignored when !canCompute(). `overrides` go to EngineMatcher first.
    void request(store::TimeRange aWindow, store::TimeRange bWindow,
        std::vector<analysis::EngineMatcher::Override> overrides = {});
    void cancel(); // drops what is running; nothing arrives until the next request
    bool isBusy() const { return m_pending; }

signals:
    void ready(std::shared_ptr<const CompareSummaryComputer::Result> result);

private:
    Side m_a, m_b;
    model::LatestJob m_job;
    bool m_pending = false;
};

} // namespace strata::widgets
