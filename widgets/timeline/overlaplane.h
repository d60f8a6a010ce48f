#pragma once
#include "eventtooltip.h"
#include "imagekey.h"
#include "timelinelayout.h"

#include <analysis/breakdown/overlaplaneindex.h>

#include <QColor>
#include <QImage>
#include <QPalette>

#include <memory>
#include <vector>

namespace strata::widgets {

// The timeline's overlap lane: one row above each device's tracks coloured by what the
// device does at each pixel (OverlapLaneIndex's states, in the Time Breakdown's colours),
// and its hover card. As the track images, a lane's image is built once per (visible range,
// width, device pixel ratio, style) from the index, O(width × log N), and replayed; no paint
// loops over events.
class OverlapLane {
public:
    using State = analysis::OverlapLaneIndex::State;
    static constexpr int kPad = 3; // above and below the bar, inside TimelineLayout::kLaneHeight

    void setIndex(std::shared_ptr<const analysis::OverlapLaneIndex> index);
    const std::shared_ptr<const analysis::OverlapLaneIndex>& index() const { return m_index; }
    // Per ProcessId, 1 for a device that gets a lane row; empty without an index or when
    // `shown` is false.
    std::vector<uint8_t> processes(size_t processCount, bool shown) const;

    // Makes the images of `lanes` (Lane rows) current for the key.
    void prepare(const std::vector<const LayoutRow*>& lanes, store::TimeRange visible, int widthPx, qreal dpr,
        quint64 style, const QPalette& pal);
    const QImage& image(const LayoutRow& lane) const { return m_images[size_t(m_index->laneOf(lane.process))]; }
    int builds() const { return m_builds; }

    // The hover card over `pixel` (the time range under the pointer's pixel): its state, that
    // state's time, and every state's time in it with its colour, as a legend.
    TooltipContent tooltip(const store::EventStore& store, const LayoutRow& lane, store::TimeRange pixel) const;
    static QColor colorOf(State s, const QPalette& pal);
    static QString nameOf(State s);

private:
    using Key = ImageKey;
    void render(size_t lane, const Key& key, const QPalette& pal);

    std::shared_ptr<const analysis::OverlapLaneIndex> m_index;
    std::vector<QImage> m_images; // per lane of the index
    std::vector<uint8_t> m_current; // per lane: drawn for m_key
    Key m_key;
    int m_builds = 0;
};

} // namespace strata::widgets
