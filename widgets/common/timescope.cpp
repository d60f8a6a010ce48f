#include "timescope.h"

#include <common/unitformat.h>

#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/eventstore.h>

#include <algorithm>

namespace strata::widgets {

TimeScope::TimeScope(model::Session* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_selection(session->selection())
    , m_viewport(session->viewport())
    , m_annotations(session->annotations())
{
    m_debounce.setSingleShot(true);
    connect(&m_debounce, &QTimer::timeout, this, &TimeScope::changed);
    connect(m_viewport, &model::Viewport::visibleChanged, this, [this] {
        if (m_mode == Mode::VisibleRange || m_mode == Mode::CurrentSelection)
            onMoved();
    });
    connect(m_selection, &model::Selection::scopeChanged, this, [this] {
        if (m_mode == Mode::CurrentSelection)
            onMoved();
    });
    connect(m_annotations, &model::AnnotationsModel::changed, this, &TimeScope::onMarkersChanged);
    connect(m_annotations, &model::AnnotationsModel::selectedChanged, this, &TimeScope::onMarkerSelected);
    m_marker = m_annotations->selected();
}

void TimeScope::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    report();
}

void TimeScope::setPace(int quietMs, int maxDelayMs)
{
    m_quietMs = quietMs;
    m_maxDelayMs = maxDelayMs;
}

void TimeScope::discardPending()
{
    m_debounce.stop();
}

void TimeScope::setMarker(model::MarkerId id)
{
    if (id == m_marker)
        return;
    m_marker = id;
    if (m_mode == Mode::MarkerPair)
        report();
}

// A run of moves costs one changed(): after a pause of m_quietMs, or m_maxDelayMs after the
// first of them when that comes sooner.
void TimeScope::onMoved()
{
    if (!m_debounce.isActive())
        m_burst.start();
    int wait = m_quietMs;
    if (m_maxDelayMs > 0) {
        const qint64 left = m_maxDelayMs - m_burst.elapsed();
        if (left <= 0) {
            report();
            return;
        }
        wait = int(std::min<qint64>(wait, left));
    }
    m_debounce.start(wait);
}

void TimeScope::onMarkersChanged()
{
    if (m_marker.valid() && !m_annotations->find(m_marker))
        m_marker = model::MarkerId(); // deleted, or the markers were replaced
    if (m_mode == Mode::MarkerPair)
        onMoved();
}

void TimeScope::onMarkerSelected(model::MarkerId id)
{
    if (id.valid())
        setMarker(id);
}

void TimeScope::report()
{
    m_debounce.stop();
    emit changed();
}

TimeScope::Source TimeScope::source() const
{
    switch (m_mode) {
    case Mode::WholeTrace: return Source::WholeTrace;
    case Mode::VisibleRange: return Source::Visible;
    case Mode::CurrentSelection:
        if (currentSlice().valid())
            return Source::Slice;
        return m_selection->hasTimeSelection() ? Source::TimeSelection : Source::Visible;
    case Mode::MarkerPair: return m_annotations->pairRange(m_marker) ? Source::MarkerPair : Source::None;
    }
    return Source::None;
}

store::TimeRange TimeScope::window() const
{
    switch (source()) {
    case Source::WholeTrace: return { store::kTimeMin, store::kTimeMax };
    case Source::Visible: return m_viewport->visible();
    case Source::TimeSelection: return m_selection->timeSelection();
    case Source::Slice: {
        const store::SliceRow r = currentSlice();
        const store::EventStore& s = *m_session->store();
        return { s.sliceTs(r), s.sliceTs(r) + s.sliceDur(r) };
    }
    case Source::MarkerPair: return *m_annotations->pairRange(m_marker);
    case Source::None: break;
    }
    return {};
}

std::optional<store::TimeRange> TimeScope::relativeRange() const
{
    const Source s = source();
    if (s == Source::WholeTrace || s == Source::None)
        return std::nullopt;
    const store::TimeRange w = window();
    const store::TimeNs origin = m_viewport->traceRange().start;
    return store::TimeRange { w.start - origin, w.end - origin };
}

QString TimeScope::describe() const
{
    const Source s = source();
    if (s == Source::WholeTrace)
        return tr("whole trace");
    if (s == Source::None)
        return tr("no marker pair");
    const store::TimeRange r = *relativeRange();
    const QString span
        = tr("%1 – %2 (%3)")
              .arg(UnitFormat::duration(r.start), UnitFormat::duration(r.end), UnitFormat::duration(r.duration()));
    if (s == Source::TimeSelection)
        return tr("time selection %1").arg(span);
    if (s == Source::Slice)
        return tr("%1 %2").arg(sliceName(), span);
    if (s == Source::MarkerPair)
        return tr("marker pair %1").arg(span);
    return tr("visible window %1").arg(span);
}

store::SliceRow TimeScope::currentSlice() const
{
    const model::EventRef e = m_selection->current();
    const std::shared_ptr<const store::EventStore>& s = m_session->store();
    if (e.kind != model::EventRef::Kind::Slice || !m_selection->currentIsLatest() || !s || e.row >= s->sliceCount())
        return {};
    return store::SliceRow(e.row);
}

QString TimeScope::sliceName() const
{
    const store::SliceRow r = currentSlice();
    if (m_mode != Mode::CurrentSelection || !r.valid())
        return {};
    const store::EventStore& s = *m_session->store();
    return QString::fromUtf8(s.str(s.sliceName(r)).data(), int(s.str(s.sliceName(r)).size()));
}

QString TimeScope::label(Mode mode)
{
    switch (mode) {
    case Mode::WholeTrace: return tr("Whole trace");
    case Mode::VisibleRange: return tr("Visible range");
    case Mode::CurrentSelection: return tr("Current selection");
    case Mode::MarkerPair: return tr("Marker pair");
    }
    return {};
}

QString TimeScope::toolTip(Mode mode)
{
    switch (mode) {
    case Mode::WholeTrace: return tr("Whole trace: every event of the profile");
    case Mode::VisibleRange: return tr("Visible range: what the timeline shows; follows zoom and pan");
    case Mode::CurrentSelection:
        return tr("Current selection: the selected slice's exact extent or the time selection, whichever was set "
                  "last; else the visible window, following zoom and pan");
    case Mode::MarkerPair: return tr("Marker pair: from the selected marker to its Diff vs marker (Annotations dock)");
    }
    return {};
}

} // namespace strata::widgets
