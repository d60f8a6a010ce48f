#include "breakdowncomputer.h"

#include <analysis/breakdown/breakdowncalculator.h>

namespace strata::widgets {

using BreakdownPtr = std::shared_ptr<const analysis::RankBreakdown>;

BreakdownComputer::BreakdownComputer(QObject* parent)
    : QObject(parent)
{
}

void BreakdownComputer::setAnalysis(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::BreakdownIndex> index)
{
    m_store = std::move(store);
    m_index = std::move(index);
    m_job.cancel(); // whatever is still running belongs to the previous profile
    m_segmentJob.cancel();
    m_pending = false;
    m_segmentPending = false;
}

void BreakdownComputer::request(store::TimeRange window)
{
    if (!canCompute())
        return;
    m_pending = true;
    // The work owns references to the store and index: they outlive a profile switch.
    m_job.run(
        this,
        [store = m_store, index = m_index, window](const std::atomic<bool>&) -> BreakdownPtr {
            return std::make_shared<const analysis::RankBreakdown>(
                analysis::BreakdownCalculator::compute(*store, *index, window));
        },
        [this](BreakdownPtr breakdown) {
            m_pending = false;
            emit ready(std::move(breakdown));
        });
}

void BreakdownComputer::requestSegment(
    int device, int engine, analysis::BreakdownSegment segment, store::TimeRange window)
{
    if (!canCompute() || device < 0 || size_t(device) >= m_index->devices().size())
        return;
    if (engine >= int(m_index->devices()[size_t(device)].engines.size()))
        return;
    m_segmentPending = true;
    m_segmentJob.run(
        this,
        [index = m_index, device, engine, segment, window](const std::atomic<bool>&) -> Intervals {
            const analysis::BreakdownIndex::Device& d = index->devices()[size_t(device)];
            const analysis::WorkIntervals& work
                = engine < 0 ? d.work : index->engines()[d.engines[size_t(engine)]].work;
            return std::make_shared<const std::vector<analysis::IntervalSet::Interval>>(
                work.segmentIntervals(segment, window));
        },
        [this, device, engine, segment, window](Intervals intervals) {
            m_segmentPending = false;
            emit segmentReady(device, engine, segment, window, std::move(intervals));
        });
}

} // namespace strata::widgets
