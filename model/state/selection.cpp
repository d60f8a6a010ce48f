#include "selection.h"

#include <algorithm>

namespace strata::model {

Selection::Selection(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<EventRef>();
}

void Selection::setCurrent(EventRef e, bool reveal)
{
    const bool wasLatest = currentIsLatest();
    if (e.valid())
        m_currentStamp = ++m_stamp;
    if (e != m_current) {
        clearMeasure(); // measured from the event that was current
        m_current = e;
        emit currentChanged(m_current);
        emit scopeChanged();
    } else if (!wasLatest && currentIsLatest()) {
        emit scopeChanged();
    }
    if (reveal && e.valid())
        emit revealRequested(e);
}

void Selection::setHovered(EventRef e)
{
    if (e == m_hovered)
        return;
    m_hovered = e;
    emit hoveredChanged(m_hovered);
}

void Selection::setMeasure(EventRef e)
{
    if (!m_current.valid() || e == m_current)
        e = EventRef();
    if (e == m_measure)
        return;
    m_measure = e;
    emit measureChanged(m_measure);
}

void Selection::clearMeasure()
{
    setMeasure(EventRef());
}

void Selection::setTimeSelection(store::TimeRange r)
{
    if (r.end < r.start)
        std::swap(r.start, r.end);
    if (m_hasTime && r.start == m_time.start && r.end == m_time.end)
        return;
    m_time = r;
    m_hasTime = true;
    m_timeStamp = ++m_stamp;
    emit timeSelectionChanged();
    emit scopeChanged();
}

void Selection::clearTimeSelection()
{
    if (!m_hasTime)
        return;
    m_hasTime = false;
    emit timeSelectionChanged();
    emit scopeChanged();
}

void Selection::setHighlighted(RowSet rows, const QString& label)
{
    setHighlighted(std::move(rows), nullptr, label);
}

void Selection::setHighlighted(RowSet rows, InstantSet instants, const QString& label)
{
    m_highlight = std::move(rows);
    m_highlightInstants = std::move(instants);
    m_highlightLabel = label;
    emit highlightChanged();
}

void Selection::clearHighlighted()
{
    if (!m_highlight && !m_highlightInstants)
        return;
    m_highlight.reset();
    m_highlightInstants.reset();
    m_highlightLabel.clear();
    emit highlightChanged();
}

void Selection::setHighlightDimsOthers(bool on)
{
    if (on == m_dimOthers)
        return;
    m_dimOthers = on;
    emit highlightChanged();
}

void Selection::setFlowDepth(int depth)
{
    depth = std::clamp(depth, 1, kMaxFlowDepth);
    if (depth == m_flowDepth)
        return;
    m_flowDepth = depth;
    emit flowDepthChanged(m_flowDepth);
}

void Selection::requestSource(EventRef e)
{
    if (e.valid())
        emit sourceRequested(e);
}

bool Selection::isHighlighted(store::SliceRow r) const
{
    return m_highlight && std::binary_search(m_highlight->begin(), m_highlight->end(), r);
}

void Selection::clear()
{
    setCurrent(EventRef());
    setHovered(EventRef());
    clearTimeSelection();
    clearHighlighted();
}

} // namespace strata::model
