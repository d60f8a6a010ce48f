#pragma once
#include <state/marker.h>
#include <state/statefwd.h>
#include <store/types.h>

#include <QAbstractTableModel>

#include <vector>

namespace strata::widgets {

// The Annotations dock's table: one row per marker, in time order (the AnnotationsModel's
// order). Times are relative to the start of the trace. The Zoom checkbox of a row with a
// Diff-vs marker shows the timeline exactly the pair's interval; it reads as checked while
// the view still is that interval, and unchecking it goes back to the view before.
class AnnotationsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Zoom, Color, Name, Time, DeltaPrevious, DiffVs, DiffDelta, ColumnCount };
    static constexpr int kMarkerIdRole = Qt::UserRole + 1; // the row's MarkerId, as uint
    static constexpr qint64 kNoMarker = -1; // Diff vs EditRole: none

    AnnotationsTableModel(model::AnnotationsModel* annotations, model::Viewport* viewport, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    model::MarkerId markerAt(int row) const;
    int rowOf(model::MarkerId id) const;
    model::AnnotationsModel* annotations() const { return m_annotations; }

private:
    void onMarkersChanged();
    bool isZoomed(model::MarkerId id) const;

    model::AnnotationsModel* m_annotations;
    model::Viewport* m_viewport;
    std::vector<model::MarkerId> m_ids; // the rows as last announced to views
    model::MarkerId m_zoomed; // the row whose checkbox set the view
    store::TimeRange m_zoomedRange; // the view it set
};

} // namespace strata::widgets
