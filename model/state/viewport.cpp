#include "viewport.h"

#include <algorithm>
#include <cmath>

namespace strata::model {

Viewport::Viewport(QObject* parent)
    : QObject(parent)
{
}

void Viewport::setTraceRange(TimeRange range)
{
    if (range.end <= range.start)
        range.end = range.start + kMinSpanNs;
    m_trace = range;
    m_back.clear();
    m_forward.clear();
    m_lastWasStep = false;
    m_visible = range;
    emit visibleChanged(m_visible);
}

TimeRange Viewport::clamp(TimeRange r) const
{
    TimeNs span = std::max<TimeNs>(r.end - r.start, kMinSpanNs);
    const TimeNs traceSpan = m_trace.end - m_trace.start;
    if (span >= traceSpan)
        return m_trace;
    if (r.end - r.start < kMinSpanNs) { // keep the centre when widening to the minimum
        const TimeNs mid = r.start + (r.end - r.start) / 2;
        r.start = mid - span / 2;
    }
    TimeNs start = std::clamp(r.start, m_trace.start, m_trace.end - span);
    return { start, start + span };
}

void Viewport::setVisible(TimeRange range, Nav nav)
{
    const TimeRange r = clamp(range);
    if (r.start == m_visible.start && r.end == m_visible.end)
        return;
    if (nav == Nav::Jump || !m_lastWasStep) {
        m_back.push_back(m_visible);
        if (m_back.size() > 200)
            m_back.erase(m_back.begin());
    }
    m_forward.clear();
    m_lastWasStep = nav == Nav::Step;
    m_visible = r;
    emit visibleChanged(m_visible);
}

void Viewport::zoom(double factor, TimeNs anchor, Nav nav)
{
    if (!(factor > 0))
        return;
    const double span = double(m_visible.end - m_visible.start);
    const double left = double(anchor - m_visible.start) / span;
    const double newSpan = std::max(double(kMinSpanNs), span * factor);
    const auto start = static_cast<TimeNs>(std::llround(double(anchor) - left * newSpan));
    setVisible({ start, start + static_cast<TimeNs>(std::llround(newSpan)) }, nav);
}

void Viewport::pan(TimeNs delta, Nav nav)
{
    setVisible({ m_visible.start + delta, m_visible.end + delta }, nav);
}

void Viewport::reset()
{
    setVisible(m_trace, Nav::Jump);
}

bool Viewport::back()
{
    if (m_back.empty())
        return false;
    m_forward.push_back(m_visible);
    m_visible = m_back.back();
    m_back.pop_back();
    m_lastWasStep = false;
    emit visibleChanged(m_visible);
    return true;
}

bool Viewport::forward()
{
    if (m_forward.empty())
        return false;
    m_back.push_back(m_visible);
    m_visible = m_forward.back();
    m_forward.pop_back();
    m_lastWasStep = false;
    emit visibleChanged(m_visible);
    return true;
}

void Viewport::setTimeAxisFrame(AxisFrame frame)
{
    if (!frame.valid())
        frame = AxisFrame();
    if (frame == m_axisFrame)
        return;
    m_axisFrame = frame;
    emit timeAxisFrameChanged();
}

} // namespace strata::model
