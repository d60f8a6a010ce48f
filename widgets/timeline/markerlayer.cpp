#include "markerlayer.h"

#include "markersnapper.h"

#include <common/themepalette.h>

#include <state/annotationsmodel.h>
#include <state/selection.h>

#include <QGuiApplication>
#include <QMenu>
#include <QPainter>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <optional>

namespace strata::widgets {

using model::Marker;
using model::MarkerAnchor;
using model::MarkerId;
using store::TimeNs;

namespace {

constexpr int kMaxFlagWidth = 160;

struct Placement {
    TimeNs time = 0;
    std::optional<MarkerAnchor> anchor;
    MarkerSnapper::Result snapped;
};

// Where a marker dropped at `time` with the pointer at widget `y` goes: inside the trace, on
// the nearest slice edge of the row under y (else of any row) when snapping finds one; an
// anchor remembers that edge for re-imports.
Placement place(
    const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& f, TimeNs time, int y, bool snap)
{
    const store::TimeRange ext = store.extent();
    Placement p;
    p.time = std::clamp(time, ext.start, std::max(ext.start, ext.end));
    if (!snap)
        return p;
    const MarkerSnapper::Result s = MarkerSnapper::snap(store, layout, f, p.time, y);
    p.snapped = s;
    if (s.snapped()) {
        p.time = s.time;
        p.anchor = MarkerAnchor::of(store, s.slice, s.end ? MarkerAnchor::Edge::End : MarkerAnchor::Edge::Start);
    }
    return p;
}

bool visible(const TimelineFrame& f, double x)
{
    return x >= f.canvas.left() - 1 && x <= f.canvas.right() + 1;
}

} // namespace

void MarkerLayer::setModel(model::AnnotationsModel* model, QWidget* view)
{
    QObject::disconnect(m_changed);
    QObject::disconnect(m_selectedChanged);
    m_model = model;
    m_drag = MarkerId();
    if (model && view) {
        m_changed = QObject::connect(model, &model::AnnotationsModel::changed, view, qOverload<>(&QWidget::update));
        m_selectedChanged
            = QObject::connect(model, &model::AnnotationsModel::selectedChanged, view, qOverload<>(&QWidget::update));
    }
    if (view)
        view->update();
}

QRectF MarkerLayer::flagRect(const TimelineFrame& f, const Marker& m, const QFont& font) const
{
    const QFontMetrics fm(font);
    const double w = std::min(kMaxFlagWidth, fm.horizontalAdvance(m.name) + 10);
    // In the flag strip above the tick labels; without one, at the top of the ruler.
    const QRect lane = f.flags.isEmpty() ? f.ruler : f.flags;
    const double h = std::min(lane.height() - (f.flags.isEmpty() ? 6 : 2), fm.height() + 2);
    const double x = std::floor(f.xOf(m.time));
    QRectF r(x, lane.top() + (f.flags.isEmpty() ? 2 : 1), w, h);
    if (r.right() > f.ruler.right() + 1) // no room on the right: the flag hangs to the left of its line
        r.moveRight(x + 1);
    return r;
}

MarkerId MarkerLayer::hitTest(const TimelineFrame& f, QPoint pos, const QFont& font) const
{
    if (!m_model)
        return {};
    const std::vector<Marker>& markers = m_model->markers();
    // Flags first, in front-to-back order: the selected one is painted last, on top.
    if (const Marker* sel = m_model->find(m_model->selected());
        sel && visible(f, f.xOf(sel->time)) && flagRect(f, *sel, font).contains(pos))
        return sel->id;
    for (auto it = markers.rbegin(); it != markers.rend(); ++it) {
        if (visible(f, f.xOf(it->time)) && flagRect(f, *it, font).contains(pos))
            return it->id;
    }
    if (pos.y() < f.ruler.top() || pos.y() > f.canvas.bottom() || pos.x() < f.canvas.left())
        return {};
    MarkerId best;
    double bestDx = kGrabPx + 0.5;
    for (const Marker& m : markers) {
        const double dx = std::abs(pos.x() - std::floor(f.xOf(m.time)));
        if (dx < bestDx) {
            bestDx = dx;
            best = m.id;
        }
    }
    return best;
}

void MarkerLayer::paint(QPainter& p, const TimelineFrame& f, const QPalette& pal, const QFont& font) const
{
    if (!m_model || m_model->markers().empty())
        return;
    const MarkerId selected = m_model->selected();
    const QFontMetrics fm(font);
    p.save();
    p.setFont(font);
    const auto draw = [&](const Marker& m) {
        const double x = std::floor(f.xOf(m.time));
        if (!visible(f, x))
            return;
        const bool sel = m.id == selected;
        const QColor c = QColor::fromRgb(m.rgb);
        p.fillRect(QRectF(sel ? x - 1 : x, f.ruler.top(), sel ? 3 : 1, f.canvas.bottom() + 1 - f.ruler.top()), c);
        const QRectF flag = flagRect(f, m, font);
        p.fillRect(flag, c);
        if (sel) {
            p.setPen(QPen(pal.color(QPalette::WindowText), 1));
            p.drawRect(flag.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        p.setPen(ThemePalette::textOn(c));
        p.drawText(flag.adjusted(5, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(m.name, Qt::ElideRight, int(flag.width()) - 9));
    };
    for (const Marker& m : m_model->markers()) {
        if (m.id != selected)
            draw(m);
    }
    if (const Marker* sel = m_model->find(selected))
        draw(*sel);
    p.restore();
}

MarkerId MarkerLayer::addAt(
    const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& f, TimeNs time, int y, bool snap)
{
    if (!m_model)
        return {};
    const Placement pl = place(store, layout, f, time, y, snap);
    const MarkerId id = m_model->add(pl.time, pl.anchor);
    m_model->setSelected(id);
    return id;
}

bool MarkerLayer::removeSelected()
{
    return m_model && m_model->remove(m_model->selected());
}

bool MarkerLayer::press(const TimelineFrame& f, QPoint pos, const QFont& font)
{
    const MarkerId id = hitTest(f, pos, font);
    if (!id.valid())
        return false;
    m_model->setSelected(id);
    m_drag = id;
    m_snap = MarkerSnapper::Result();
    m_grabDx = pos.x() - f.xOf(m_model->find(id)->time);
    return true;
}

void MarkerLayer::dragTo(
    const store::EventStore& store, const TimelineLayout& layout, const TimelineFrame& f, QPoint pos, bool snap)
{
    if (!m_model || !m_model->find(m_drag))
        return;
    const Placement pl = place(store, layout, f, f.timeAt(pos.x() - m_grabDx), pos.y(), snap);
    m_snap = pl.snapped;
    m_model->move(m_drag, pl.time, pl.anchor);
}

bool MarkerLayer::release()
{
    const bool was = m_drag.valid();
    cancelDrag();
    return was;
}

void MarkerLayer::cancelDrag()
{
    m_drag = MarkerId();
    m_snap = MarkerSnapper::Result();
}

QMenu* MarkerLayer::createMenu(QWidget* parent, const store::EventStore& store, const TimelineLayout& layout,
    const TimelineFrame& f, QPoint pos, const QFont& font, const model::Selection* selection)
{
    if (!m_model)
        return nullptr;
    auto* menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("timelineContextMenu"));
    QPointer<model::AnnotationsModel> annotations = m_model;
    const bool snap = !(QGuiApplication::keyboardModifiers() & Qt::AltModifier);
    const Placement here = place(store, layout, f, f.timeAt(pos.x()), pos.y(), snap);
    QAction* add = menu->addAction(QObject::tr("Add marker here"), [annotations, here] {
        if (annotations)
            annotations->setSelected(annotations->add(here.time, here.anchor));
    });
    add->setShortcut(QKeySequence(Qt::Key_M));
    add->setObjectName(QStringLiteral("addMarkerAction"));
    // Some desktops take Alt+right-click for themselves: the free placement is offered too.
    if (here.anchor) {
        const TimeNs exact = place(store, layout, f, f.timeAt(pos.x()), pos.y(), /*snap*/ false).time;
        QAction* free = menu->addAction(QObject::tr("Add marker exactly here (no snapping)"), [annotations, exact] {
            if (annotations)
                annotations->setSelected(annotations->add(exact));
        });
        free->setObjectName(QStringLiteral("addMarkerFreeAction"));
    }
    if (selection && selection->hasTimeSelection()) {
        const store::TimeRange range = selection->timeSelection();
        QAction* pair = menu->addAction(QObject::tr("Markers from time selection"), [annotations, range] {
            if (annotations)
                annotations->setSelected(annotations->addPair(range).second);
        });
        pair->setObjectName(QStringLiteral("markersFromSelectionAction"));
    }
    if (const Marker* m = m_model->find(hitTest(f, pos, font))) {
        menu->addSeparator();
        const MarkerId id = m->id;
        QAction* remove = menu->addAction(QObject::tr("Remove marker “%1”").arg(m->name), [annotations, id] {
            if (annotations)
                annotations->remove(id);
        });
        remove->setShortcut(QKeySequence(Qt::Key_Delete));
        remove->setObjectName(QStringLiteral("removeMarkerAction"));
    }
    return menu;
}

} // namespace strata::widgets
