#include "timelinewidget.h"

#include "timelinekeyrouter.h"
#include "timelinekeys.h"

#include "eventplace.h"
#include "keyhelp.h"
#include "measureoverlay.h"
#include "notshownnote.h"
#include "timelinenavigator.h"
#include "timeruler.h"
#include "tracklabels.h"
#include <analysis/timeline/lodindex.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <analysis/notshown/notshowntext.h>
#include <state/session.h>
#include <state/trackfilter.h>

#include <QApplication>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using model::EventRef;
using model::Viewport;
using store::TimeNs;
using store::TimeRange;

TimelineWidget::TimelineWidget(model::Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_viewport(session->viewport())
    , m_selection(session->selection())
    , m_filter(session->trackFilter())
    , m_labelWidth(TrackLabels::kDefaultWidth)
    , m_axisFrame(new AxisFramePublisher(this, m_viewport, [this] { return frame().canvas; }))
{
    setObjectName(QStringLiteral("timeline"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(360, 160);
    // Any menu that opens (this one's context menu, the menu bar, another dock's) would
    // otherwise open under a hover card that no longer follows the pointer.
    qApp->installEventFilter(this);
    new TimelineKeyRouter(this); // W/A/S/D reach the timeline under the mouse from any dock
    m_markers.setModel(session->annotations(), this);
    connect(m_viewport, &Viewport::visibleChanged, this, [this] {
        if (m_mouseInside && m_mouse.drag() == TimelineMouse::Drag::None)
            updateHover(m_mousePos);
        update();
    });
    connect(m_selection, &model::Selection::currentChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::hoveredChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::timeSelectionChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::highlightChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::measureChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::flowDepthChanged, this, qOverload<>(&QWidget::update));
    connect(m_selection, &model::Selection::revealRequested, this, &TimelineWidget::revealEvent);
    connect(m_filter, &model::TrackFilter::changed, this, &TimelineWidget::relayout);
    session->follow(
        this, [this] { setStore(m_session->store()); }, [this] { takeIndex(); });
    session->followIndex<analysis::OverlapLaneIndex>(this, [this](std::shared_ptr<const analysis::OverlapLaneIndex> i) {
        m_lane.setIndex(std::move(i));
        relayout();
    });
    connect(
        TimelineTogglePreference::overlapLane(), &TimelineTogglePreference::changed, this, &TimelineWidget::relayout);
    session->followIndex<analysis::JobIndex>(this, [this](std::shared_ptr<const analysis::JobIndex> i) {
        m_skew.setIndex(std::move(i));
        relayout();
    });
    connect(TimelineTogglePreference::skewStrip(), &TimelineTogglePreference::changed, this, &TimelineWidget::relayout);
    m_bands.follow(this, session->findings(), [this] { return m_store; });
    connect(session, &model::Session::trackRevealRequested, this, &TimelineWidget::revealTrack);
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setStore(std::shared_ptr<const store::EventStore> store)
{
    m_store = std::move(store);
    m_lod.reset();
    m_lane.setIndex(nullptr);
    m_skew.setIndex(nullptr);
    m_processRank = m_store ? TimelineLayout::processRanks(*m_store) : std::vector<int>();
    takeIndex();
    m_images.clear();
    m_overview.invalidate();
    m_tablesReady = false;
    if (TypeTables::buildOnWorker(m_store.get())) {
        m_tables = TypeTables();
        m_tablesJob.run(
            this,
            [store = m_store](const std::atomic<bool>&) {
                TypeTables t;
                t.build(store.get());
                return t;
            },
            [this, store = m_store](TypeTables t) {
                if (store != m_store)
                    return;
                m_tables = std::move(t);
                m_tablesReady = true;
                update();
            },
            model::LatestJob::Priority::Interactive);
    } else {
        m_tablesJob.cancel();
        m_tables.build(m_store.get());
        m_tablesReady = true;
    }
    m_scrollY = 0;
    m_hover = TooltipContent();
    m_hoverRow = -1;
    m_keyHelp = false;
    m_mouse.reset();
    m_markers.cancelDrag();
    m_notShown = m_store ? QString::fromStdString(analysis::NotShownText::sentence(*m_store)) : QString();
    m_drawable = !m_store || analysis::NotShownText::drawable(*m_store);
    relayout();
    if (m_store) {
        const TimeRange ext = m_store->extent();
        const TimeRange tr = m_viewport->traceRange();
        if (tr.start != ext.start || tr.end != std::max(ext.end, ext.start + Viewport::kMinSpanNs))
            m_viewport->setTraceRange(ext);
    }
    update();
}

void TimelineWidget::takeIndex()
{
    const std::shared_ptr<const analysis::LodIndex> lod = m_session->analyses()->get<analysis::LodIndex>();
    if (!lod || lod == m_lod || !m_store || &lod->store() != m_store.get())
        return;
    m_lod = lod;
    update();
}

void TimelineWidget::relayout()
{
    m_layout.build(m_store.get(), m_filter, m_lane.processes(m_store ? m_store->processCount() : 0, overlapLaneShown()),
        m_processRank);
    // Rows may move: the instant lines' dashes baked into the track images follow content y.
    ++m_styleGeneration;
    setScrollY(m_scrollY);
    m_axisFrame->publish(); // the skew strip, shown or not, moves the canvas's top
    update();
}

bool TimelineWidget::overlapLaneShown() const
{
    return m_lane.index() && TimelineTogglePreference::overlapLane()->shows(m_lane.index()->hasCommunication());
}

bool TimelineWidget::skewStripShown() const
{
    return m_skew.hasCollectives() && TimelineTogglePreference::skewStrip()->shows();
}

QRect TimelineWidget::overlapLaneRect(store::ProcessId process) const
{
    const int row = m_layout.rowOfLane(process);
    const TimelineFrame f = frame();
    return row < 0 ? QRect()
                   : QRect(f.canvas.left(), f.originY() + m_layout.rows()[size_t(row)].y + OverlapLane::kPad,
                       f.canvas.width(), TimelineLayout::kLaneHeight - 2 * OverlapLane::kPad);
}

void TimelineWidget::setLabelWidth(int w)
{
    // frame() also keeps it under half the widget, whatever the widget's size later.
    m_labelWidth = std::clamp(w, TrackLabels::kMinWidth, 1200);
    m_axisFrame->publish();
    update();
}

void TimelineWidget::setScrollY(int y)
{
    const int maxY = std::max(0, m_layout.contentHeight() - frame().canvas.height());
    const int clamped = std::clamp(y, 0, maxY);
    if (clamped != m_scrollY) {
        m_scrollY = clamped;
        update();
    }
}

TimelineFrame TimelineWidget::frame() const
{
    TimelineFrame::Parts parts;
    parts.size = size();
    parts.labelWidth = m_labelWidth;
    parts.minLabelWidth = TrackLabels::kMinWidth;
    parts.overview = kOverviewHeight;
    parts.ruler = kRulerHeight;
    // A strip for the marker flags while there are markers.
    const bool flags = m_markers.model() && !m_markers.model()->markers().empty();
    parts.flags = flags ? QFontMetrics(labelFont()).height() + 4 : 0;
    parts.banner = notShownAsBanner() ? NotShownNote::kBannerHeight : 0;
    parts.skew = skewStripShown() ? SkewStrip::kHeight : 0;
    parts.visible = m_viewport->visible();
    parts.scrollY = m_scrollY;
    return TimelineFrame::of(parts);
}

QFont TimelineWidget::labelFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.92);
    return f;
}

QRectF TimelineWidget::eventRect(EventRef e) const
{
    if (!m_store)
        return {};
    const TimelineFrame f = frame();
    return TimelineOverlay(*m_store, m_layout, f, m_tables.colors, palette()).eventRect(e);
}

QColor TimelineWidget::sliceColor(store::SliceRow r) const
{
    if (!m_store || !m_tablesReady || r.v >= m_store->sliceCount())
        return {};
    return QColor::fromRgb(m_tables.colors.sliceColor(m_store->sliceType(r), m_store->sliceTrack(r)));
}

void TimelineWidget::setKeyHelpVisible(bool on)
{
    m_keyHelp = on;
    update();
}

// --- painting

std::vector<QRect> TimelineWidget::paintTracks(
    QPainter& p, const TimelineFrame& f, const std::vector<RulerTick>& ticks, const std::vector<int>& instantLines)
{
    const auto [first, last] = m_layout.rowsIn(f.scrollY, f.scrollY + f.canvas.height());
    std::vector<const LayoutRow*> tracks, lanes; // tracks, and collapsed processes drawn as a summary
    for (int i = first; i < last; ++i) {
        const LayoutRow& row = m_layout.rows()[i];
        if (row.kind == LayoutRow::Kind::Track || row.collapsed)
            tracks.push_back(&row);
        else if (row.kind == LayoutRow::Kind::Lane)
            lanes.push_back(&row);
    }
    m_lane.prepare(lanes, { f.t0, f.t1 }, f.canvas.width(), devicePixelRatioF(), m_styleGeneration, palette());
    TrackRenderer::Context ctx;
    ctx.store = m_store.get();
    ctx.lod = m_lod.get();
    ctx.colors = &m_tables.colors;
    ctx.labels = &m_tables.labels;
    ctx.t0 = f.t0;
    ctx.t1 = f.t1;
    ctx.widthPx = f.canvas.width();
    ctx.dpr = devicePixelRatioF();
    ctx.font = labelFont();
    ctx.palette = palette();
    for (const RulerTick& t : ticks) {
        if (t.major)
            ctx.gridX.push_back(t.x);
    }
    ctx.instantLineX = instantLines;
    m_images.prepare(tracks, ctx, m_styleGeneration);

    const TimelineStyle st = TimelineStyle::from(palette());
    std::vector<QRect> bands;
    for (int i = first; i < last; ++i) {
        const LayoutRow& row = m_layout.rows()[i];
        const int y = f.originY() + row.y;
        if (row.kind == LayoutRow::Kind::Track || row.collapsed || row.kind == LayoutRow::Kind::Lane) {
            const QImage& image = row.kind == LayoutRow::Kind::Lane ? m_lane.image(row) : m_images.image(row);
            p.drawImage(QPointF(f.canvas.left(), y), image); // separator included
        } else {
            const QRect band(f.canvas.left(), y, f.canvas.width(), row.height);
            p.fillRect(band, st.header);
            p.fillRect(QRect(f.canvas.left(), y + row.height - 1, f.canvas.width(), 1), st.separator);
            bands.push_back(band);
        }
        if (row.rankStart)
            p.fillRect(QRect(f.canvas.left(), y, f.canvas.width(), TrackLabels::kRankLine), TrackLabels::rankLine(st));
    }
    return bands;
}

void TimelineWidget::paintCorner(QPainter& p, const TimelineFrame& f, const QString& rulerOrigin)
{
    const QString trace = QStringLiteral("Trace  %1").arg(UnitFormat::duration(m_store->extent().duration()));
    const QString view = rulerOrigin.isEmpty() ? QStringLiteral("Visible  %1").arg(UnitFormat::duration(f.t1 - f.t0))
                                               : QStringLiteral("From  %1").arg(rulerOrigin);
    TrackLabels::paintCorner(p, f.corner, f.overview.height(), trace, view, palette(), labelFont());
    p.fillRect(QRect(f.corner.right() + 1, f.overview.bottom(), width(), 1), TimelineStyle::from(palette()).border);
    p.fillRect(QRect(f.corner.right() + 1, f.ruler.bottom(), width(), 1), TimelineStyle::from(palette()).border);
}

void TimelineWidget::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    const QPalette& pal = palette();
    const TimelineFrame f = frame();
    // A big store opened without an LOD index (the session builds it) or with many types
    // (m_tablesJob builds their tables): repainted when they are in.
    if (!m_store || !hasIndex()) {
        p.fillRect(rect(), pal.color(QPalette::Base));
        p.setPen(TimelineStyle::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.55));
        p.drawText(rect(), Qt::AlignCenter, m_store ? tr("Indexing the timeline…") : tr("No profile open"));
        m_lastFrameMs = timer.nsecsElapsed() / 1e6;
        emit painted();
        return;
    }
    const auto ticks = TimeRuler::compute(f.t0, f.t1, m_store->extent().start, f.canvas.width());

    p.setClipRect(f.canvas);
    TimelineOverlay overlay(*m_store, m_layout, f, m_tables.colors, pal);
    const std::vector<int> instantLines = overlay.globalInstantColumns();
    // The rows cover the canvas down to the content's end with opaque images (background,
    // grid and instant lines included) and header bands; only the rest is filled here.
    const QRect rest(QPoint(f.canvas.left(), std::max(f.canvas.top(), f.originY() + m_layout.contentHeight())),
        f.canvas.bottomRight());
    if (!rest.isEmpty()) {
        const TimelineStyle st = TimelineStyle::from(pal);
        p.fillRect(rest, st.base);
        for (const RulerTick& t : ticks.ticks) {
            if (t.major)
                p.fillRect(QRectF(rest.left() + std::floor(t.x), rest.top(), 1, rest.height()), st.grid);
        }
    }
    std::vector<QRect> unbaked = paintTracks(p, f, ticks.ticks, instantLines); // header bands
    unbaked.push_back(rest);
    overlay.paintGlobalInstantLines(p, instantLines, unbaked);
    if (!m_drawable && !m_notShown.isEmpty())
        NotShownNote::paintCentred(p, f.canvas, m_notShown, pal, font());

    if (findingBandsShown())
        m_bands.paint(p, m_layout, m_filter, f, pal);
    overlay.paintHighlights(p, *m_selection, m_images);
    const EventRef current = m_selection->current(), hovered = m_selection->hovered();
    if (hovered.valid() && hovered != current)
        overlay.paintOutline(p, hovered, false);
    if (current.valid()) {
        if (current.kind == EventRef::Kind::Slice)
            overlay.paintFlows(p, store::SliceRow(current.row), m_selection->flowDepth());
        overlay.paintOutline(p, current, true);
    }
    const MeasureOverlay measure(*m_store, overlay, f, pal, labelFont());
    if (m_selection->measure().valid()) {
        overlay.paintOutline(p, m_selection->measure(), true);
        measure.paintMeasure(p, *m_selection);
    }
    p.setClipping(false);

    TrackLabels::paint(p, f.labels, f.originY(), m_layout, *m_store, pal, labelFont(), m_hoverRow);
    // The ruler carries one pill: the time selection's duration, else the time under the cursor.
    const TimelineMouse::Drag drag = m_mouse.drag();
    const bool cursorInCanvas = m_mouseInside && f.canvas.contains(m_mousePos);
    QString pillText;
    double pillX = 0;
    if (m_selection->hasTimeSelection()) {
        const TimeRange sel = m_selection->timeSelection();
        pillText = UnitFormat::duration(sel.duration());
        pillX = (f.xOf(sel.start) + f.xOf(sel.end)) / 2;
    } else if (cursorInCanvas && drag == TimelineMouse::Drag::None) {
        pillText = UnitFormat::time(
            f.timeAt(m_mousePos.x()) - m_store->extent().start, std::max<TimeNs>(1, ticks.step / 100));
        pillX = m_mousePos.x();
    }
    const QRectF pill = pillText.isEmpty() ? QRectF() : overlay.rulerPill(pillX, pillText, labelFont());
    p.fillRect(f.ruler, pal.color(QPalette::Window));
    p.setFont(labelFont());
    TimeRuler::paint(p, f.rulerTicks(), ticks, pal, labelFont(), pill);
    m_overview.paint(p, f.overview, *m_store, *m_lod, m_viewport->visible(), pal, devicePixelRatioF());
    paintCorner(p, f, ticks.origin);
    if (!f.banner.isEmpty())
        NotShownNote::paintBanner(p, f.banner, m_notShown, pal, labelFont());
    m_skew.paint(p, f, devicePixelRatioF(), m_styleGeneration, pal, labelFont());

    p.setClipRect(QRect(f.ruler.topLeft(), f.canvas.bottomRight()));
    if (cursorInCanvas && (drag == TimelineMouse::Drag::None || drag == TimelineMouse::Drag::Select))
        overlay.paintCursor(p, m_mousePos.x());
    if (m_selection->hasTimeSelection())
        overlay.paintTimeSelection(p, m_selection->timeSelection());
    m_markers.paint(p, f, pal, labelFont());
    if (m_markers.isDragging()) { // over the marker's own line, which sits on the same edge
        p.save();
        p.setClipRect(f.canvas);
        measure.paintSnappedEdge(p, m_markers.snappedEdge());
        p.restore();
    }
    if (!pill.isNull())
        overlay.paintRulerPill(p, pill, pillText, m_selection->hasTimeSelection());
    p.setClipping(false);
    overlay.paintScrollThumb(p, m_layout.contentHeight(), drag == TimelineMouse::Drag::Scrollbar);

    if (!m_hover.empty() && drag == TimelineMouse::Drag::None && !m_keyHelp)
        EventTooltip::paint(p, m_hover, m_mousePos, f.canvas.united(f.labels), pal, labelFont());
    if (m_keyHelp)
        KeyHelp::paint(p, f.canvas, pal, font());
    m_lastFrameMs = timer.nsecsElapsed() / 1e6;
    emit painted();
}

void TimelineWidget::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    setScrollY(m_scrollY);
}

void TimelineWidget::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::PaletteChange || e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) {
        ++m_styleGeneration;
        m_overview.invalidate();
        update();
    }
    QWidget::changeEvent(e);
}

// --- navigation

TimeNs TimelineWidget::anchorTime() const
{
    const TimelineFrame f = frame();
    if (m_mouseInside && f.canvas.contains(m_mousePos))
        return f.timeAt(m_mousePos.x());
    return f.t0 + (f.t1 - f.t0) / 2;
}

bool TimelineWidget::addMarker()
{
    if (!m_store)
        return false;
    m_markers.addAt(*m_store, m_layout, frame(), anchorTime(), anchorY(), /*snap*/ true);
    update();
    return true;
}

TimelineNavigator TimelineWidget::navigator() const
{
    return TimelineNavigator(m_viewport, frame().canvas.width());
}

void TimelineWidget::scrollToRow(int row, int depth)
{
    if (row < 0)
        return;
    const LayoutRow& r = m_layout.rows()[row];
    const int y = r.kind == LayoutRow::Kind::Track ? TimelineLayout::sliceTop(r, uint32_t(std::max(0, depth))) : r.y;
    const int view = frame().canvas.height();
    if (y < m_scrollY || y + TimelineLayout::kRowPitch > m_scrollY + view)
        setScrollY(y - view / 3);
}

void TimelineWidget::revealTrack(store::TrackId track)
{
    if (!m_store || track.v >= m_store->trackCount())
        return;
    const store::ProcessId p = m_store->track(track).process;
    if (m_filter && p.valid() && m_filter->isCollapsed(p))
        m_filter->setCollapsed(p, false); // relayouts at once
    const int row = m_layout.revealRow(*m_store, track);
    if (row >= 0)
        setScrollY(m_layout.rows()[size_t(row)].y);
}

void TimelineWidget::revealEvent(EventRef e)
{
    const std::optional<EventPlace> place = m_store ? EventPlace::of(*m_store, e) : std::nullopt;
    if (!place)
        return;
    navigator().reveal(place->range);
    if (place->track.valid()) {
        const store::ProcessId p = m_store->track(place->track).process;
        if (m_filter && p.valid() && m_filter->isCollapsed(p))
            m_filter->setCollapsed(p, false);
        scrollToRow(m_layout.rowOfTrack(place->track), place->depth);
    }
    update();
}

// --- input

TimelineOverlay::Hit TimelineWidget::hitTest(QPoint pos) const
{
    if (!m_store)
        return {};
    const TimelineFrame f = frame();
    return TimelineOverlay(*m_store, m_layout, f, m_tables.colors, palette()).hitTest(pos);
}

void TimelineWidget::updateHover(QPoint pos)
{
    const TimelineOverlay::Hit h = hitTest(pos);
    m_hoverRow = h.row;
    m_selection->setHovered(h.event);
    const TimelineFrame f = frame();
    TooltipContent band = findingBandsShown() ? m_bands.hover(m_layout, m_filter, f, pos, palette()) : TooltipContent();
    m_hover = f.skew.contains(pos) || f.skewLabel.contains(pos) ? m_skew.hover(*m_store, f, pos, palette())
        : !band.empty()                                         ? std::move(band)
                        : TimelineOverlay(*m_store, m_layout, f, m_tables.colors, palette()).card(h, pos, m_lane);
    update();
}

void TimelineWidget::clearHover()
{
    m_hover = TooltipContent();
    m_hoverRow = -1;
    m_selection->setHovered(EventRef());
    update();
}

bool TimelineWidget::event(QEvent* e)
{
    // Plain keys of the timeline win over application shortcuts while it has focus.
    if (e->type() == QEvent::ShortcutOverride && TimelineKeys::claimsShortcut(*static_cast<QKeyEvent*>(e))) {
        e->accept();
        return true;
    }
    return QWidget::event(e);
}

bool TimelineWidget::eventFilter(QObject* watched, QEvent* e)
{
    if (e->type() == QEvent::Show && !m_hover.empty() && qobject_cast<QMenu*>(watched))
        clearHover();
    return QWidget::eventFilter(watched, e);
}

void TimelineWidget::keyPressEvent(QKeyEvent* e)
{
    if (m_keys.press(e))
        e->accept();
    else
        QWidget::keyPressEvent(e);
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* e)
{
    m_mouseInside = true;
    m_mousePos = e->position().toPoint();
    m_mouse.move(e);
}

QMenu* TimelineWidget::createContextMenu(QPoint pos)
{
    const TimelineFrame f = frame();
    if (!m_store || !(f.canvas.contains(pos) || f.ruler.contains(pos)))
        return nullptr;
    return m_markers.createMenu(this, *m_store, m_layout, f, pos, labelFont(), m_selection);
}

void TimelineWidget::contextMenuEvent(QContextMenuEvent* e)
{
    if (QMenu* menu = createContextMenu(e->pos())) {
        clearHover();
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(e->globalPos());
    }
}

void TimelineWidget::leaveEvent(QEvent* e)
{
    QWidget::leaveEvent(e);
    m_mouseInside = false;
    if (m_mouse.drag() == TimelineMouse::Drag::None)
        clearHover();
}

} // namespace strata::widgets
