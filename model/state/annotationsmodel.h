#pragma once
#include "annotationsfile.h"
#include "marker.h"

#include <store/eventstore.h>

#include <QObject>

#include <optional>
#include <utility>
#include <vector>

namespace strata::model {

// The markers of the open profile (one instance, injected into every dock), shared by the
// timeline (which draws and drags them) and the Annotations dock (which lists and measures
// them); neither talks to the other. Invariant: markers() is sorted by (time, id), so "the
// previous marker" is the previous row. Every mutation emits changed() once; the selected
// marker is separate state and only emits selectedChanged().
class AnnotationsModel : public QObject {
    Q_OBJECT
public:
    explicit AnnotationsModel(QObject* parent = nullptr);

    const std::vector<Marker>& markers() const { return m_markers; }
    int count() const { return int(m_markers.size()); }
    const Marker* find(MarkerId id) const;
    int indexOf(MarkerId id) const; // -1 when there is no such marker

    // A new marker gets the next free id, the name "M<id>" unless one is given, and the
    // next colour of a fixed cycle.
    MarkerId add(
        store::TimeNs time, std::optional<MarkerAnchor> anchor = std::nullopt, const QString& name = QString());
    // Markers at both ends of a time range; the later one is measured against the earlier.
    std::pair<MarkerId, MarkerId> addPair(store::TimeRange range);
    bool remove(MarkerId id); // markers measured against it then compare with nothing
    bool rename(MarkerId id, const QString& name);
    // anchor: the slice edge the marker now sits on, if it was snapped to one.
    bool move(MarkerId id, store::TimeNs time, std::optional<MarkerAnchor> anchor = std::nullopt);
    bool setColor(MarkerId id, quint32 rgb);
    bool setDiffVs(MarkerId id, MarkerId other); // invalid `other`: none; itself is refused
    void clear();

    MarkerId selected() const { return m_selected; }
    void setSelected(MarkerId id); // an unknown id clears the selection

    // The time from the previous marker (by time) to this one; none for the first.
    std::optional<store::TimeNs> deltaToPrevious(MarkerId id) const;
    // This marker's time minus its Diff-vs marker's; none without a Diff vs.
    std::optional<store::TimeNs> diffVsDelta(MarkerId id) const;
    // [earlier, later] of the marker and its Diff-vs marker.
    std::optional<store::TimeRange> pairRange(MarkerId id) const;

    // Moves every anchored marker to its slice's edge in `store` (a re-import may have
    // shifted it); markers whose slice is gone stay where they were. Returns how many moved.
    int resolveAnchors(const store::EventStore& store);

    MarkerSet snapshot() const;
    void replace(MarkerSet set); // everything at once, as loading does
    bool saveFile(const QString& path, QString* error = nullptr) const;
    // On failure the current markers stay and `error` names the file and the problem.
    bool loadFile(const QString& path, QString* error = nullptr);

    // Bumped by every change of the markers (not of the selection): the sidecar saves
    // when it differs from the revision it last wrote.
    quint64 revision() const { return m_revision; }

signals:
    void changed();
    void selectedChanged(strata::model::MarkerId selected);

private:
    Marker* findMutable(MarkerId id);
    void sortAndNotify();

    std::vector<Marker> m_markers;
    MarkerId m_selected;
    uint32_t m_nextId = 1;
    quint64 m_revision = 0;
};

} // namespace strata::model

Q_DECLARE_METATYPE(strata::model::MarkerId)
