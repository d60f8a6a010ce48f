#include "annotationsmodel.h"

#include <algorithm>
#include <numeric>

namespace strata::model {

using store::TimeNs;
using store::TimeRange;

namespace {

// Distinct on light and dark backgrounds, in the order new markers take them.
constexpr quint32 kColors[] = { 0xe6194b, 0x1f8a3b, 0x4363d8, 0xf58231, 0x911eb4, 0x0a9396, 0xd6336c, 0x9a6324 };

bool byTime(const Marker& a, const Marker& b)
{
    return a.time != b.time ? a.time < b.time : a.id.v < b.id.v;
}

} // namespace

AnnotationsModel::AnnotationsModel(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<MarkerId>();
}

const Marker* AnnotationsModel::find(MarkerId id) const
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_markers[size_t(i)];
}

Marker* AnnotationsModel::findMutable(MarkerId id)
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_markers[size_t(i)];
}

int AnnotationsModel::indexOf(MarkerId id) const
{
    if (!id.valid())
        return -1;
    for (size_t i = 0; i < m_markers.size(); ++i) {
        if (m_markers[i].id == id)
            return int(i);
    }
    return -1;
}

void AnnotationsModel::sortAndNotify()
{
    // Sorted through an index: a handful of markers, and swapping Markers in place makes
    // GCC 12 warn falsely about the optional anchor.
    std::vector<size_t> order(m_markers.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [this](size_t a, size_t b) { return byTime(m_markers[a], m_markers[b]); });
    std::vector<Marker> sorted;
    sorted.reserve(m_markers.size());
    for (size_t i : order)
        sorted.push_back(std::move(m_markers[i]));
    m_markers = std::move(sorted);
    ++m_revision;
    emit changed();
}

MarkerId AnnotationsModel::add(TimeNs time, std::optional<MarkerAnchor> anchor, const QString& name)
{
    Marker m;
    m.id = MarkerId(m_nextId++);
    m.name = name.isEmpty() ? QStringLiteral("M%1").arg(m.id.v) : name;
    m.time = time;
    m.rgb = kColors[(m.id.v - 1) % std::size(kColors)];
    m.anchor = std::move(anchor);
    m_markers.push_back(std::move(m));
    const MarkerId id = m_markers.back().id;
    sortAndNotify();
    return id;
}

std::pair<MarkerId, MarkerId> AnnotationsModel::addPair(TimeRange range)
{
    if (range.end < range.start)
        std::swap(range.start, range.end);
    const MarkerId a = add(range.start);
    const MarkerId b = add(range.end);
    setDiffVs(b, a);
    return { a, b };
}

bool AnnotationsModel::remove(MarkerId id)
{
    const int i = indexOf(id);
    if (i < 0)
        return false;
    m_markers.erase(m_markers.begin() + i);
    for (Marker& m : m_markers) {
        if (m.diffVs == id)
            m.diffVs = MarkerId();
    }
    if (m_selected == id) {
        m_selected = MarkerId();
        emit selectedChanged(m_selected);
    }
    sortAndNotify();
    return true;
}

bool AnnotationsModel::rename(MarkerId id, const QString& name)
{
    Marker* m = findMutable(id);
    const QString trimmed = name.trimmed();
    if (!m || trimmed.isEmpty() || m->name == trimmed)
        return false;
    m->name = trimmed;
    sortAndNotify();
    return true;
}

bool AnnotationsModel::move(MarkerId id, TimeNs time, std::optional<MarkerAnchor> anchor)
{
    Marker* m = findMutable(id);
    if (!m || (m->time == time && m->anchor == anchor))
        return false;
    m->time = time;
    m->anchor = std::move(anchor);
    sortAndNotify();
    return true;
}

bool AnnotationsModel::setColor(MarkerId id, quint32 rgb)
{
    Marker* m = findMutable(id);
    rgb &= 0xffffff;
    if (!m || m->rgb == rgb)
        return false;
    m->rgb = rgb;
    sortAndNotify();
    return true;
}

bool AnnotationsModel::setDiffVs(MarkerId id, MarkerId other)
{
    Marker* m = findMutable(id);
    if (!m || other == id || (other.valid() && indexOf(other) < 0) || m->diffVs == other)
        return false;
    m->diffVs = other;
    sortAndNotify();
    return true;
}

void AnnotationsModel::clear()
{
    replace(MarkerSet());
}

void AnnotationsModel::setSelected(MarkerId id)
{
    if (indexOf(id) < 0)
        id = MarkerId();
    if (id == m_selected)
        return;
    m_selected = id;
    emit selectedChanged(m_selected);
}

std::optional<TimeNs> AnnotationsModel::deltaToPrevious(MarkerId id) const
{
    const int i = indexOf(id);
    if (i <= 0)
        return std::nullopt;
    return m_markers[size_t(i)].time - m_markers[size_t(i) - 1].time;
}

std::optional<TimeNs> AnnotationsModel::diffVsDelta(MarkerId id) const
{
    const Marker* m = find(id);
    const Marker* other = m ? find(m->diffVs) : nullptr;
    if (!other)
        return std::nullopt;
    return m->time - other->time;
}

std::optional<TimeRange> AnnotationsModel::pairRange(MarkerId id) const
{
    const Marker* m = find(id);
    const Marker* other = m ? find(m->diffVs) : nullptr;
    if (!other)
        return std::nullopt;
    return TimeRange { std::min(m->time, other->time), std::max(m->time, other->time) };
}

int AnnotationsModel::resolveAnchors(const store::EventStore& store)
{
    int moved = 0;
    for (Marker& m : m_markers) {
        if (!m.anchor)
            continue;
        const store::SliceRow row = m.anchor->resolve(store);
        if (!row.valid())
            continue;
        const TimeNs t = m.anchor->edgeTime(store, row);
        if (t != m.time) {
            m.time = t;
            ++moved;
        }
    }
    if (moved)
        sortAndNotify();
    return moved;
}

MarkerSet AnnotationsModel::snapshot() const
{
    return { m_markers, m_selected };
}

void AnnotationsModel::replace(MarkerSet set)
{
    const bool wasEmpty = m_markers.empty();
    m_markers = std::move(set.markers);
    m_nextId = 1;
    for (const Marker& m : m_markers)
        m_nextId = std::max(m_nextId, m.id.v + 1);
    const MarkerId selected = indexOf(set.selected) >= 0 ? set.selected : MarkerId();
    if (!(wasEmpty && m_markers.empty()))
        sortAndNotify();
    if (selected != m_selected) {
        m_selected = selected;
        emit selectedChanged(m_selected);
    }
}

bool AnnotationsModel::saveFile(const QString& path, QString* error) const
{
    return AnnotationsFile::write(path, snapshot(), error);
}

bool AnnotationsModel::loadFile(const QString& path, QString* error)
{
    std::optional<MarkerSet> set = AnnotationsFile::read(path, error);
    if (!set)
        return false;
    replace(std::move(*set));
    return true;
}

} // namespace strata::model
