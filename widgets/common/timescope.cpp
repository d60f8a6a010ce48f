#include "timescope.h"

#include <common/unitformat.h>

#include <state/selection.h>
#include <state/viewport.h>

namespace strata::widgets {

TimeScope::TimeScope(model::Selection* selection, model::Viewport* viewport, QObject* parent)
    : QObject(parent)
    , m_selection(selection)
    , m_viewport(viewport)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &TimeScope::changed);
    if (m_viewport)
        connect(m_viewport, &model::Viewport::visibleChanged, this, &TimeScope::onMoved);
    if (m_selection)
        connect(m_selection, &model::Selection::timeSelectionChanged, this, &TimeScope::onMoved);
}

void TimeScope::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    m_debounce.stop();
    emit changed();
}

void TimeScope::onMoved()
{
    if (m_mode == Mode::CurrentSelection)
        m_debounce.start();
}

store::TimeRange TimeScope::window() const
{
    if (m_mode == Mode::WholeTrace)
        return { store::kTimeMin, store::kTimeMax };
    if (m_selection && m_selection->hasTimeSelection())
        return m_selection->timeSelection();
    if (m_viewport)
        return m_viewport->visible();
    return { store::kTimeMin, store::kTimeMax };
}

std::optional<store::TimeRange> TimeScope::relativeRange() const
{
    if (m_mode == Mode::WholeTrace)
        return std::nullopt;
    const store::TimeRange w = window();
    const store::TimeNs origin = m_viewport ? m_viewport->traceRange().start : 0;
    return store::TimeRange { w.start - origin, w.end - origin };
}

QString TimeScope::describe() const
{
    if (m_mode == Mode::WholeTrace)
        return tr("whole trace");
    const store::TimeRange r = *relativeRange();
    const QString span
        = tr("%1 – %2 (%3)")
              .arg(UnitFormat::duration(r.start), UnitFormat::duration(r.end), UnitFormat::duration(r.duration()));
    return m_selection && m_selection->hasTimeSelection() ? tr("time selection %1").arg(span)
                                                          : tr("visible window %1").arg(span);
}

} // namespace strata::widgets
