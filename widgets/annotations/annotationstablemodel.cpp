#include "annotationstablemodel.h"

#include <common/unitformat.h>

#include <state/annotationsmodel.h>
#include <state/viewport.h>

#include <QColor>

namespace strata::widgets {

using model::Marker;
using model::MarkerId;
using store::TimeNs;

AnnotationsTableModel::AnnotationsTableModel(
    model::AnnotationsModel* annotations, model::Viewport* viewport, QObject* parent)
    : QAbstractTableModel(parent)
    , m_annotations(annotations)
    , m_viewport(viewport)
{
    for (const Marker& m : m_annotations->markers())
        m_ids.push_back(m.id);
    connect(m_annotations, &model::AnnotationsModel::changed, this, &AnnotationsTableModel::onMarkersChanged);
    if (m_viewport) {
        connect(m_viewport, &model::Viewport::visibleChanged, this, [this] {
            if (!m_ids.empty())
                emit dataChanged(index(0, Zoom), index(rowCount() - 1, Zoom), { Qt::CheckStateRole });
        });
    }
}

void AnnotationsTableModel::onMarkersChanged()
{
    std::vector<MarkerId> ids;
    for (const Marker& m : m_annotations->markers())
        ids.push_back(m.id);
    if (ids == m_ids) { // same rows: renamed, recoloured, re-paired or moved in place
        if (!ids.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_ids = std::move(ids);
    endResetModel();
}

int AnnotationsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int AnnotationsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

MarkerId AnnotationsTableModel::markerAt(int row) const
{
    return row >= 0 && row < int(m_ids.size()) ? m_ids[size_t(row)] : MarkerId();
}

int AnnotationsTableModel::rowOf(MarkerId id) const
{
    for (size_t i = 0; i < m_ids.size(); ++i) {
        if (m_ids[i] == id)
            return int(i);
    }
    return -1;
}

bool AnnotationsTableModel::isZoomed(MarkerId id) const
{
    if (!m_viewport || id != m_zoomed)
        return false;
    const store::TimeRange v = m_viewport->visible();
    return v.start == m_zoomedRange.start && v.end == m_zoomedRange.end;
}

QVariant AnnotationsTableModel::data(const QModelIndex& index, int role) const
{
    const Marker* m = m_annotations->find(markerAt(index.row()));
    if (!m || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    if (role == kMarkerIdRole)
        return m->id.v;
    const TimeNs origin = m_viewport ? m_viewport->traceRange().start : 0;
    const Marker* other = m_annotations->find(m->diffVs);
    switch (Column(index.column())) {
    case Zoom:
        if (role == Qt::CheckStateRole && other)
            return isZoomed(m->id) ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::ToolTipRole)
            return other ? tr("Zoom the timeline to %1 – %2").arg(other->name, m->name)
                         : tr("Pick a Diff vs marker to zoom to the interval between the two");
        return {};
    case Color:
        if (role == Qt::DecorationRole)
            return QColor::fromRgb(m->rgb);
        if (role == Qt::ToolTipRole)
            return tr("%1 — double-click to change the colour").arg(QColor::fromRgb(m->rgb).name());
        return {};
    case Name:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return m->name;
        if (role == Qt::ToolTipRole && m->anchor)
            return tr("On the %1 of “%2” (%3)")
                .arg(m->anchor->edge == model::MarkerAnchor::Edge::End ? tr("end") : tr("start"), m->anchor->event,
                    m->anchor->track);
        return {};
    case Time:
        if (role == Qt::DisplayRole)
            return UnitFormat::precise(m->time - origin);
        break;
    case DeltaPrevious:
        if (role == Qt::DisplayRole) {
            const auto d = m_annotations->deltaToPrevious(m->id);
            return d ? UnitFormat::precise(*d) : QStringLiteral("—");
        }
        break;
    case DiffVs:
        if (role == Qt::DisplayRole)
            return other ? other->name : QStringLiteral("—");
        if (role == Qt::EditRole)
            return other ? qint64(other->id.v) : kNoMarker;
        if (role == Qt::ToolTipRole)
            return tr("Double-click to pick the marker this one is measured against");
        return {};
    case DiffDelta:
        if (role == Qt::DisplayRole) {
            const auto d = m_annotations->diffVsDelta(m->id);
            return d ? UnitFormat::precise(*d) : QStringLiteral("—");
        }
        if (role == Qt::ToolTipRole && other)
            return tr("%1 − %2").arg(m->name, other->name);
        break;
    case ColumnCount: break;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Time && index.column() != DiffVs)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool AnnotationsTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const MarkerId id = markerAt(index.row());
    if (!id.valid())
        return false;
    if (index.column() == Zoom && role == Qt::CheckStateRole && m_viewport) {
        const auto range = m_annotations->pairRange(id);
        if (!range)
            return false;
        if (value.toInt() == Qt::Checked) {
            m_viewport->setVisible(*range, model::Viewport::Nav::Jump);
            m_zoomed = id;
            m_zoomedRange = m_viewport->visible(); // as the viewport clamped it
        } else if (isZoomed(id)) {
            m_zoomed = MarkerId();
            if (!m_viewport->back())
                m_viewport->reset();
        }
        emit dataChanged(this->index(0, Zoom), this->index(rowCount() - 1, Zoom), { Qt::CheckStateRole });
        return true;
    }
    if (role != Qt::EditRole)
        return false;
    if (index.column() == Name)
        return m_annotations->rename(id, value.toString());
    if (index.column() == DiffVs) {
        const qint64 other = value.toLongLong();
        return m_annotations->setDiffVs(id, other < 0 ? MarkerId() : MarkerId(uint32_t(other)));
    }
    return false;
}

Qt::ItemFlags AnnotationsTableModel::flags(const QModelIndex& index) const
{
    const Marker* m = m_annotations->find(markerAt(index.row()));
    if (!m)
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Name || (index.column() == DiffVs && m_annotations->count() > 1))
        f |= Qt::ItemIsEditable;
    if (index.column() == Zoom && m_annotations->find(m->diffVs))
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant AnnotationsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Zoom: return tr("Zoom");
        case Color: return QString();
        case Name: return tr("Name");
        case Time: return tr("Time");
        case DeltaPrevious: return tr("Δ previous");
        case DiffVs: return tr("Diff vs");
        case DiffDelta: return tr("Δt");
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Zoom: return tr("Zoom the timeline to the interval between the marker and its Diff-vs marker");
        case Color: return tr("Colour");
        case Time: return tr("Time from the start of the trace");
        case DeltaPrevious: return tr("Time since the previous marker");
        case DiffVs: return tr("The marker this row is measured against");
        case DiffDelta: return tr("This marker's time minus its Diff-vs marker's");
        default: break;
        }
    }
    return {};
}

} // namespace strata::widgets
